/**
 * Field schemas every wire shape reuses: ids, dates, times, money, e-mail, phone, passwords.
 * They validate and never transform, so a schema's input and output types are the same and
 * its JSON Schema is exact; convert after parsing with `parseDate` and `toMinor` (which takes the currency).
 */
import { z } from 'zod';
import { isValidDate } from '../dates';
import { requiredMessage, tooLongMessage, VALIDATION_MESSAGES } from '../messages';
import { MAX_CURRENCY_EXPONENT } from '../money';
import { canTakeRoom, type Party } from '../occupancy';
import { isValidTimeOfDay } from '../time-of-day';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, isStrongPassword, isValidPhone, PHONE_MAX_LENGTH } from '../validation';

/** Longest free text accepted in a field (names, streets, codes). */
export const SHORT_TEXT_MAX = 200;

/** Longest free text accepted for special requests and comments. */
export const LONG_TEXT_MAX = 2000;

/** The largest id a database integer column holds. */
export const MAX_ID = 2_147_483_647;

/** A database id: a positive integer that fits the column. */
export const wireId = z.number().int().positive().max(MAX_ID);

/** Who takes a property's card payments, and so who keeps a card saved there: the embedded test gateway, Stripe or PayStack. */
export const paymentProviderSchema = z.enum(['test', 'stripe', 'paystack']);

export type PaymentProvider = z.infer<typeof paymentProviderSchema>;

/** PropertyId: the property's number. */
export const propertyIdSchema = z
  .number({ error: requiredMessage('Property') })
  .int()
  .positive()
  .max(MAX_ID, { error: requiredMessage('Property') });

/** LanguageCode; the client always sends "en". */
export const languageCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/)
  .max(35);

/** A date, "YYYY-MM-DD" or "YYYY/MM/DD", that exists (no 2027-02-30). */
export const wireDate = z
  .string({ error: VALIDATION_MESSAGES.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$|^\d{4}\/\d{2}\/\d{2}$/, { error: VALIDATION_MESSAGES.dateInvalid, abort: true })
  .refine(isValidDate, { error: VALIDATION_MESSAGES.dateInvalid });

/** A time of day "HH:mm", 24-hour. */
export const wireTime = z
  .string({ error: VALIDATION_MESSAGES.timeInvalid })
  .refine(isValidTimeOfDay, { error: VALIDATION_MESSAGES.timeInvalid });

/**
 * Money in major units, not negative, with at most as many decimals as any currency has (4,
 * CLF): the schema does not know the currency yet. The API refuses an amount with more
 * decimals than the property's currency has once it knows it (`hasCurrencyDecimals`): a JPY
 * price has none, a GBP price at most 2. zod's multipleOf tolerates float noise (0.1 + 0.2
 * passes as 0.30), which `toMinor` then rounds away.
 */
export const wireMoney = z
  .number({ error: VALIDATION_MESSAGES.amountInvalid })
  .min(0, { error: VALIDATION_MESSAGES.amountInvalid })
  .max(100_000_000, { error: VALIDATION_MESSAGES.amountInvalid })
  // 1e-4 parsed from its text: 10 ** -4 is 0.00009999999999999999 and would show so in the JSON Schema.
  .multipleOf(Number(`1e-${MAX_CURRENCY_EXPONENT}`), { error: VALIDATION_MESSAGES.amountInvalid });

/** A guest count of a room. */
export const guestCount = z.number().int().min(0).max(50);

/**
 * Refines a room's guest counts: at least one adult or child (`canTakeRoom`), reported on
 * NumberOfAdults, and only once the counts themselves are valid.
 */
export function withGuestWhoTakesRoom<T extends z.ZodType<Party>>(room: T) {
  return room.refine(canTakeRoom, {
    error: VALIDATION_MESSAGES.roomWithoutGuest,
    path: ['NumberOfAdults'],
    when: (payload) => payload.issues.length === 0,
  });
}

/**
 * Text that must hold something other than spaces; the message names the field. Too long text
 * says the limit (a schema's own error would otherwise stand for every check, "required" too).
 */
export function requiredText(label: string, max: number = SHORT_TEXT_MAX) {
  const message = requiredMessage(label);
  return z
    .string({ error: message })
    .max(max, { error: tooLongMessage(max) })
    .regex(/\S/, { error: message });
}

/** Optional free text (null or absent allowed), at most `max` characters. */
export function optionalText(max: number = SHORT_TEXT_MAX) {
  return z
    .string()
    .max(max, { error: tooLongMessage(max) })
    .nullish();
}

/** An e-mail address under the e-mail rule, with its message. */
export const emailSchema = z
  .string({ error: VALIDATION_MESSAGES.email })
  .max(EMAIL_MAX_LENGTH, { error: VALIDATION_MESSAGES.email })
  .regex(EMAIL_PATTERN, { error: VALIDATION_MESSAGES.email });

/** A phone number starting with + or 00, with its message. */
export const phoneSchema = z
  .string({ error: VALIDATION_MESSAGES.phone })
  .max(PHONE_MAX_LENGTH, { error: VALIDATION_MESSAGES.phone })
  .refine(isValidPhone, { error: VALIDATION_MESSAGES.phone });

/** A password being checked (login): only required. */
export const passwordSchema = z
  .string({ error: VALIDATION_MESSAGES.passwordRequired })
  .min(1, { error: VALIDATION_MESSAGES.passwordRequired })
  .max(200, { error: tooLongMessage(200) });

/** A password being chosen: required, 10+ characters with a non-alphanumeric one. */
export const newPasswordSchema = z
  .string({ error: VALIDATION_MESSAGES.passwordRequired })
  .min(1, { error: VALIDATION_MESSAGES.passwordRequired, abort: true })
  .max(200, { error: tooLongMessage(200) })
  .refine(isStrongPassword, { error: VALIDATION_MESSAGES.passwordTooWeak });
