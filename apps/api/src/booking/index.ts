// The booking module's door (decision 0011): the one owner of a booking's life, from its hold and
// payment to its amendments, cancellation, pre-check-in extras and the hotel's capture, and the
// only writer of a booking's and its rooms' status. Each use case records the money it moves as
// movements and makes them outside its transactions (make-movement.ts). The areas that serve a
// booking's pages (reservation, manage-booking, pre-check-in, admin-payments) keep their routes,
// answers and read queries, and reach the booking through this door.
export { scheduleAbandonedPaymentRelease, PAYMENT_HOLD_MINUTES, releasePendingPayment } from './abandoned-payments';
export { AMEND_MESSAGES, quoteAmendment, updateManagedBooking, heldChangeAnswer, type DescribeBooking } from './amend-booking';
export { bookedRatePlanCode, partyOf, type BookedRoom } from './booked-rooms';
export { bookedStayOf, bookingMailBasics, mailRoomOf } from './booking-confirmation-mail';
export { enqueueAmendmentMail } from './amendment-mail';
export { CANCEL_MESSAGES, cancelBooking } from './cancel-booking';
export { stayTimingOf } from './cancellation-window';
export { CAPTURE_MESSAGES, capturePayment, type DescribeCapture } from './capture-payment';
export type { BookingToCapture } from './capture-queries';
export { createOutcome, createReservation, reservationCreateScope, type Booker, type CreateReservationAnswer } from './create-booking';
export { guestRowOf, replaceGuests, type GuestValues } from './guest-rows';
export { findLedgerBreaches, type LedgerBreach } from './ledger';
export {
  makeMovementById,
  reconcileMovementNow,
  reconcileOverdueMovements,
  STUCK_AFTER_MS,
  scheduleMovementReconciler,
  takeProviderHint,
  type MovementContext,
  type MovementOutcome,
} from './make-movement';
export { findManagedBooking, type ManagedBooking, type ManagedBookingKey } from './managed-booking-access';
export { MONEY_ANSWERS, MONEY_MESSAGES } from './payment-messages';
export { acknowledgeBooking, moveStay, PMS_MESSAGES } from './pms-updates';
export { bookedTotals, planPreCheckInExtras, takeOnPreCheckInExtras, type ExtrasCard, type PreCheckInExtras } from './pre-check-in-extras';
export { linkCode, manageAccessOf, nameSearchCode, reservationLinks, type ManageAccess } from './reservation-links';
export { recordReservationChange, type RecordedPayment } from './reservation-history';
export { hashConfirmationToken, newReservationNumber } from './reservation-number';
export {
  findReservationById,
  findReservationByTokenHash,
  findReservationDetails,
  findRoomExtras,
  type ReservationDetails,
  type ReservationRow,
} from './reservation-queries';
export { assertClientPrices, priceRooms, priceService, type PricedRoom, type PricedService } from './room-pricing';
export { findBookableServices, type BookableService } from './service-queries';
export { ReservationNumberStock } from './unused-reservation-numbers';
