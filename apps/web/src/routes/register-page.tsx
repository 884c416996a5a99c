/** /Account/Register/{propertyCode}: Create Account. */
import { useLocation } from 'wouter';
import { PageTitle, Panel } from '../components/layout';
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
      <PageTitle>Create Account</PageTitle>
      <p>Save your details for faster bookings and manage your stays in one place.</p>
      <Panel padding="roomy">
        <RegisterForm propertyId={property.PropertyId} onRegistered={() => navigate(paths.book(property.PropertyCode))} />
      </Panel>
    </div>
  );
}
