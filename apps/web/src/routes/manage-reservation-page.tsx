/**
 * /Manage/{propertyCode}/Reservation/{referenceNumber}/{code}: the booking found by the search
 * (kept in the cache) or, opened from the e-mailed link, searched with its reference and code.
 * Without a reference and code, or when the search finds nothing, back to Manage. `?extras` (the
 * confirmation's "Add Extras") opens the first room's extras.
 */
import { Link, Redirect, useParams, useSearch } from 'wouter';
import { PageTitle } from '../components/layout';
import { Loading } from '../components/loading';
import { Notice } from '../components/notice';
import { useFoundBooking, useManageConfig } from '../features/manage-booking/manage-api';
import { ManageReservation } from '../features/manage-booking/manage-reservation';
import { useDocumentTitle } from '../hooks/use-document-title';
import { useProperty, usePropertyToday, useUnitNoun } from '../hooks/use-property';
import { ApiError, errorText } from '../lib/api-client';
import { ERROR_MESSAGES } from '@hotel/domain/messages';
import { paths } from '../lib/paths';

/** The most adults a room added may have when the property sets no limit, as on the search page. */
const OPEN_ADULT_LIMIT = 10;

function FoundReservation(props: { reference: string; code: string; startWithExtras: boolean }) {
  const { property, config: bookConfig } = useProperty();
  const unit = useUnitNoun();
  const today = usePropertyToday();
  const config = useManageConfig(property.PropertyId);
  const found = useFoundBooking(property.PropertyId, props.reference, props.code);
  const missed = found.data !== undefined && (!found.data.Success || found.data.Reservation === null);
  if (missed || (found.error !== undefined && !isTransient(found.error))) {
    return <Redirect to={`${paths.manageBooking(property.PropertyCode)}?notFound`} replace />;
  }
  const error = config.error ?? found.error;
  if (error !== undefined) {
    return (
      <Notice tone="negative" title="Manage Booking Error" live>
        {errorText(error, ERROR_MESSAGES.actionFailed)}
      </Notice>
    );
  }
  const reservation = found.data?.Reservation;
  if (config.data === undefined || reservation == null) return <Loading label="Finding your booking…" />;
  return (
    <>
      <ManageReservation
        key={reservation.ReservationId}
        reservation={reservation}
        code={props.code}
        config={config.data}
        telephone={property.Telephone}
        today={today}
        unit={unit}
        maxAdults={property.AdultMaximumOccupancy ?? OPEN_ADULT_LIMIT}
        startWithExtras={props.startWithExtras}
      />
      {bookConfig.RestaurantBookingServiceActive && !reservation.IsCancelled && (
        <p>
          <Link
            className="text-link font-semibold underline"
            href={paths.restaurant(property.PropertyCode, {
              reservation: reservation.ReservationNumber,
              arrive: reservation.DateFrom,
              depart: reservation.DateTo,
              code: props.code,
            })}
          >
            Book a table at our restaurant
          </Link>
        </p>
      )}
    </>
  );
}

/** A failure the guest may retry (no answer, the server's own fault), rather than a booking not found. */
function isTransient(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status === 429 || error.status >= 500);
}

export function ManageReservationPage() {
  const { property } = useProperty();
  const params = useParams<{ referenceNumber?: string; code?: string }>();
  const startWithExtras = new URLSearchParams(useSearch()).has('extras');
  useDocumentTitle('Manage Booking', property.PropertyName);
  if (!params.referenceNumber || !params.code) return <Redirect to={paths.manageBooking(property.PropertyCode)} replace />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageTitle>Manage Booking</PageTitle>
      <FoundReservation reference={params.referenceNumber} code={params.code} startWithExtras={startWithExtras} />
    </div>
  );
}
