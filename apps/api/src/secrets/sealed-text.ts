import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Text kept sealed at rest (AES-256-GCM, a fresh IV each time, authenticated): stored answers'
 * tokens (idempotency.ts) and the bodies of waiting mail (mail/outbox.ts).
 */
const sealedPrefix = 'sealed:v1:';

export function sealText(text: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return sealedPrefix + [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The text a `sealText` result holds; any other text as it is (kept before sealing, or blanked). Throws when the key is wrong. */
export function openSealedText(stored: string, key: Buffer): string {
  if (!stored.startsWith(sealedPrefix)) return stored;
  const [iv, tag, sealed] = stored
    .slice(sealedPrefix.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}
