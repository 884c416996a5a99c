/**
 * Finding a booking to manage: the guest's form (reservation number + guest name) and the
 * POST /api/ManageBooking/Search query, which also accepts the reference + code of a link.
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';
import { isBlank } from '../validation';

const reservationNumber = z
  .string({ error: VALIDATION_MESSAGES.reservationNumberRequired })
  .max(50)
  .regex(/\S/, { error: VALIDATION_MESSAGES.reservationNumberRequired });

const guestName = z
  .string({ error: VALIDATION_MESSAGES.guestNameRequired })
  .max(200)
  .regex(/\S/, { error: VALIDATION_MESSAGES.guestNameRequired });

/** The Manage page's search form: 'Reservation Number is required'; 'Guest Name is required'. */
export const manageBookingSearchFormSchema = z.object({ reservationNumber, guestName });

/** The search form's values. */
export type ManageBookingSearchForm = z.infer<typeof manageBookingSearchFormSchema>;

/**
 * The search query: propertyId and reservationNumber, with guestName, or with the hash of
 * a link instead of the name. Query values arrive as text, so propertyId is coerced.
 */
export const manageBookingSearchQuerySchema = z
  .object({
    propertyId: z.coerce.number().int().positive(),
    reservationNumber,
    guestName: z.string().max(200).nullish(),
    hash: z.string().max(500).nullish(),
  })
  .refine((query) => !isBlank(query.hash) || !isBlank(query.guestName), {
    path: ['guestName'],
    error: VALIDATION_MESSAGES.guestNameRequired,
  });

/** The search query's values. */
export type ManageBookingSearchQuery = z.infer<typeof manageBookingSearchQuerySchema>;
