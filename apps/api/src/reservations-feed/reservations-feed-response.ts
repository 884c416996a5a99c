import { bookingBalance } from '@hotel/domain/booking-balance';
import { countNights, nightsOfStay } from '@hotel/domain/dates';
import { toMajor, type Minor } from '@hotel/domain/money';
import { bookingStayStatus, STAY_STATUS_NAMES, stayStatusName } from '@hotel/domain/stay';
import type { ArrivalsLine, FeedReservation } from '@hotel/domain/wire/reservations-feed';
import type { FeedRows } from './reservations-feed-queries';

const statusNames = { pending_payment: 'PendingPayment', confirmed: 'Confirmed', cancelled: 'Cancelled' } as const;
const roomStatusNames = { booked: 'Booked', cancelled: 'Cancelled' } as const;

function groupBy<Row, Key>(rows: readonly Row[], key: (row: Row) => Key): Map<Key, Row[]> {
  const groups = new Map<Key, Row[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const moneyOrNull = (value: unknown, currency: string): number | null =>
  typeof value === 'number' && Number.isInteger(value) ? toMajor(value, currency) : null;

/** The feed's items, in the order of `ids`. */
export function toFeedReservations(rows: FeedRows, ids: readonly number[]): FeedReservation[] {
  const roomsOf = groupBy(rows.rooms, (room) => room.reservationId);
  const guestsOf = groupBy(rows.guests, (guest) => guest.reservationRoomId);
  const extrasOf = groupBy(rows.extras, (extra) => extra.reservationRoomId);
  const paymentsOf = groupBy(rows.payments, (payment) => payment.reservationId);
  const changesOf = groupBy(rows.changes, (change) => change.reservationId);
  const byId = new Map(rows.reservations.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const payments = paymentsOf.get(id) ?? [];
    // The booking's own ledger, which its movements prove (booking/ledger.ts).
    const owed = bookingBalance(row);
    const money = (amount: Minor) => toMajor(amount, row.currency);
    return [
      {
        ReservationNumber: row.reservationNumber,
        PropertyCode: row.propertyCode,
        Status: statusNames[row.status],
        CreatedAt: row.createdAt.toISOString(),
        UpdatedAt: row.updatedAt.toISOString(),
        CancelledAt: row.cancelledAt?.toISOString() ?? null,
        PmsConfirmationNumber: row.pmsConfirmationNumber,
        AcknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
        StayStatus: stayStatusName(bookingStayStatus(roomsOf.get(id) ?? [])),
        DateFrom: row.dateFrom,
        DateTo: row.dateTo,
        Currency: row.currency,
        PaymentType: row.paymentType,
        Booker: {
          FirstName: row.bookerFirstName,
          LastName: row.bookerLastName,
          Email: row.bookerEmail,
          Phone: row.bookerPhone,
          Street: row.bookerStreet,
          City: row.bookerCity,
          StateOrCounty: row.bookerStateOrCounty,
          ZipCode: row.bookerZipCode,
          CountryId: row.bookerCountryId,
        },
        Company:
          row.companyAccountId === null && row.companyName === null
            ? null
            : { AccountId: row.companyAccountId, Name: row.companyName, PONumber: row.poNumber },
        Rooms: (roomsOf.get(id) ?? []).map((room) => {
          const prices = room.priceComponents.NightPrices;
          return {
            ReservationItemId: room.id,
            Status: roomStatusNames[room.status],
            StayStatus: STAY_STATUS_NAMES[room.stayStatus],
            StayStatusAt: room.stayStatusAt?.toISOString() ?? null,
            RoomTypeCode: room.roomTypeCode,
            RoomTypeName: room.roomTypeName,
            RatePlanCode: room.ratePlanCode,
            RatePlanName: room.ratePlanName,
            DateFrom: room.dateFrom,
            DateTo: room.dateTo,
            Nights: nightsOfStay(room.dateFrom, room.dateTo).map((date, night) => ({
              Date: date,
              Price: prices?.[night] === undefined ? null : money(prices[night]),
            })),
            Adults: room.adults,
            Children: room.children,
            Infants: room.infants,
            TotalCost: money(room.total),
            Guests: (guestsOf.get(room.id) ?? []).map((guest) => ({
              IsLeadGuest: guest.isLead,
              FirstName: guest.firstName,
              LastName: guest.lastName,
              Email: guest.email,
              Phone: guest.phone,
            })),
            Extras: (extrasOf.get(room.id) ?? []).map((extra) => ({
              ServiceId: extra.serviceId,
              Name: extra.name,
              Quantity: extra.quantity,
              UnitPrice: money(extra.unitPrice),
              TotalCost: money(extra.total),
            })),
          };
        }),
        Totals: {
          Rooms: money(row.totalRooms),
          Extras: money(row.totalServices),
          VoucherDiscount: money(row.voucherDiscount),
          Total: money(row.total),
          Vat: money(row.totalVat),
          VatRate: row.vatRate,
          IsTaxExclusive: row.isTaxExclusive,
          AmountToPay: money(owed.amountToPay),
          Paid: money(owed.paid),
          Refunded: money(owed.refunded),
          Held: money(owed.held),
          Balance: money(owed.balance),
        },
        Payments: payments.map((payment) => ({
          Type: payment.transactionType,
          Status: payment.status,
          Amount: toMajor(payment.amount, payment.currency),
          Currency: payment.currency,
          Gateway: payment.gateway,
          CardBrand: payment.brand,
          CardLast4: payment.last4,
          CreatedAt: payment.createdAt.toISOString(),
          CompletedAt: payment.completedAt?.toISOString() ?? null,
        })),
        SpecialRequests: row.specialRequests,
        History: (changesOf.get(id) ?? []).map((change) => ({
          Action: change.action,
          At: change.at.toISOString(),
          Via: change.via,
          TotalBefore: moneyOrNull(change.details.previousTotal, row.currency),
          TotalAfter: moneyOrNull(change.details.newTotal, row.currency),
          ChangedFields: Array.isArray(change.details.changes)
            ? change.details.changes.flatMap((c: unknown) =>
                typeof c === 'object' && c !== null && typeof (c as { field?: unknown }).field === 'string'
                  ? [(c as { field: string }).field]
                  : [],
              )
            : [],
        })),
      },
    ];
  });
}

/** One line per room of these bookings that `keep` picks, lead guest first. */
export function toArrivalsLines(
  items: readonly FeedReservation[],
  keep: (room: FeedReservation['Rooms'][number]) => boolean,
): ArrivalsLine[] {
  return items.flatMap((item) =>
    item.Rooms.filter(keep).map((room) => ({
      ReservationNumber: item.ReservationNumber,
      ReservationItemId: room.ReservationItemId,
      Status: room.Status === 'Cancelled' ? 'Cancelled' : item.Status,
      RoomTypeCode: room.RoomTypeCode,
      RoomTypeName: room.RoomTypeName,
      DateFrom: room.DateFrom,
      DateTo: room.DateTo,
      Nights: countNights(room.DateFrom, room.DateTo),
      Adults: room.Adults,
      Children: room.Children,
      GuestNames: [...room.Guests]
        .sort((a, b) => Number(b.IsLeadGuest) - Number(a.IsLeadGuest))
        .map((guest) => `${guest.FirstName} ${guest.LastName}`.trim())
        .filter((name) => name !== ''),
      BookerName: `${item.Booker.FirstName} ${item.Booker.LastName}`.trim(),
      Currency: item.Currency,
      AmountToPay: item.Totals.AmountToPay,
      Paid: item.Totals.Paid,
      Balance: item.Totals.Balance,
    })),
  );
}
