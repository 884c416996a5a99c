/**
 * CardDetails of Reservation/Create (only when paying by card). Shape only: the card rule,
 * Luhn, expiry and accepted brands are checked by `validateCardDetails`.
 */
import { z } from 'zod';
import { optionalText } from './scalars';

/** CreditCardId, SaveCreditCardToIndividual, CardNumber, NameOnCard, EmailAddress, CreditCardTypeId, ExpiryMonth, ExpiryYear, SecurityCode. */
export const cardDetailsSchema = z.object({
  CreditCardId: z.union([z.number().int().positive(), z.string().min(1).max(100)]).nullish(),
  SaveCreditCardToIndividual: z.boolean().nullish(),
  CardNumber: z.string().max(30).nullish(),
  NameOnCard: optionalText(),
  EmailAddress: optionalText(),
  CreditCardTypeId: z.number().int().min(0).nullish(),
  ExpiryMonth: z.number().int().min(0).max(12).nullish(),
  ExpiryYear: z.number().int().min(0).max(9999).nullish(),
  SecurityCode: z.string().max(4).nullish(),
});

/** Card details as the wire carries them. */
export type CardDetailsPayload = z.infer<typeof cardDetailsSchema>;
