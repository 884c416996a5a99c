/** /ManageAccount/{propertyCode}: the user is loaded first; nobody logged in goes to Book. */
import { useId, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Loading } from '../components/loading';
import { AccountDetailsForm } from '../features/account/account-details-form';
import { ChangePasswordForm } from '../features/account/password-forms';
import { savedCardLabel } from '../features/checkout/card-fields';
import { useAccount } from '../hooks/use-account';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty } from '../hooks/use-property';
import { paths } from '../lib/paths';

const box = 'rounded-lg border border-gray-300 bg-white p-4 sm:p-6';

/** A titled part of the page, named by its heading for assistive technology. */
function Section(props: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-xl font-semibold">
        {props.title}
      </h2>
      {props.children}
    </section>
  );
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
      <Section title="Your details">
        <div className={box}>
          <AccountDetailsForm propertyId={property.PropertyId} user={user} />
        </div>
      </Section>
      <Section title="Change Password">
        <div className={box}>
          <ChangePasswordForm propertyId={property.PropertyId} />
        </div>
      </Section>
      <Section title="Saved cards">
        {user.CreditCards.length === 0 ? (
          <p>No saved cards yet. Tick “Save this card for future bookings” when you pay to keep one here.</p>
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
