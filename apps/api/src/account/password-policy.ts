import { isStrongPassword } from '@hotel/domain/validation';
import { commonPasswords } from './common-passwords';

export const COMMON_PASSWORD_MESSAGE = 'This password is too common or too easy to guess. Please choose another one.';

// Look-alike characters people put in common words: p@ssw0rd, $unsh1ne.
const lookAlikes: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};

/**
 * The forms a guesser tries first for a password: as typed, without its symbols, without its
 * trailing digits ("Summer2027!" is "summer"), and with look-alikes read back as letters
 * ("P@ssw0rd!!" is "password").
 */
function guessableForms(password: string): string[] {
  const lower = password.toLowerCase();
  const alphanumeric = lower.replace(/[^\p{L}\p{N}]/gu, '');
  const withoutTrailingDigits = alphanumeric.replace(/\d+$/, '');
  const word = lower
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '')
    .replace(/[@483!05$71]/g, (character) => lookAlikes[character]!)
    .replace(/[^\p{L}]/gu, '');
  return [lower, alphanumeric, withoutTrailingDigits, word];
}

/**
 * True when a password that meets the length rule is still one a guesser tries early: a common
 * password with symbols, digits or look-alikes added, fewer than four different characters, or
 * the user's own name or e-mail address. (The length rule itself is the domain's `isStrongPassword`.)
 */
export function isGuessablePassword(password: string, personal: readonly (string | null | undefined)[] = []): boolean {
  if (new Set(password).size < 4) return true;
  const forms = guessableForms(password);
  if (forms.some((form) => commonPasswords.has(form))) return true;
  // Each text whole ("adalovelaceexamplecom") and in its parts ("lovelace").
  const personalWords = personal
    .map((text) => (text ?? '').toLowerCase())
    .flatMap((text) => [text.replace(/[^\p{L}\p{N}]/gu, ''), ...text.split(/[^\p{L}\p{N}]+/u)])
    .filter((word) => word.length >= 4);
  return personalWords.some((word) =>
    forms.slice(1).some((form) => form === word || (form.startsWith(word) && form.length - word.length <= 4)),
  );
}

/** The ModelState message for a new password the length rule allows but which is guessable, else undefined. */
export function guessablePasswordError(password: string, personal: readonly (string | null | undefined)[] = []): string | undefined {
  return isStrongPassword(password) && isGuessablePassword(password, personal) ? COMMON_PASSWORD_MESSAGE : undefined;
}
