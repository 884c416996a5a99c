// What the browser sends is free text: before it reaches the log, anything that could be a
// card number, an e-mail address, a password or a link's secret is taken out.

import { passesLuhn } from '@hotel/domain/cards';

/**
 * 12 or more digits, optionally grouped by single spaces or dashes ("4111 1111 1111 1111").
 * Card numbers are 12-19 digits; a longer run may hold one, so it goes too.
 */
const digitRun = /\d(?:[ -]?\d){11,}/g;
/**
 * Digits however they are written between: several spaces, dots, slashes, any 1-3 characters
 * that are neither letters nor digits ("4111  1111.1111/1111"). Such a run is a card number
 * when some part of it from one group's start to another's end has 12-19 digits and passes Luhn.
 */
const looseDigitRun = /\d(?:[^\p{L}\p{N}]{0,3}\d){11,}/gu;
/** Digits of other scripts that no normalisation turns into 0-9: a long run of them goes whole. */
const otherDigitRun = /\p{Nd}(?:[^\p{L}\p{N}]{0,3}\p{Nd}){11,}/gu;
/**
 * A word that says a secret follows in prose ("Password is hunter2", "bearer abc", "the token
 * 7f3a..."): everything after it on the line goes. Assignments (`password=...`) are handled
 * by `secretAssignment`, which keeps the rest of the line.
 */
const secretWordInProse =
  /\b(password|passwd|passphrase|pwd|secret|token|api[\s_-]?key|bearer)\b(?!["']?\s*[:=])[ \t]+(?!\[removed\])[^\r\n]+/gi;
/**
 * A word that looks like a generated token with no name before it: 32 or more URL-safe
 * characters, or 20 or more mixing letters and digits.
 */
const bareToken = /(?<![\w-])(?:[\w-]{32,}|(?=[A-Za-z_-]*\d)(?=\d*[A-Za-z_-])[\w-]{20,})(?![\w-])/g;
const emailAddress = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** `password=...`, `"Password": "..."`, `token: ...` and the like, in a query string, JSON or prose. */
const secretAssignment = /(pass(?:word)?|passwd|pwd|secret|token|security_?code|cvv|cvc)(["']?\s*[:=]\s*["']?)([^\s"'&,;}]+)/gi;
/** A card's security code after its name, however written: `cvv 739`, `security code: 739`, `CVC2=7391`. */
const securityCode = /\b(cvv2?|cvc2?|csc|security[\s_-]*code)(\W{0,8})\d{3,4}(?!\d)/gi;
/** Query parameters of links that carry a secret (confirmation tokens, e-mailed link codes, keys). */
const secretParameter = /token|code|key|secret|pass|sig|hash/i;
/** Parameters that merely name a code the whole world knows (`languageCode=en`): kept, or the log loses what the calls asked for. */
const publicCodeParameter = /^(language|currency|country)Code$/i;
/**
 * A path segment that looks like a generated token (the confirmation token of the Status and
 * Confirmation routes, 43 characters): 32 or more URL-safe characters, or 20 or more with a
 * digit. A route's own name (`RoomTypeConfiguration`, `RequestPasswordReset`) stays readable.
 */
const tokenLikeSegment = /^[A-Za-z0-9_-]{32,}$|^(?=\D*\d)[A-Za-z0-9_-]{20,}$/;

/**
 * The e-mailed links' code, the last segment of `/Manage/{property}/Reservation/{number}/{code}`
 * and `/PreCheckIn/{property}/{number}/{code}`: 22 URL-safe characters that may hold no digit,
 * so the token look above would miss it.
 */
const linkCodePath = /^(\/(?:Manage\/[^/]+\/Reservation|PreCheckIn\/[^/]+)\/[^/]+\/)[^/]+$/i;

export const removed = '[removed]';
const relativeBase = 'http://relative.invalid';

/** True when a loosely written digit run holds a card number (see `looseDigitRun`). */
function holdsCardNumber(run: string): boolean {
  const groups = run.split(/\D+/);
  for (let first = 0; first < groups.length; first++) {
    let digits = '';
    for (let last = first; last < groups.length && digits.length < 19; last++) {
      digits += groups[last];
      if (digits.length >= 12 && digits.length <= 19 && passesLuhn(digits)) return true;
    }
  }
  return false;
}

/**
 * Free text without card-like digit runs, e-mail addresses, bare tokens, or secrets after their
 * names. Full-width digits and letters count as their ASCII twins (NFKC).
 */
export function sanitizeText(text: string): string {
  return text
    .normalize('NFKC')
    .replace(digitRun, removed)
    .replace(looseDigitRun, (run) => (holdsCardNumber(run) ? removed : run))
    .replace(otherDigitRun, removed)
    .replace(emailAddress, removed)
    .replace(securityCode, (_match, name: string, separator: string) => `${name}${separator}${removed}`)
    .replace(secretAssignment, (_match, name: string, separator: string) => `${name}${separator}${removed}`)
    .replace(secretWordInProse, (_match, name: string) => `${name} ${removed}`)
    .replace(bareToken, removed);
}

const MAX_CLEAN_URLS = 1000;

/**
 * `sanitizeUrl` remembering the addresses that came out unchanged: the access log sanitises
 * every request's address, and most are the same few API paths. Only addresses with nothing to
 * remove are kept, so no secret is held here either. Each caller keeps its own.
 */
export function rememberingUrlSanitizer(): (text: string) => string {
  const cleanUrls = new Set<string>();
  return (text) => {
    if (cleanUrls.has(text)) return text;
    const sanitized = sanitizeUrl(text);
    if (sanitized === text) {
      if (cleanUrls.size >= MAX_CLEAN_URLS) cleanUrls.clear();
      cleanUrls.add(text);
    }
    return sanitized;
  };
}

/** An address the browser was at or called, without the secrets links carry, then as free text. */
export function sanitizeUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text, relativeBase);
  } catch {
    return sanitizeText(text);
  }
  url.pathname = url.pathname
    .split('/')
    .map((segment) => (tokenLikeSegment.test(segment) ? removed : segment))
    .join('/')
    .replace(linkCodePath, `$1${removed}`);
  for (const [name, value] of [...url.searchParams.entries()]) {
    // Reservation/Status carries the confirmation token as `referenceNumber`: judge values too.
    if ((secretParameter.test(name) && !publicCodeParameter.test(name)) || tokenLikeSegment.test(value))
      url.searchParams.set(name, removed);
  }
  url.username = '';
  url.password = '';
  const cleaned = url.origin === relativeBase ? `${url.pathname}${url.search}${url.hash}` : url.toString();
  // Decoded so that an encoded e-mail address (%40) or card number is recognised as well.
  return sanitizeText(safelyDecoded(cleaned));
}

function safelyDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
