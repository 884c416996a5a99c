/**
 * Finding a booking to manage: the guest's form (reservation number + guest name) and the
 * POST /api/ManageBooking/Search query, which also accepts the reference + code of a link.
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../messages';
import { isBlank } from '../validation';
import { bookedBookerSchema, bookedCompanySchema, bookedRoomFields, maskedCardSchema } from './confirmation-response';
import { queryId } from './parameters';

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
 * a link instead of the name. Query values arrive as text, so propertyId is coerced (and kept
 * within the database's ids).
 */
export const manageBookingSearchQuerySchema = z
  .object({
    propertyId: queryId('propertyId'),
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

/** A room of a booking being managed; money in major units, as everywhere on the wire. */
const managedRoomSchema = z
  .object({
    ...bookedRoomFields,
    CanBeCancelled: z.boolean(),
    CanBeEdited: z.boolean(),
    /** The rate's free-cancellation deadline in hours before check-in; null: non-refundable. */
    CancellationDeadlineHours: z.number().int().nullable(),
    RoomConfigurationDropdownOptionId: z.number().int().nullable(),
  })
  .meta({ id: 'ManagedRoom' });

/** A booking as the manage pages read it (docs/manage-booking.md). */
export const managedReservationSchema = z
  .object({
    PropertyId: z.number().int(),
    ReservationId: z.number().int(),
    ReservationNumber: z.string(),
    DateFrom: z.string(),
    DateTo: z.string(),
    SpecialRequests: z.string().nullable(),
    CanBeEdited: z.boolean(),
    CanBeCancelled: z.boolean(),
    IsCancelled: z.boolean(),
    /** The card the booking was paid with, masked; empty when it was not paid by card. */
    CreditCards: z.array(maskedCardSchema),
    Booker: bookedBookerSchema,
    Company: bookedCompanySchema,
    Rooms: z.array(managedRoomSchema),
    TotalAccommodationPrice: z.number(),
    TotalServicesPrice: z.number(),
    Currency: z.string(),
    /** The property's name. */
    LocationName: z.string(),
  })
  .meta({ id: 'ManagedReservation' });

export type ManagedReservation = z.infer<typeof managedReservationSchema>;

/**
 * The search's answer. Found: `Success`, the booking and the `Code` of its link (the Reservation
 * page's address). Not found, for whatever reason: `Success: false`, one message, nothing else.
 */
export const manageBookingSearchResponseSchema = z
  .object({
    Success: z.boolean(),
    Message: z.string().nullable(),
    Reservation: managedReservationSchema.nullable(),
    Code: z.string().nullable(),
  })
  .meta({ id: 'ManageBookingSearchResult' });

export type ManageBookingSearchResponse = z.infer<typeof manageBookingSearchResponseSchema>;
