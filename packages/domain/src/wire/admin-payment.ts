/**
 * The hotel's calls on a booking's card payment, under /api/Admin (the ADMIN_API_KEY):
 * capturing what a manual-capture property held on the guest's card (docs/payments.md).
 */
import { z } from 'zod';
import { wireMoney } from './scalars';

export const CAPTURE_AMOUNT_NOT_POSITIVE = 'The amount to capture must be more than 0. Leave Amount out to capture everything held.';

// ---------------------------------------------------------------------------------------------
// POST /api/Admin/Reservations/{reservationNumber}/Capture

export const capturePaymentParamsSchema = z.object({
  reservationNumber: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, 'A reservation number is required'),
});

export type CapturePaymentParams = z.infer<typeof capturePaymentParamsSchema>;

/** Amount: how much of the hold to take, in the property's currency (major units); absent, all of it. */
export const capturePaymentRequestSchema = z.object({
  Amount: wireMoney
    .refine((amount) => amount > 0, { error: CAPTURE_AMOUNT_NOT_POSITIVE, when: (payload) => payload.issues.length === 0 })
    .nullish(),
});

export type CapturePaymentRequest = z.infer<typeof capturePaymentRequestSchema>;

/**
 * What the booking's held card payments came to, in the property's currency (major units):
 * `Held` what was held on the card in all, `Captured` what this call took, `TotalCaptured` what
 * every capture took, `Released` what went back to the guest's card without being taken. A call
 * that finds the hold already captured takes nothing and answers the same totals.
 */
export const capturePaymentResponseSchema = z.object({
  ReservationNumber: z.string(),
  Currency: z.string(),
  Held: z.number(),
  Captured: z.number(),
  TotalCaptured: z.number(),
  Released: z.number(),
});

export type CapturePaymentResponse = z.infer<typeof capturePaymentResponseSchema>;
