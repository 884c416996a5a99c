// What the browser sends is free text: before it reaches the log, anything that could be a
// card number, an e-mail address, a password or a link's secret is taken out.

/**
 * 12 or more digits, optionally grouped by single spaces or dashes ("4111 1111 1111 1111").
 * Card numbers are 12-19 digits; a longer run may hold one, so it goes too.
 */
const digitRun = /\d(?:[ -]?\d){11,}/g;
const emailAddress = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** `password=...`, `"Password": "..."`, `token: ...` and the like, in a query string, JSON or prose. */
const secretAssignment = /(pass(?:word)?|passwd|pwd|secret|token|security_?code|cvv|cvc)(["']?\s*[:=]\s*["']?)([^\s"'&,;}]+)/gi;
/** A card's security code after its name, however written: `cvv 739`, `security code: 739`, `CVC2=7391`. */
const securityCode = /\b(cvv2?|cvc2?|csc|security[\s_-]*code)(\W{0,8})\d{3,4}(?!\d)/gi;
/** Query parameters of links that carry a secret (confirmation tokens, e-mailed link codes, keys). */
const secretParameter = /token|code|key|secret|pass|sig/i;
/** Parameters that merely name a code the whole world knows (`languageCode=en`): kept, or the log loses what the calls asked for. */
const publicCodeParameter = /^(language|currency|country)Code$/i;
/**
 * A path segment that looks like a generated token (the confirmation token of the Status and
 * Confirmation routes, 43 characters): 32 or more URL-safe characters, or 20 or more with a
 * digit. A route's own name (`RoomTypeConfiguration`, `RequestPasswordReset`) stays readable.
 */
const tokenLikeSegment = /^[A-Za-z0-9_-]{32,}$|^(?=\D*\d)[A-Za-z0-9_-]{20,}$/;

export const removed = '[removed]';
const relativeBase = 'http://relative.invalid';

/** Free text without card-like digit runs, e-mail addresses or secrets after their names. */
export function sanitizeText(text: string): string {
  return text
    .replace(digitRun, removed)
    .replace(emailAddress, removed)
    .replace(securityCode, (_match, name: string, separator: string) => `${name}${separator}${removed}`)
    .replace(secretAssignment, (_match, name: string, separator: string) => `${name}${separator}${removed}`);
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
    .join('/');
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
