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

// ---------------------------------------------------------------------------------------------
// GET /api/Admin/PaymentMovements, POST /api/Admin/PaymentMovements/{id}/Reconcile

/**
 * A payment movement that needs the operator: one whose provider's answer has been awaited for
 * over an hour (`Stuck`), or money owed back that the provider refused to give (`RefundRefused`:
 * a refund or a release it declined, to be made another way). Amounts in major units of
 * `Currency`; `IdempotencyKey` is what the provider's dashboard shows (Stripe's metadata.movement,
 * PayStack's reference or refund note).
 */
export const paymentMovementSchema = z.object({
  Id: z.number().int(),
  ReservationNumber: z.string(),
  Problem: z.enum(['Stuck', 'RefundRefused']),
  Gateway: z.string(),
  Kind: z.enum(['authorisation', 'charge', 'refund', 'capture', 'void']),
  Purpose: z.enum(['booking', 'amendment', 'pre_check_in', 'cancellation', 'capture', 'release']).nullable(),
  Status: z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'cancelled']),
  Amount: z.number(),
  Currency: z.string(),
  IdempotencyKey: z.string(),
  Attempts: z.number().int(),
  LastError: z.string().nullable(),
  CreatedAt: z.string(),
});

export const paymentMovementsResponseSchema = z.object({ Items: z.array(paymentMovementSchema) });
export type PaymentMovementsResponse = z.infer<typeof paymentMovementsResponseSchema>;

export const paymentMovementParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** What asking the provider about one movement now came to: its status afterwards, and whether it is settled. */
export const reconcileMovementResponseSchema = z.object({
  Id: z.number().int(),
  Status: z.enum(['pending', 'requires_action', 'succeeded', 'failed', 'cancelled']),
  Settled: z.boolean(),
  Message: z.string(),
});
