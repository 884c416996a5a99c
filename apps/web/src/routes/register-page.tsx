/** /Account/Register/{propertyCode}: Create Account. */
import { useLocation } from 'wouter';
import { RegisterForm } from '../features/account/register-form';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty } from '../hooks/use-property';
import { paths } from '../lib/paths';

export function RegisterPage() {
  const { property } = useProperty();
  const [, navigate] = useLocation();
  useDocumentTitle('Create Account', property.PropertyName);
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-3xl font-semibold">Create Account</h1>
      <p>Save your details for faster bookings and manage your stays in one place.</p>
      <div className="rounded-lg border border-gray-300 bg-white p-4 sm:p-6">
        <RegisterForm propertyId={property.PropertyId} onRegistered={() => navigate(paths.book(property.PropertyCode))} />
      </div>
    </div>
  );
}
