/** /ManageAccount/{propertyCode}: the user is loaded first; nobody logged in goes to Book (spec sections 2 and 4). */
import { Redirect } from 'wouter';
import { Loading } from '../components/loading';
import { AccountDetailsForm } from '../features/account/account-details-form';
import { ChangePasswordForm } from '../features/account/password-forms';
import { useAccount } from '../hooks/use-account';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty } from '../hooks/use-property';
import { paths } from '../lib/paths';
import type { SavedCard } from '../types/api';

const box = 'rounded-lg border border-gray-300 bg-white p-4 sm:p-6';

function cardLine(card: SavedCard): string {
  const brand = card.Brand ?? card.CardType ?? 'Card';
  const last4 = card.Last4 ?? card.LastFourDigits;
  const expiry = card.ExpiryMonth && card.ExpiryYear ? `, expires ${String(card.ExpiryMonth).padStart(2, '0')}/${card.ExpiryYear}` : '';
  return `${brand}${last4 ? ` ending ${last4}` : ''}${expiry}`;
}

export function ManageAccountPage() {
  const { property } = useProperty();
  const { user, isLoading } = useAccount(property.PropertyId);
  useDocumentTitle('Manage Account', property.PropertyName);
  if (isLoading) return <Loading label="Loading your account…" />;
  if (!user) return <Redirect to={paths.book(property.PropertyCode)} replace />;
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <h1 className="text-3xl font-semibold">Manage Account</h1>
      <section aria-labelledby="account-details" className="space-y-3">
        <h2 id="account-details" className="text-xl font-semibold">
          Your details
        </h2>
        <div className={box}>
          <AccountDetailsForm propertyId={property.PropertyId} user={user} />
        </div>
      </section>
      <section aria-labelledby="change-password" className="space-y-3">
        <h2 id="change-password" className="text-xl font-semibold">
          Change Password
        </h2>
        <div className={box}>
          <ChangePasswordForm propertyId={property.PropertyId} />
        </div>
      </section>
      <section aria-labelledby="saved-cards" className="space-y-3">
        <h2 id="saved-cards" className="text-xl font-semibold">
          Saved cards
        </h2>
        {user.CreditCards.length === 0 ? (
          <p>No saved cards yet. Tick “Save this card for future bookings” when you pay to keep one here.</p>
        ) : (
          <ul className="list-inside list-disc">
            {user.CreditCards.map((card) => (
              <li key={card.CreditCardId}>{cardLine(card)}</li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
