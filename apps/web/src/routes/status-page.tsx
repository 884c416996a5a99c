/**
 * /Book/{propertyCode}/Status/{confirmationToken}: where a booking lands after Create or the
 * bank's 3-D Secure check. A made booking goes on to its confirmation; one that is not shows
 * the server's message as a negative notification at the top. When it is the
 * booking of the basket (the bank's check), the basket is emptied once it is made, and kept
 * when the bank refused: the guest goes back to the checkout, details and all, as after a
 * declined card.
 */
import { useEffect, useRef } from 'react';
import { Link, Redirect } from 'wouter';
import { buttonClasses } from '../components/button';
import { Loading } from '../components/loading';
import { Notice } from '../components/notice';
import { useToast } from '../components/toast';
import { useReservationStatus } from '../features/reservation/reservation-api';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty } from '../hooks/use-property';
import { errorText } from '../lib/api-client';
import { paths } from '../lib/paths';
import { finishBooking, paymentNotMade, useBookingState } from '../stores/booking-store';
import { PageTitle } from '../components/layout';

export function StatusPage({ confirmationToken }: { confirmationToken: string }) {
  const { property } = useProperty();
  const toast = useToast();
  const status = useReservationStatus(property.PropertyId, confirmationToken);
  const told = useRef<string | null>(null);
  useDocumentTitle('Your booking', property.PropertyName);

  const data = status.data;
  const basketWaited = useBookingState().pendingPayment?.ConfirmationToken === confirmationToken;
  const settled = data !== undefined && data.Status !== 'PendingPayment';
  useEffect(() => {
    if (!basketWaited || !settled) return;
    if (data.Success) finishBooking();
    else paymentNotMade(data.Message);
  }, [basketWaited, settled, data]);
  useEffect(() => {
    if (data === undefined || data.Success || basketWaited || told.current === data.Status) return;
    told.current = data.Status;
    toast.negative(data.Message, 'top');
  }, [data, toast, basketWaited]);

  if (data?.Success) return <Redirect to={paths.confirmation(property.PropertyCode, confirmationToken)} replace />;
  if (basketWaited && settled) return <Redirect to={paths.checkout(property.PropertyCode)} replace />;

  return (
    <div className="space-y-6">
      <PageTitle>Your booking</PageTitle>
      {status.error !== undefined && (
        <Notice tone="negative" title="Error" live>
          {errorText(status.error, 'We could not find that booking.')}
        </Notice>
      )}
      {data === undefined && status.error === undefined && <Loading label="Checking your booking…" />}
      {data !== undefined && !data.Success && (
        <Notice tone={data.Status === 'PendingPayment' ? 'warning' : 'negative'} title={`Reservation ${data.ReservationNumber}`}>
          <p>{data.Message}</p>
        </Notice>
      )}
      {data?.Status === 'PendingPayment' && data.ChallengeUrl && (
        <div className="flex flex-wrap gap-3">
          <a className={buttonClasses('primary')} href={data.ChallengeUrl}>
            Complete the security check
          </a>
          {basketWaited && (
            <Link className={buttonClasses('secondary')} href={paths.checkout(property.PropertyCode)}>
              Pay another way
            </Link>
          )}
        </div>
      )}
      {data !== undefined && (data.Status === 'PaymentFailed' || data.Status === 'Cancelled') && (
        <Link className={buttonClasses('primary')} href={paths.book(property.PropertyCode)}>
          Make a new booking
        </Link>
      )}
    </div>
  );
}
