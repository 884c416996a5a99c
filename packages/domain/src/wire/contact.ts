/**
 * The booker and guest shapes of the payloads (Booker, LeadGuest, Guests).
 */
import { z } from 'zod';
import { emailSchema, optionalText, phoneSchema, requiredText, wireId } from './scalars';

/** Booker payload: FirstName, LastName, Email, Phone, Street, City, CountryId, StateOrCounty, OptInToReceiveUpdates, ZipCode. */
export const bookerSchema = z.object({
  FirstName: requiredText('First Name'),
  LastName: requiredText('Last Name'),
  Email: emailSchema,
  Phone: phoneSchema,
  Street: optionalText(),
  City: optionalText(),
  CountryId: wireId.nullish(),
  StateOrCounty: optionalText(),
  OptInToReceiveUpdates: z.boolean().nullish(),
  ZipCode: optionalText(),
});

/** A booker as the wire carries it. */
export type BookerPayload = z.infer<typeof bookerSchema>;

/**
 * A guest, optionally with an address. Which fields are required is configured per
 * property, so the shape leaves them optional: check with `validateContact`.
 */
export const guestSchema = z.object({
  IndividualId: wireId.nullish(),
  FirstName: optionalText(),
  LastName: optionalText(),
  Email: optionalText(),
  Phone: optionalText(),
  Street: optionalText(),
  City: optionalText(),
  Country: optionalText(),
  CountryId: wireId.nullish(),
  StateOrCounty: optionalText(),
  ZipCode: optionalText(),
});

/** A guest as the wire carries it. */
export type GuestPayload = z.infer<typeof guestSchema>;
