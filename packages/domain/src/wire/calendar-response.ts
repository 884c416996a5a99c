import { z } from 'zod';

/** GET /api/Availability: one entry per night. */
export const calendarResponseSchema = z
  .array(
    z.object({
      DateOfStay: z.string(),
      AvailableRooms: z.number().int(),
      Rates: z.array(z.object({ RatePlanId: z.number().int(), MinLengthOfStay: z.number().int(), MinimumRate: z.number() })),
    }),
  )
  .meta({ id: 'AvailabilityCalendar' });
export type CalendarEntry = CalendarResponse[number];
export type CalendarResponse = z.infer<typeof calendarResponseSchema>;
