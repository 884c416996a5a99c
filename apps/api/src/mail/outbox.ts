import { createHmac } from 'node:crypto';
import { mailOutbox } from '@hotel/db/schema';
import type { Tx } from '../database';
import { derivedKey, openSealedText, sealText } from '../secrets';
import type { MailKind } from './templates/mail-template';

export type OutboxMail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  kind: MailKind;
  reservationId?: number | null;
  tableBookingId?: number | null;
  userId?: number | null;
};

/**
 * Fresh mail is due at once, whatever the clocks say: the database's now() and the injected
 * clock (pinned in tests, possibly skewed between hosts) need not agree, so "due since the
 * epoch" is the one value every dispatcher sees as due. It also sends new mail before retries.
 */
const dueAtOnce = new Date(0);

/**
 * The key the bodies of waiting mail are sealed with (AES-256-GCM), derived from LINK_SECRET.
 * A body holds the links the guest clicks (reset, confirmation and manage codes, which the
 * database otherwise keeps only as hashes): sealed, neither a copy of the table nor the
 * write-ahead log holds a live one. The dispatcher opens it just before sending.
 */
export function outboxKey(config: { linkSecret: string }): Buffer {
  return derivedKey(config.linkSecret, 'mail outbox', 'body');
}

/** A stored body as it is sent: opened when sealed; a body stored before sealing (or blanked once sent) as it is. */
export function openMailBody(stored: string, key: Buffer): string {
  return openSealedText(stored, key);
}

/**
 * The `Message-ID` of an outbox row: the same on every attempt, so a mail sent again (its
 * process died after the SMTP server took it, before the row was marked sent) is one message
 * to mail clients, which keep the first. Keyed (HMAC under LINK_SECRET) so that nobody can
 * forge the id of a mail they did not get; the host is PUBLIC_URL's, a domain the site owns.
 */
export function outboxMessageId(id: number, config: { linkSecret: string; publicUrl: string }): string {
  const tag = createHmac('sha256', derivedKey(config.linkSecret, 'mail outbox', 'message id'))
    .update(String(id))
    .digest('hex')
    .slice(0, 20);
  return `<outbox-${id}.${tag}@${new URL(config.publicUrl).hostname}>`;
}

/**
 * The outbox row of a mail, for a caller that writes it inside a larger statement (a new
 * booking writes its confirmation in the same statement as the reservation it names).
 */
export function outboxRow(mail: OutboxMail, key: Buffer) {
  const to = mail.to.trim();
  if (to === '' || /[\r\n]/.test(to)) throw new RangeError('a mail needs one recipient address');
  return {
    kind: mail.kind,
    toAddress: to,
    // A header is one line.
    subject: mail.subject.replace(/\s+/g, ' ').trim(),
    html: sealText(mail.html, key),
    text: sealText(mail.text, key),
    reservationId: mail.reservationId ?? null,
    tableBookingId: mail.tableBookingId ?? null,
    userId: mail.userId ?? null,
    nextAttemptAt: dueAtOnce,
  } satisfies typeof mailOutbox.$inferInsert;
}

/**
 * Puts an e-mail in the outbox inside the caller's transaction: it is sent only if that
 * transaction commits (a rolled-back booking sends nothing). Notify `context.mailEnqueued`
 * after the commit to send it without waiting for the next poll. Answers the row's id.
 */
export async function enqueueMail(tx: Tx, config: { linkSecret: string }, mail: OutboxMail): Promise<number> {
  const [row] = await tx
    .insert(mailOutbox)
    .values(outboxRow(mail, outboxKey(config)))
    .returning({ id: mailOutbox.id });
  return row!.id;
}
