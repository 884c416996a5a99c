import { mailOutbox } from '@hotel/db/schema';
import type { Tx } from '../database';
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
 * The outbox row of a mail, for a caller that writes it inside a larger statement (a new
 * booking writes its confirmation in the same statement as the reservation it names).
 */
export function outboxRow(mail: OutboxMail) {
  const to = mail.to.trim();
  if (to === '' || /[\r\n]/.test(to)) throw new RangeError('a mail needs one recipient address');
  return {
    kind: mail.kind,
    toAddress: to,
    // A header is one line.
    subject: mail.subject.replace(/\s+/g, ' ').trim(),
    html: mail.html,
    text: mail.text,
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
export async function enqueueMail(tx: Tx, mail: OutboxMail): Promise<number> {
  const [row] = await tx.insert(mailOutbox).values(outboxRow(mail)).returning({ id: mailOutbox.id });
  return row!.id;
}
