import { z } from 'zod';
import type { SavedCardRow, UserRow } from './account-queries';

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

/** GET /api/Account: the spec's user fields, plus whether the e-mail address is confirmed. */
export const accountSchema = z.object({
  Firstname: z.string(),
  Lastname: z.string(),
  Telephone: z.string().nullable(),
  EmailAddress: z.string(),
  ReceiveBrandOffers: z.boolean(),
  CanChoosePaymentMethod: z.boolean(),
  EmailConfirmed: z.boolean(),
  CreditCards: z.array(savedCardSchema),
});

export type AccountAnswer = z.infer<typeof accountSchema>;

/** The answer of the account calls that answer only an outcome. */
export const resultSchema = z.object({ Success: z.boolean(), Message: z.string() });

export type ResultAnswer = z.infer<typeof resultSchema>;

/** Authenticate and Update: the outcome, with the user fields when it succeeded. */
export const resultWithAccountSchema = resultSchema.extend(accountSchema.partial().shape);

export type ResultWithAccountAnswer = z.infer<typeof resultWithAccountSchema>;

/** The wire form of a user and their saved cards; the password hash has no way out. */
export function toAccountAnswer(user: UserRow, cards: SavedCardRow[]): AccountAnswer {
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
  };
}
