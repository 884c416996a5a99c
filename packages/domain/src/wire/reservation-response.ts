import { z } from 'zod';

/** Reservation/Create: the booking is made (or waits for its 3-D Secure check at ChallengeUrl). */
export const createAnswerSchema = z
  .object({
    Success: z.literal(true),
    ConfirmationToken: z.string(),
    ReservationNumber: z.string(),
    ChallengeUrl: z.string().nullable(),
  })
  .meta({ id: 'ReservationCreated' });

export type CreateAnswer = z.infer<typeof createAnswerSchema>;

/**
 * Reservation/CreateOutcome: whether the Create sent with an Idempotency-Key made a booking.
 * `Waiting`: not made yet, but its card's answer is awaited (the provider did not answer): its
 * rooms are held, and sending the same Create again with the key finds out at once; never book
 * it again another way meanwhile.
 */
export const createOutcomeSchema = z
  .union([
    z.object({ Made: z.literal(true), Booking: createAnswerSchema }),
    z.object({ Made: z.literal(false), Waiting: z.boolean(), Booking: z.null() }),
  ])
  .meta({ id: 'CreateOutcome' });

export type CreateOutcome = z.infer<typeof createOutcomeSchema>;

/** Whether a booking is made: Reservation/Status and ReleasePendingPayment answer it. */
export const statusResponseSchema = z
  .object({
    Success: z.boolean(),
    Message: z.string(),
    Status: z.enum(['PendingPayment', 'Confirmed', 'PaymentFailed', 'Cancelled']),
    ReservationNumber: z.string(),
    ChallengeUrl: z.string().nullable(),
  })
  .meta({ id: 'ReservationStatus' });
export type StatusResponse = z.infer<typeof statusResponseSchema>;

/** Reservation/CheckVoucherCode: what the voucher would take off (nothing is spent). */
export const checkVoucherCodeResponseSchema = z
  .object({
    IsValid: z.boolean(),
    TotalDiscount: z.number(),
    Message: z.string(),
    ShowExperienceWarningMessage: z.boolean(),
  })
  .meta({ id: 'VoucherCheck' });

export type CheckVoucherCodeResponse = z.infer<typeof checkVoucherCodeResponseSchema>;
