import { z } from 'zod';

export const restaurantsResponseSchema = z.array(z.object({ Id: z.number().int(), Name: z.string() }));

export const restaurantSetupResponseSchema = z
  .object({
    CurrencySymbol: z.string(),
    MinOnlinePartySize: z.number().int(),
    MaxOnlinePartySize: z.number().int(),
    NoAvailabilityText: z.string(),
  })
  .meta({ id: 'RestaurantSetup' });

const promotionSchema = z.object({ PromotionId: z.number().int(), Name: z.string(), Description: z.string() });

export const availabilityResponseSchema = z.array(
  z.object({
    /** "HH:mm", local to the property. */
    Time: z.string(),
    IsLeaveTimeRequired: z.boolean(),
    /** "HH:mm" the party must leave by when the table is needed later, else null. */
    LeaveTime: z.string().nullable(),
    Promotions: z.array(promotionSchema),
  }),
);

export const createTableBookingResponseSchema = z
  .object({
    Success: z.boolean(),
    BookingReference: z.string().nullable(),
    InfoMessage: z.string(),
  })
  .meta({ id: 'TableBookingCreated' });

export type RestaurantsResponse = z.infer<typeof restaurantsResponseSchema>;
export type RestaurantSetupResponse = z.infer<typeof restaurantSetupResponseSchema>;
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;
export type CreateTableBookingResponse = z.infer<typeof createTableBookingResponseSchema>;
