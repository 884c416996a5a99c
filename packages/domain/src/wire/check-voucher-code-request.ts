/**
 * POST /api/Reservation/CheckVoucherCode body.
 */
import { z } from 'zod';
import { pricedRoomSchema } from './reservation-rooms';
import { languageCodeSchema, optionalText, propertyIdSchema, requiredText } from './scalars';

/** PropertyId, LanguageCode, VoucherCode, PromoCode, RatePlanCode, Rooms. */
export const checkVoucherCodeRequestSchema = z.object({
  PropertyId: propertyIdSchema,
  LanguageCode: languageCodeSchema,
  VoucherCode: requiredText('Voucher Code', 50),
  /** The promo code and rate code the guest searched with, so the rooms are priced as Create will price them. */
  PromoCode: optionalText(50),
  RatePlanCode: optionalText(50),
  Rooms: z.array(pricedRoomSchema).min(1).max(20),
});

/** A voucher check as the wire carries it. */
export type CheckVoucherCodeRequest = z.infer<typeof checkVoucherCodeRequestSchema>;
