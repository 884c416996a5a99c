import { z } from 'zod';
import { toMajor } from '@hotel/domain/money';
import { totalToPay } from '@hotel/domain/vat';
import { reservationStatusNames } from '../reservation';
import type { ReservationHistoryRow, SavedCardRow, UserRow } from './account-queries';

/** A saved card as the guest may see it: which card, never its number. */
export const savedCardSchema = z.object({
  CreditCardId: z.number().int().describe('Send as CardDetails.CreditCardId to pay with this card'),
  CreditCardTypeId: z.number().int(),
  Brand: z.string().describe('The card type name, e.g. Visa'),
  Last4: z.string().describe('The last four digits of the card number'),
  ExpiryMonth: z.number().int(),
  ExpiryYear: z.number().int(),
  NameOnCard: z.string().nullable(),
});

/** GET /api/Account: the user's fields, whether the e-mail address is confirmed, saved cards and bookings. */
export const accountSchema = z.object({
  Firstname: z.string(),
  Lastname: z.string(),
  Telephone: z.string().nullable(),
  EmailAddress: z.string(),
  ReceiveBrandOffers: z.boolean(),
  CanChoosePaymentMethod: z.boolean(),
  EmailConfirmed: z.boolean(),
  CreditCards: z.array(savedCardSchema),
  Reservations: z
    .array(
      z.object({
        ReservationNumber: z.string(),
        PropertyCode: z.string(),
        PropertyName: z.string(),
        DateFrom: z.string(),
        DateTo: z.string(),
        Status: z.enum(['PendingPayment', 'Confirmed', 'Cancelled']),
        TotalCost: z.number(),
        Currency: z.string(),
      }),
    )
    .describe('The reservations booked while logged in; empty until the e-mail address is confirmed'),
});

export type AccountAnswer = z.infer<typeof accountSchema>;

/** The answer of the account calls that answer only an outcome. */
export const resultSchema = z.object({ Success: z.boolean(), Message: z.string() });

export type ResultAnswer = z.infer<typeof resultSchema>;

/** Authenticate and Update: the outcome, with the user fields when it succeeded. */
export const resultWithAccountSchema = resultSchema.extend(accountSchema.partial().shape);

export type ResultWithAccountAnswer = z.infer<typeof resultWithAccountSchema>;

/** The wire form of a user and their saved cards; the password hash has no way out. */
export function toAccountAnswer(user: UserRow, cards: SavedCardRow[], history: ReservationHistoryRow[]): AccountAnswer {
  return {
    Firstname: user.firstName,
    Lastname: user.lastName,
    Telephone: user.telephone,
    EmailAddress: user.email,
    ReceiveBrandOffers: user.receiveBrandOffers,
    CanChoosePaymentMethod: user.canChoosePaymentMethod,
    EmailConfirmed: user.emailConfirmedAt !== null,
    CreditCards: cards.map((card) => ({
      CreditCardId: card.id,
      CreditCardTypeId: card.cardTypeId,
      Brand: card.cardTypeName,
      Last4: card.last4,
      ExpiryMonth: card.expiryMonth,
      ExpiryYear: card.expiryYear,
      NameOnCard: card.nameOnCard,
    })),
    // Only a confirmed address proves the bookings made under it are this person's.
    Reservations:
      user.emailConfirmedAt === null
        ? []
        : history.map((row) => ({
            ReservationNumber: row.reservationNumber,
            PropertyCode: row.propertyCode,
            PropertyName: row.propertyName,
            DateFrom: row.dateFrom,
            DateTo: row.dateTo,
            Status: reservationStatusNames[row.status],
            // What the guest pays: VAT added on top of a tax-exclusive total.
            TotalCost: toMajor(totalToPay(row.total, row.totalVat, row.isTaxExclusive)),
            Currency: row.currency,
          })),
  };
}
