import { toMajor } from '@hotel/domain/money';
import { bookingBalance } from '@hotel/domain/booking-balance';
import { bookingStayStatus, STAY_STATUS_NAMES, stayStatusName } from '@hotel/domain/stay';
import { vatAddedTo } from '@hotel/domain/vat';
import type { HotelEventType } from '@hotel/domain/wire/webhook-deliveries';
import type { EventReservation, EventTableBooking } from './hotel-event-queries';

/** What a booking's history row says of a change: the totals before and after (minor units) and each field's old and new value. */
export type RecordedChange = {
  action: string;
  details: {
    previousTotal?: number;
    newTotal?: number;
    payment?: { kind: string; amount: number };
    changes?: { field: string; old: unknown; new: unknown }[];
    cancellationReason?: string | null;
  };
};

/** The body of a webhook message (Standard Webhooks' shape): the event's type, when it happened, and what it is about. */
export type HotelEventPayload = { type: HotelEventType; timestamp: string; data: Record<string, unknown> };

/** What the guest owes for the booking as it stands (VAT added when prices are before tax; nothing once cancelled): the domain's rule. */
export function amountToPay(reservation: Pick<EventReservation, 'status' | 'total' | 'totalVat' | 'isTaxExclusive'>): number {
  return bookingBalance({ ...reservation, amountPaid: 0, amountRefunded: 0, amountHeld: 0 }).amountToPay;
}

/**
 * A booking event's data: the booking as it stands after the event, its money in major units
 * of `Currency`, and for a change the history row's before and after. No card data: the
 * booking's payment is named by its type only.
 */
export function reservationEventData(propertyCode: string, reservation: EventReservation, change: RecordedChange | undefined) {
  const money = (amount: number) => toMajor(amount, reservation.currency);
  // Every amount as the guest pays it (HOTEL_EVENT_PAYLOADS says so): a tax-exclusive property's lines are before VAT.
  const withVat = (amount: number) => money(reservation.isTaxExclusive ? amount + vatAddedTo(amount, reservation.vatRate) : amount);
  const owed = bookingBalance(reservation);
  return {
    ReservationNumber: reservation.reservationNumber,
    PropertyCode: propertyCode,
    Status: reservation.status === 'confirmed' ? 'Confirmed' : reservation.status === 'cancelled' ? 'Cancelled' : 'PendingPayment',
    DateFrom: reservation.dateFrom,
    DateTo: reservation.dateTo,
    Currency: reservation.currency,
    // What the guest owes as the booking now stands: 0 once cancelled, beside what moved on the card.
    Total: money(owed.amountToPay),
    Paid: money(owed.paid),
    Refunded: money(owed.refunded),
    Held: money(owed.held),
    Balance: money(owed.balance),
    TotalVat: money(reservation.totalVat),
    VatRate: reservation.vatRate,
    IsTaxExclusive: reservation.isTaxExclusive,
    GiftVoucherDiscount: money(reservation.voucherDiscount),
    PaymentType: reservation.paymentType,
    Booker: {
      FirstName: reservation.bookerFirstName,
      LastName: reservation.bookerLastName,
      Email: reservation.bookerEmail,
      Phone: reservation.bookerPhone,
      CompanyName: reservation.companyName,
    },
    SpecialRequests: reservation.specialRequests,
    // The hotel's PMS's own number, once it acknowledged the booking (null until then).
    PmsConfirmationNumber: reservation.pmsConfirmationNumber,
    AcknowledgedAt: reservation.acknowledgedAt?.toISOString() ?? null,
    StayStatus: stayStatusName(bookingStayStatus(reservation.rooms)),
    Rooms: reservation.rooms.map((room) => ({
      ReservationItemId: room.id,
      Status: room.status === 'booked' ? 'Booked' : 'Cancelled',
      StayStatus: STAY_STATUS_NAMES[room.stayStatus],
      RoomTypeCode: room.roomTypeCode,
      RoomType: room.roomTypeName,
      RatePlanCode: room.ratePlanCode,
      RatePlan: room.ratePlanName,
      DateFrom: room.dateFrom,
      DateTo: room.dateTo,
      Adults: room.adults,
      Children: room.children,
      Infants: room.infants,
      Total: withVat(room.total),
      Extras: room.extras.map((extra) => ({ Code: extra.code, Name: extra.name, Quantity: extra.quantity, Total: withVat(extra.total) })),
    })),
    Change: change ? changeData(change, money) : null,
  };
}

/** The history row's change as a webhook carries it: totals in major units, each field's old and new value as the history has them. */
function changeData({ details }: RecordedChange, money: (amount: number) => number) {
  return {
    PreviousTotal: details.previousTotal === undefined ? null : money(details.previousTotal),
    NewTotal: details.newTotal === undefined ? null : money(details.newTotal),
    Payment: details.payment ? { Kind: details.payment.kind, Amount: money(details.payment.amount) } : null,
    CancellationReason: details.cancellationReason ?? null,
    Fields: (details.changes ?? []).map((change) => ({ Field: change.field, Old: change.old ?? null, New: change.new ?? null })),
  };
}

/** A table booking event's data: where, when, for how many, and the guest's contact. */
export function tableBookingEventData(propertyCode: string, booking: EventTableBooking) {
  return {
    BookingReference: booking.bookingReference,
    PropertyCode: propertyCode,
    Restaurant: booking.restaurantName,
    Status: booking.status === 'confirmed' ? 'Confirmed' : 'Cancelled',
    VisitDate: booking.visitDate,
    VisitTime: booking.visitTime.slice(0, 5),
    LeaveBy: booking.isLeaveTimeRequired ? booking.endsAt.toISOString() : null,
    PartySize: booking.partySize,
    Email: booking.email,
    ContactNumber: booking.contactNumber,
    SpecialRequests: booking.specialRequests,
    Identifier: booking.identifier,
  };
}
