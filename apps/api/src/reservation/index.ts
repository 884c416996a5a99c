// The reservation area's door: a new booking's routes (Create, Status, Confirmation), their answers and the voucher check.
export {
  reservationStatusNames,
  toBookedBooker,
  toBookedCompany,
  toBookedGuest,
  toBookedRoom,
  toBookedService,
  toMaskedCard,
} from './confirmation-response';
export { registerReservationRoutes } from './reservation-routes';
