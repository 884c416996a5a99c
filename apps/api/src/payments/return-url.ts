import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const probeOrigin = 'http://same-origin.invalid';

/**
 * True for a path on this site (`/Book/DEMO/Status/abc?x=1`), the only kind of address we
 * redirect a guest to: no scheme, no host, no `//` or backslash tricks that browsers read as
 * another origin, no whitespace or control characters.
 */
export function isSameOriginPath(url: string): boolean {
  if (url.length > 2000 || !/^\/(?![/\\])[^\s\\\p{Cc}]*$/u.test(url)) return false;
  try {
    return new URL(url, probeOrigin).origin === probeOrigin;
  } catch {
    return false;
  }
}

function keyFrom(secret: string): Buffer {
  return createHmac('sha256', secret).update('payments: challenge return url').digest();
}

/**
 * Encrypts a return path for a challenge address. The path usually holds the booking's
 * confirmation token, which the database keeps only as a hash, so the challenge URL a use
 * case stores must not hold it in clear. Bound to the challenge's reference.
 */
export function sealReturnUrl(secret: string, reference: string, returnUrl: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  cipher.setAAD(Buffer.from(reference));
  const body = Buffer.concat([cipher.update(returnUrl, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The return path sealed for this reference, or undefined when the value was not ours or is not a same-origin path. */
export function openReturnUrl(secret: string, reference: string, sealed: string): string | undefined {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < 29) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(reference));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const url = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    return isSameOriginPath(url) ? url : undefined;
  } catch {
    return undefined;
  }
}
