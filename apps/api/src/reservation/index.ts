// The reservation area's door: other areas and the application import only what is exported here.
export { reservationStatusNames } from './confirmation-response';
export { newReservationNumber } from './reservation-number';
export { registerReservationRoutes } from './reservation-routes';
export { reservationPaymentSettled, scheduleAbandonedPaymentRelease } from './settle-reservation-payment';
export { ReservationNumberStock } from './unused-reservation-numbers';
