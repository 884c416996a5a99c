/** /ManageAccount/{propertyCode}: the user's bookings, details, password and saved cards; the user is loaded first, nobody logged in goes to Book. */
import { Redirect } from 'wouter';
import { Loading } from '../components/loading';
import { PageTitle, Panel, Section } from '../components/layout';
import { AccountDetailsForm } from '../features/account/account-details-form';
import { AccountReservations } from '../features/account/account-reservations';
import { ChangePasswordForm } from '../features/account/password-forms';
import { SAVE_CARD_LABEL, savedCardLabel } from '../lib/cards';
import { useAccount } from '../hooks/use-account';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty, usePropertyToday } from '../hooks/use-property';
import { paths } from '../lib/paths';

export function ManageAccountPage() {
  const { property } = useProperty();
  const { user, isLoading } = useAccount(property.PropertyId);
  const today = usePropertyToday();
  useDocumentTitle('Manage Account', property.PropertyName);
  if (isLoading) return <Loading label="Loading your account…" />;
  if (!user) return <Redirect to={paths.book(property.PropertyCode)} replace />;
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <PageTitle>Manage Account</PageTitle>
      <Section title="Your bookings" className="space-y-3">
        <AccountReservations today={today} emailConfirmed={user.EmailConfirmed} />
      </Section>
      <Section title="Your details" className="space-y-3">
        <Panel padding="roomy">
          <AccountDetailsForm propertyId={property.PropertyId} user={user} />
        </Panel>
      </Section>
      <Section title="Change Password" className="space-y-3">
        <Panel padding="roomy">
          <ChangePasswordForm propertyId={property.PropertyId} />
        </Panel>
      </Section>
      <Section title="Saved cards" className="space-y-3">
        {user.CreditCards.length === 0 ? (
          <p>No saved cards yet. Tick “{SAVE_CARD_LABEL}” when you pay to keep one here.</p>
        ) : (
          <ul className="list-inside list-disc">
            {user.CreditCards.map((card) => (
              <li key={card.CreditCardId}>{savedCardLabel(card)}</li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
