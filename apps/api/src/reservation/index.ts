// The reservation area's door: other areas and the application import only what is exported here.
export {
  reservationStatusNames,
  toBookedBooker,
  toBookedCompany,
  toBookedGuest,
  toBookedRoom,
  toBookedService,
  toMaskedCard,
} from './confirmation-response';
export { bookedStayOf, bookingMailBasics, mailRoomOf } from './booking-confirmation-mail';
export { guestRowOf, replaceGuests, type GuestValues } from './guest-rows';
export { releaseHeldRoom, type HeldRoom } from './inventory';
export { newReservationNumber } from './reservation-number';
export { linkCode, manageAccessOf, nameSearchCode, reservationLinks, type ManageAccess } from './reservation-links';
export { findReservationDetails, findRoomExtras, type ReservationDetails, type ReservationRow } from './reservation-queries';
export { registerReservationRoutes } from './reservation-routes';
export {
  assertClientPrices,
  priceRooms,
  priceSnapshotOf,
  priceService,
  roomsNotAvailableMessage,
  type PriceCheckedRoom,
  type PricedRoom,
  type PricedService,
} from './room-pricing';
export { findBookableServices, type BookableService } from './service-queries';
export { reservationPaymentSettled, scheduleAbandonedPaymentRelease } from './settle-reservation-payment';
export { ReservationNumberStock } from './unused-reservation-numbers';
