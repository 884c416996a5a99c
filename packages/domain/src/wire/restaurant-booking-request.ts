/**
 * POST /api/RestaurantBooking/Create body.
 */
import { z } from 'zod';
import { requiredMessage } from '../messages';
import {
  emailSchema,
  LONG_TEXT_MAX,
  optionalText,
  phoneSchema,
  propertyIdSchema,
  requiredText,
  wireDate,
  wireId,
  wireTime,
} from './scalars';

/**
 * PropertyId, RestaurantId, RestaurantName, VisitTime, VisitDate, PartySize, SpecialRequests,
 * IsReservation (always true), Identifier, PromotionId, Email, ContactNumber, IsLeaveTimeRequired.
 */
export const restaurantBookingRequestSchema = z.object({
  PropertyId: propertyIdSchema,
  RestaurantId: z
    .number({ error: requiredMessage('Restaurant') })
    .int()
    .positive(),
  RestaurantName: optionalText(),
  VisitTime: wireTime,
  VisitDate: wireDate,
  PartySize: z
    .number({ error: requiredMessage('Party Size') })
    .int()
    .min(1)
    .max(100),
  SpecialRequests: optionalText(LONG_TEXT_MAX),
  IsReservation: z.literal(true),
  Identifier: requiredText('Identifier', 100),
  PromotionId: wireId.nullish(),
  Email: emailSchema,
  ContactNumber: phoneSchema,
  IsLeaveTimeRequired: z.boolean().nullish(),
});

/** A table booking as the wire carries it. */
export type RestaurantBookingRequest = z.infer<typeof restaurantBookingRequestSchema>;
