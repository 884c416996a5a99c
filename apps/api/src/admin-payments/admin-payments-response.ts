import { toMajor } from '@hotel/domain/money';
import type { CapturePaymentResponse } from '@hotel/domain/wire/admin-payment';
import type { CardHolds } from '../payments';

/** A capture's answer: the booking's holds after it, and what this call took (minor units in, major out). */
export function toCapturePaymentResponse(
  booking: { reservationNumber: string; currency: string },
  holds: CardHolds,
  captured: number,
): CapturePaymentResponse {
  return {
    ReservationNumber: booking.reservationNumber,
    Currency: booking.currency,
    Held: toMajor(holds.held, booking.currency),
    Captured: toMajor(captured, booking.currency),
    TotalCaptured: toMajor(holds.captured, booking.currency),
    Released: toMajor(holds.released, booking.currency),
  };
}
