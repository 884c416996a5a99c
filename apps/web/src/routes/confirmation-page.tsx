/** /Book/{propertyCode}/Confirmation/{confirmationToken}: the booking made, printable. */
import { Link } from 'wouter';
import { SUCCESS_MESSAGES } from '@hotel/domain/messages';
import { Loading } from '../components/loading';
import { Notice } from '../components/notice';
import { ConfirmationView } from '../features/reservation/confirmation-view';
import { useConfirmation } from '../features/reservation/reservation-api';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty, useUnitNoun } from '../hooks/use-property';
import { errorText } from '../lib/api-client';
import { bookingEntryUrl, paths } from '../lib/paths';
import { PageTitle } from '../components/layout';

export function ConfirmationPage({ confirmationToken }: { confirmationToken: string }) {
  const { property, config } = useProperty();
  const unit = useUnitNoun();
  const confirmation = useConfirmation(property.PropertyId, confirmationToken);
  useDocumentTitle('Booking confirmation', property.PropertyName);
  const data = confirmation.data;
  const tableHref = config.RestaurantBookingServiceActive
    ? paths.restaurant(
        property.PropertyCode,
        data && { reservation: data.ReservationNumber, arrive: data.DateFrom, depart: data.DateTo, code: confirmationToken },
      )
    : null;

  return (
    <div className="space-y-6">
      <PageTitle>Booking confirmation</PageTitle>
      {confirmation.error !== undefined && (
        <Notice tone="negative" title="Error" live>
          {errorText(confirmation.error, 'We could not find that booking.')}
        </Notice>
      )}
      {data === undefined && confirmation.error === undefined && <Loading label="Loading your confirmation…" />}
      {data !== undefined && (
        <>
          <Notice tone={data.Status === 'Confirmed' ? 'positive' : 'warning'} live>
            <p className="text-lg font-semibold">
              {data.Status === 'Confirmed'
                ? SUCCESS_MESSAGES.bookingMade
                : data.Status === 'Cancelled'
                  ? 'This booking has been cancelled.'
                  : 'Your payment is waiting for your bank.'}
            </p>
            {data.Status === 'Confirmed' && <p>We have sent the confirmation to {data.Booker.Email}.</p>}
          </Notice>
          <ConfirmationView
            confirmation={data}
            unit={unit}
            actions={{ bookTableHref: tableHref, bookAnotherHref: bookingEntryUrl(property.PropertyCode), websiteUrl: property.WebsiteUrl }}
            renderLink={(href, label, className) => (
              <Link href={href} className={className}>
                {label}
              </Link>
            )}
          />
        </>
      )}
    </div>
  );
}
