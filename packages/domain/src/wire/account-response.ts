import { z } from 'zod';
import { paymentProviderSchema } from './scalars';

/** A saved card as the guest may see it: which card, never its number. */
export const savedCardSchema = z
  .object({
    CreditCardId: z.number().int().describe('Send as CardDetails.CreditCardId to pay with this card'),
    CreditCardTypeId: z.number().int(),
    Brand: z.string().describe('The card type name, e.g. Visa'),
    Last4: z.string().describe('The last four digits of the card number'),
    ExpiryMonth: z.number().int(),
    ExpiryYear: z.number().int(),
    NameOnCard: z.string().nullable(),
    PaymentProvider: paymentProviderSchema.describe(
      'Who keeps the card: it pays only at a property whose PaymentProvider is the same (a test-gateway card cannot pay through Stripe)',
    ),
  })
  .meta({ id: 'SavedCard' });

/** A reservation the user booked while logged in, as the account lists it. */
const bookedReservationSchema = z.object({
  ReservationNumber: z.string(),
  PropertyCode: z.string(),
  PropertyName: z.string(),
  DateFrom: z.string(),
  DateTo: z.string(),
  Status: z.enum(['PendingPayment', 'Confirmed', 'Cancelled']),
  TotalCost: z.number().describe('What the guest pays, VAT included, in major units of Currency'),
  Currency: z.string(),
});

/** GET /api/Account/Reservations: each reservation with the code and address that manage it, as the confirmation e-mail's link. */
export const accountReservationSchema = bookedReservationSchema
  .extend({
    ManageCode: z
      .string()
      .describe('The code of the manage-booking link: /Manage/{PropertyCode}/Reservation/{ReservationNumber}/{ManageCode}'),
    ManageBookingUrl: z.string().describe('The manage-booking page of the reservation, as its confirmation e-mail links to it'),
  })
  .meta({ id: 'AccountReservation' });

export const accountReservationsSchema = z
  .array(accountReservationSchema)
  .describe('The reservations booked while logged in, newest stay first; empty until the e-mail address is confirmed');

export type AccountReservation = z.infer<typeof accountReservationSchema>;

/** GET /api/Account: the user's fields, whether the e-mail address is confirmed, saved cards and bookings. */
export const accountSchema = z
  .object({
    Firstname: z.string(),
    Lastname: z.string(),
    Telephone: z.string().nullable(),
    EmailAddress: z.string(),
    ReceiveBrandOffers: z.boolean(),
    CanChoosePaymentMethod: z.boolean(),
    EmailConfirmed: z.boolean(),
    CreditCards: z.array(savedCardSchema),
    Reservations: z
      .array(bookedReservationSchema)
      .describe('The reservations booked while logged in; empty until the e-mail address is confirmed'),
  })
  .meta({ id: 'Account' });

export type AccountAnswer = z.infer<typeof accountSchema>;
export type SavedCard = z.infer<typeof savedCardSchema>;

/** The answer of the account calls that answer only an outcome. */
export const resultSchema = z.object({ Success: z.boolean(), Message: z.string() }).meta({ id: 'Result' });

export type ResultAnswer = z.infer<typeof resultSchema>;

/** Authenticate and Update: the outcome, with the user fields when it succeeded. */
export const resultWithAccountSchema = resultSchema.extend(accountSchema.partial().shape).meta({ id: 'ResultWithAccount' });

export type ResultWithAccountAnswer = z.infer<typeof resultWithAccountSchema>;
