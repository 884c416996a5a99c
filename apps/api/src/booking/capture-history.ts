import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import type { Movement } from '../payments';
import { recordReservationChange } from './reservation-history';

/** What a hotel's capture keeps in its movement for when it succeeds: the rest of the hold it releases, and the booking's total. */
export type CaptureIntent = { releasesRest: number; owed: number; byHotel: boolean };

/**
 * A capture the hotel asked for went through, in the transaction that records it: the booking's
 * history says what was taken and released. (A capture a cancellation or cheaper amendment
 * makes of a hold is part of that change's own history row.)
 */
export async function captureAnswered(tx: Tx, context: Pick<AppContext, 'clock'>, movement: Movement): Promise<void> {
  const intent = movement.intent as CaptureIntent | null;
  if (!intent?.byHotel) return;
  await recordReservationChange(tx, context, {
    reservationId: movement.reservationId,
    via: 'admin',
    action: 'capture',
    details: {
      previousTotal: intent.owed,
      newTotal: intent.owed,
      payment: { kind: 'Capture', amount: movement.amount, paymentIds: [movement.id] },
      changes: [],
      released: intent.releasesRest,
    },
  });
}
