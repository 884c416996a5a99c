/**
 * What the hotel's PMS or channel manager tells the server about a booking, under /api/Admin
 * (docs/hotel-integration.md): that it took the booking in, under its own confirmation number,
 * and where each room's guest is (checked in, checked out, a no-show).
 */
import { z } from 'zod';
import { STAY_STATUS_NAMES } from '../stay';

export { capturePaymentParamsSchema as pmsUpdateParamsSchema } from './admin-payment';

const PMS_NUMBER_RULE =
  'PmsConfirmationNumber must be 1 to 50 printable characters (letters, digits, spaces and punctuation), such as "ABC123"';

// ---------------------------------------------------------------------------------------------
// POST /api/Admin/Reservations/{reservationNumber}/Acknowledge

export const acknowledgeRequestSchema = z.object({
  /** The PMS's own number for the booking, as it shows it to its staff: kept as sent, with its ends trimmed. */
  PmsConfirmationNumber: z
    .string({ error: PMS_NUMBER_RULE })
    .trim()
    .min(1, { error: PMS_NUMBER_RULE, abort: true })
    .max(50, { error: PMS_NUMBER_RULE, abort: true })
    // Printable ASCII: it goes into other systems' screens, logs and CSV files as it is.
    .regex(/^[\x20-\x7E]+$/, { error: PMS_NUMBER_RULE }),
});
export type AcknowledgeRequest = z.infer<typeof acknowledgeRequestSchema>;

/** The booking as acknowledged: the PMS's number and when it (last) gave it. */
export const acknowledgeResponseSchema = z
  .object({
    ReservationNumber: z.string(),
    PmsConfirmationNumber: z.string(),
    AcknowledgedAt: z.iso.datetime(),
  })
  .meta({ id: 'AcknowledgeResponse' });
export type AcknowledgeResponse = z.infer<typeof acknowledgeResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/Admin/Reservations/{reservationNumber}/Stay

const stayStatusName = z.enum(Object.values(STAY_STATUS_NAMES));
const STAY_MOVE_RULE = 'Status must be CheckedIn, CheckedOut or NoShow';

export const stayRequestSchema = z.object({
  Status: z.enum(['CheckedIn', 'CheckedOut', 'NoShow'], { error: STAY_MOVE_RULE }),
  /** The rooms to move (their `ReservationItemId`s); absent: every room of the booking that is not cancelled. */
  RoomIds: z
    .array(z.number({ error: 'RoomIds must be ReservationItemIds of this booking' }).int().positive(), {
      error: 'RoomIds must be a list of ReservationItemIds of this booking',
    })
    .min(1, { error: 'RoomIds must name at least one room, or be left out for every room' })
    .max(100)
    .nullish(),
});
export type StayRequest = z.infer<typeof stayRequestSchema>;

/** Each room's stay after the call, and the booking's as one status (null when every room is cancelled). */
export const stayResponseSchema = z
  .object({
    ReservationNumber: z.string(),
    StayStatus: stayStatusName.nullable(),
    Rooms: z.array(
      z.object({ ReservationItemId: z.number().int(), StayStatus: stayStatusName, StayStatusAt: z.iso.datetime().nullable() }),
    ),
  })
  .meta({ id: 'StayResponse' });
export type StayResponse = z.infer<typeof stayResponseSchema>;
