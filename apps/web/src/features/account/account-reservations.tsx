/**
 * Manage Account's bookings: the stays to come first, soonest first, then the past ones, latest
 * first; each with its number, hotel, dates, status and total, and a link to manage it (the same
 * page the confirmation e-mail's link opens).
 */
import { useId } from 'react';
import { Link } from 'wouter';
import { compareDates, parseDate, stayDatesText, type IsoDate } from '@hotel/domain/dates';
import { formatMoney, toMinor } from '@hotel/domain/money';
import type { AccountReservation } from '@hotel/domain/wire/account-response';
import { Loading } from '../../components/loading';
import { Notice } from '../../components/notice';
import { errorText } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useAccountReservations } from './account-api';

const STATUS_TEXT: Record<AccountReservation['Status'], string> = {
  Confirmed: 'Confirmed',
  PendingPayment: 'Waiting for payment',
  Cancelled: 'Cancelled',
};

/** The bookings whose stay has not ended by `today`, soonest first, and the others, latest first. */
export function upcomingAndPast(reservations: readonly AccountReservation[], today: IsoDate) {
  const dated = reservations.flatMap((reservation) => {
    const from = parseDate(reservation.DateFrom);
    const to = parseDate(reservation.DateTo);
    return from === null || to === null ? [] : [{ reservation, from, to }];
  });
  const upcoming = dated.filter((entry) => entry.to > today).sort((a, b) => compareDates(a.from, b.from));
  const past = dated.filter((entry) => entry.to <= today).sort((a, b) => compareDates(b.from, a.from));
  return { upcoming, past };
}

function BookingList(props: { title: string; entries: ReturnType<typeof upcomingAndPast>['upcoming'] }) {
  const headingId = useId();
  if (props.entries.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-lg font-semibold">
        {props.title}
      </h3>
      <ul className="divide-y divide-gray-200 rounded-md border border-gray-300 bg-white">
        {props.entries.map(({ reservation, from, to }) => (
          <li key={`${reservation.PropertyCode}/${reservation.ReservationNumber}`} className="space-y-1 px-4 py-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-4">
              <p className="font-semibold">{reservation.PropertyName}</p>
              <p className="font-semibold">
                {formatMoney({ amount: toMinor(reservation.TotalCost, reservation.Currency), currency: reservation.Currency })}
              </p>
            </div>
            <p className="text-sm">{stayDatesText(from, to)}</p>
            <p className="text-sm text-gray-800">
              Reservation number {reservation.ReservationNumber} · {STATUS_TEXT[reservation.Status]}
            </p>
            <Link
              className="text-link inline-block py-1 text-sm font-semibold underline"
              href={paths.manageReservation(reservation.PropertyCode, reservation.ReservationNumber, reservation.ManageCode)}
              aria-label={`Manage booking ${reservation.ReservationNumber}`}
            >
              Manage booking
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function AccountReservations(props: { today: IsoDate; emailConfirmed: boolean }) {
  const { data, error } = useAccountReservations();
  if (error !== undefined) {
    return (
      <Notice tone="negative" live>
        {errorText(error, 'We could not load your bookings. Please reload the page to try again.')}
      </Notice>
    );
  }
  if (data === undefined) return <Loading label="Loading your bookings…" />;
  if (data.length === 0) {
    return (
      <p>
        {props.emailConfirmed
          ? 'No bookings yet. Bookings you make while logged in are listed here.'
          : 'Confirm your e-mail address (the link we sent you) to see here the bookings you make while logged in.'}
      </p>
    );
  }
  const { upcoming, past } = upcomingAndPast(data, props.today);
  return (
    <div className="space-y-6">
      <BookingList title="Upcoming stays" entries={upcoming} />
      <BookingList title="Past stays" entries={past} />
    </div>
  );
}
