/**
 * POST /api/Reservation/CheckVoucherCode body.
 */
import { z } from 'zod';
import { pricedRoomSchema } from './reservation-rooms';
import { languageCodeSchema, propertyIdSchema, requiredText } from './scalars';

/** PropertyId, LanguageCode, VoucherCode, Rooms. */
export const checkVoucherCodeRequestSchema = z.object({
  PropertyId: propertyIdSchema,
  LanguageCode: languageCodeSchema,
  VoucherCode: requiredText('Voucher Code', 50),
  Rooms: z.array(pricedRoomSchema).min(1).max(20),
});

/** A voucher check as the wire carries it. */
export type CheckVoucherCodeRequest = z.infer<typeof checkVoucherCodeRequestSchema>;
