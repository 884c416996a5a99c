// The manage-booking area's door: the application imports only what is exported here.
export { registerManageBookingRoutes } from './manage-booking-routes';
// Pre-check-in adds extras to a booked room as an amendment does: priced, taken from the stock
// and paid for by the same steps, and written to the same history.
export { moveMoney, shiftInventory } from './amend-booking';
export { enqueueAmendmentMail } from './amendment-mail';
export { replaceServiceLines } from './amendment-queries';
export { recordReservationChange, type RecordedPayment } from './reservation-history';
export { paidByCard, planRoomExtras, type RoomExtras } from './room-extras';
