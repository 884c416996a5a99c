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
 * IsReservation (always true), Identifier, PromotionId, Email, ContactNumber, IsLeaveTimeRequired;
 * and `Code`, the proof that links the table to the room booking `Identifier` names.
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
  Code: optionalText(100).describe(
    'Proof that the guest holds the room booking whose number is the Identifier: its confirmation token or its manage-booking code (the confirmation page and Manage Booking pass it). The table is linked to that booking only with this proof, or when the logged-in account made the booking; otherwise it is booked on its own',
  ),
});

/** A table booking as the wire carries it. */
export type RestaurantBookingRequest = z.infer<typeof restaurantBookingRequestSchema>;
