import { z } from 'zod';
import type { ModelState } from '../model-state';
import { reservationItemIdSchema } from './reservation-rooms';

/** Messages per field path: the `ModelState` of a 400. */
export const modelStateSchema = z.record(z.string(), z.array(z.string())).meta({ id: 'ModelState' }) satisfies z.ZodType<ModelState>;

/** A room's prices as PRICE_CHANGED answers them (major units), so the client can show them without searching again. */
export const newRoomPricesSchema = z
  .object({
    ReservationItemId: reservationItemIdSchema.nullable(),
    TotalCost: z.number(),
    OriginalTotalCost: z.number(),
    ServicesCost: z.number(),
    Services: z.array(z.object({ ServiceId: z.number().int(), TotalCost: z.number() })),
  })
  .meta({ id: 'NewRoomPrices' });

export type NewRoomPrices = z.infer<typeof newRoomPricesSchema>;

/** Every 4xx and 503 body: what to tell the user, a code to branch on, and the fields at fault. */
export const errorResponseSchema = z
  .object({
    Message: z.string(),
    ModelState: modelStateSchema.optional(),
    Code: z.string(),
    Rooms: z.array(newRoomPricesSchema).optional().describe("PRICE_CHANGED: each room's prices on the server"),
    TotalCost: z.number().optional().describe('PRICE_CHANGED: the new total of the rooms and their extras'),
    ResyncFrom: z.iso
      .datetime()
      .optional()
      .describe('FEED_RESYNC_NEEDED: the updatedSince to read the reservations feed again from, when the server knows one'),
    RequestId: z.string().optional().describe('500: the id to quote to support, as the logs have it'),
  })
  .meta({ id: 'Error' });

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
