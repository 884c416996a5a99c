import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '@hotel/db/schema';
import type { Database } from '../../src/database/db';
import { openPostgresDatabase } from '../../src/database/postgres-database';
import { createLogger } from '../../src/logger';
import { dispatchPendingMail, retryDelayMs, startMailDispatcher, startOutboxLoop } from '../../src/mail/mail-dispatcher';
import { createMailTransport, type MailTransport, type OutgoingMail } from '../../src/mail/mail-transport';
import { enqueueMail, openMailBody, outboxKey } from '../../src/mail/outbox';
import { createTestApp, type TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';
import { startDatabaseProxy } from '../faults/database-proxy';
import { aFakeSmtpServer, aRecordingTransport } from './mail-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
});
afterAll(() => t.close());

function aMail(subject: string) {
  return { to: 'ann@example.com', subject, html: `<p>${subject}</p>`, text: subject, kind: 'booking_confirmation' as const };
}

/** Queues mails in one committed transaction. */
async function given(...subjects: string[]): Promise<number[]> {
  return t.database.db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const subject of subjects) ids.push(await enqueueMail(tx, t.context.config, aMail(subject)));
    return ids;
  });
}

async function rowsLike(prefix: string) {
  return t.database.db
    .select({
      subject: mailOutbox.subject,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      sentAt: mailOutbox.sentAt,
      lastError: mailOutbox.lastError,
      html: mailOutbox.html,
      text: mailOutbox.text,
    })
    .from(mailOutbox)
    .where(like(mailOutbox.subject, `${prefix}%`))
    .orderBy(mailOutbox.id);
}

function contextWith(mailTransport: MailTransport, database: Database = t.database) {
  return { ...t.context, database, mailTransport };
}

describe('the outbox', () => {
  it('holds a mail written in a transaction that commits, pending and due at once, its body sealed until it is sent', async () => {
    await given('outbox-commit');
    const [row] = await rowsLike('outbox-commit');
    // The body holds the links with live tokens: at rest it is sealed, and opens with the outbox key.
    expect(row!.html).toMatch(/^sealed:v1:/);
    expect(row!.text).not.toContain('outbox-commit');
    const key = outboxKey(t.context.config);
    expect([row!.html, row!.text].map((body) => openMailBody(body, key))).toEqual(['<p>outbox-commit</p>', 'outbox-commit']);
    expect(await rowsLike('outbox-commit')).toEqual([
      {
        subject: 'outbox-commit',
        status: 'pending',
        attempts: 0,
        nextAttemptAt: new Date(0),
        sentAt: null,
        lastError: null,
        html: expect.stringMatching(/^sealed:v1:/),
        text: expect.stringMatching(/^sealed:v1:/),
      },
    ]);
  });

  it('holds nothing of a transaction that rolls back, so a failed booking sends nothing', async () => {
    const failing = t.database.db.transaction(async (tx) => {
      await enqueueMail(tx, t.context.config, aMail('outbox-rollback'));
      throw new Error('the booking failed after its mail was queued');
    });
    await expect(failing).rejects.toThrow('the booking failed');
    expect(await rowsLike('outbox-rollback')).toEqual([]);
    const transport = aRecordingTransport();
    await dispatchPendingMail(contextWith(transport));
    expect(transport.sent.map((mail) => mail.subject)).not.toContain('outbox-rollback');
  });

  it('keeps the subject on one line and refuses a mail without a recipient', async () => {
    await t.database.db.transaction((tx) =>
      enqueueMail(tx, t.context.config, { ...aMail('outbox-subject\r\nBcc: someone@evil.example'), to: ' ann@example.com ' }),
    );
    expect((await rowsLike('outbox-subject'))[0]!.subject).toBe('outbox-subject Bcc: someone@evil.example');
    await expect(
      t.database.db.transaction((tx) => enqueueMail(tx, t.context.config, { ...aMail('outbox-no-recipient'), to: '  ' })),
    ).rejects.toThrow(RangeError);
  });
});

describe('dispatching', () => {
  it('sends each due mail once and marks it sent at the clock time, keeping no body (its links carry tokens)', async () => {
    await dispatchPendingMail(contextWith(aRecordingTransport())); // what earlier tests left
    await given('send-once-a', 'send-once-b');
    const transport = aRecordingTransport();
    expect(await dispatchPendingMail(contextWith(transport))).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(transport.sent).toEqual([
      { to: 'ann@example.com', subject: 'send-once-a', html: '<p>send-once-a</p>', text: 'send-once-a', messageId: expect.any(String) },
      { to: 'ann@example.com', subject: 'send-once-b', html: '<p>send-once-b</p>', text: 'send-once-b', messageId: expect.any(String) },
    ]);
    expect(await rowsLike('send-once')).toMatchObject([
      {
        subject: 'send-once-a',
        status: 'sent',
        attempts: 1,
        sentAt: new Date('2027-03-01T09:00:00Z'),
        lastError: null,
        html: '',
        text: '',
      },
      {
        subject: 'send-once-b',
        status: 'sent',
        attempts: 1,
        sentAt: new Date('2027-03-01T09:00:00Z'),
        lastError: null,
        html: '',
        text: '',
      },
    ]);
    expect(await dispatchPendingMail(contextWith(transport))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(transport.sent).toHaveLength(2);
  });

  it('retries a failed send with exponential backoff, then gives up after the last attempt', async () => {
    t.setNow('2027-03-01T10:00:00Z');
    await given('backoff');
    const transport = aRecordingTransport();
    transport.failing = 'connect ECONNREFUSED 127.0.0.1:25';
    const options = { maxAttempts: 4, baseDelayMs: 60_000, maxDelayMs: 3 * 60_000 };

    expect(await dispatchPendingMail(contextWith(transport), options)).toEqual({ sent: 0, retrying: 1, failed: 0 });
    expect(await rowsLike('backoff')).toMatchObject([
      {
        status: 'pending',
        attempts: 1,
        nextAttemptAt: new Date('2027-03-01T10:01:00Z'),
        lastError: 'connect ECONNREFUSED 127.0.0.1:25',
        // Kept while it may still be sent.
        html: expect.stringMatching(/^sealed:v1:/),
      },
    ]);
    // Not due yet: nothing is tried.
    t.setNow('2027-03-01T10:00:59Z');
    expect(await dispatchPendingMail(contextWith(transport), options)).toEqual({ sent: 0, retrying: 0, failed: 0 });

    t.setNow('2027-03-01T10:01:00Z');
    await dispatchPendingMail(contextWith(transport), options);
    expect((await rowsLike('backoff'))[0]).toMatchObject({ attempts: 2, nextAttemptAt: new Date('2027-03-01T10:03:00Z') });

    t.setNow('2027-03-01T10:03:00Z');
    await dispatchPendingMail(contextWith(transport), options);
    // Doubling would give 4 minutes; the ceiling is 3.
    expect((await rowsLike('backoff'))[0]).toMatchObject({ attempts: 3, nextAttemptAt: new Date('2027-03-01T10:06:00Z') });

    t.setNow('2027-03-01T10:06:00Z');
    expect(await dispatchPendingMail(contextWith(transport), options)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect((await rowsLike('backoff'))[0]).toMatchObject({ status: 'failed', attempts: 4, sentAt: null, html: '', text: '' });

    transport.failing = undefined;
    t.setNow('2027-03-02T10:00:00Z');
    expect(await dispatchPendingMail(contextWith(transport), options)).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(t.logLines.filter((line) => line.includes('mail failed for good'))).toHaveLength(1);
    t.setNow('2027-03-01T09:00:00Z');
  });

  it('sends a mail that failed once when it is due again', async () => {
    await given('recovers');
    const transport = aRecordingTransport();
    transport.failing = 'greeting never received';
    await dispatchPendingMail(contextWith(transport));
    transport.failing = undefined;
    t.setNow('2027-03-01T09:01:00Z');
    expect(await dispatchPendingMail(contextWith(transport))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await rowsLike('recovers')).toMatchObject([{ status: 'sent', attempts: 2, lastError: null }]);
    t.setNow('2027-03-01T09:00:00Z');
  });

  it('waits between attempts 1, 2, 4, 8... minutes up to an hour by default', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => retryDelayMs(attempts) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('leaves a mail claimed by a dispatcher that stopped mid-send alone until its claim runs out', async () => {
    await given('claimed');
    const stuck: MailTransport = { kind: 'smtp', send: () => new Promise<void>(() => undefined), close() {} };
    void dispatchPendingMail(contextWith(stuck), { batchSize: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200)); // the claim is committed, the send hangs

    const transport = aRecordingTransport();
    expect(await dispatchPendingMail(contextWith(transport))).toEqual({ sent: 0, retrying: 0, failed: 0 });
    t.setNow('2027-03-01T09:10:00Z');
    expect(await dispatchPendingMail(contextWith(transport))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await rowsLike('claimed')).toMatchObject([{ status: 'sent', attempts: 2 }]);
    t.setNow('2027-03-01T09:00:00Z');
  });

  it('sends a mail again only after its claim lapsed (its process died after handing it over), with the same Message-ID', async () => {
    const [id] = await given('lapsed-claim');
    const handedOver: OutgoingMail[] = [];
    // The SMTP server has the mail; the process dies before it hears so, and never marks it sent.
    const dying: MailTransport = {
      kind: 'smtp',
      send: (mail) => {
        handedOver.push(mail);
        return new Promise<void>(() => undefined);
      },
      close() {},
    };
    void dispatchPendingMail(contextWith(dying), { batchSize: 1, maxClaimMs: 0 });
    await expect.poll(() => handedOver.length).toBe(1);

    const transport = aRecordingTransport();
    t.setNow('2027-03-01T09:10:00Z');
    expect(await dispatchPendingMail(contextWith(transport))).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(transport.sent.map((mail) => mail.subject)).toEqual(['lapsed-claim']);
    expect(handedOver[0]!.messageId).toMatch(new RegExp(`^<outbox-${id}\\.[0-9a-f]{20}@localhost>$`));
    // One message to the guest's mail client, which keeps the first copy of a Message-ID.
    expect(transport.sent[0]!.messageId).toBe(handedOver[0]!.messageId);
    t.setNow('2027-03-01T09:00:00Z');
  });

  it('gives every mail a Message-ID of its own', async () => {
    await given('own-id-a', 'own-id-b');
    const transport = aRecordingTransport();
    await dispatchPendingMail(contextWith(transport));
    const ids = transport.sent.filter((mail) => mail.subject.startsWith('own-id')).map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(2);
  });

  it('keeps renewing its claim while a send is slow, so no other dispatcher sends the mail too', async () => {
    await given('slow-send');
    const slow = aRecordingTransport({ delayMs: 1_500 });
    const sending = dispatchPendingMail(contextWith(slow), { batchSize: 1, claimMs: 300 });
    await expect.poll(async () => (await rowsLike('slow-send'))[0]!.attempts).toBe(1);
    // Long past the first claim: only a renewal (every 100 ms) keeps the mail from being due.
    t.setNow('2027-03-01T09:01:00Z');
    await expect
      .poll(async () => (await rowsLike('slow-send'))[0]!.nextAttemptAt.getTime())
      .toBeGreaterThan(new Date('2027-03-01T09:01:00Z').getTime());

    const other = aRecordingTransport();
    expect(await dispatchPendingMail(contextWith(other), { claimMs: 300 })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(await sending).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(slow.sent.map((mail) => mail.subject)).toEqual(['slow-send']);
    expect(other.sent).toEqual([]);
    expect(await rowsLike('slow-send')).toMatchObject([{ status: 'sent', attempts: 1 }]);
    t.setNow('2027-03-01T09:00:00Z');
  });
});

describe('two dispatchers at once', () => {
  // On Postgres the second dispatcher is another connection pool, as another API process
  // would be; on PGlite both share the one connection.
  let other: Database;
  beforeAll(() => {
    other = onRealPostgres()
      ? openPostgresDatabase({ connectionString: t.database.url!, logger: createLogger('silent'), pool: { writeConnections: 4 } })
      : t.database;
  });
  afterAll(async () => {
    if (other !== t.database) await other.close();
  });

  it('never send one mail twice', async () => {
    await dispatchPendingMail(contextWith(aRecordingTransport()));
    const subjects = Array.from({ length: 40 }, (_, i) => `race-${String(i).padStart(2, '0')}`);
    await given(...subjects);
    const first = aRecordingTransport({ delayMs: 5 });
    const second = aRecordingTransport({ delayMs: 5 });
    const reports = await Promise.all([
      dispatchPendingMail(contextWith(first), { batchSize: 4 }),
      dispatchPendingMail(contextWith(second, other), { batchSize: 4 }),
      dispatchPendingMail(contextWith(first), { batchSize: 4 }),
      dispatchPendingMail(contextWith(second, other), { batchSize: 4 }),
    ]);
    const sent = [...first.sent, ...second.sent].map((mail) => mail.subject).sort();
    expect(sent).toEqual(subjects);
    expect(reports.reduce((total, report) => total + report.sent, 0)).toBe(40);
    if (onRealPostgres()) expect(first.sent.length > 0 && second.sent.length > 0).toBe(true);
    expect((await rowsLike('race-')).every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});

// The database "restarts" at a proxy in front of it (the machine's Postgres is shared).
describe.runIf(onRealPostgres())('the database going away just after the SMTP server took a mail', () => {
  it('marks the mail sent once the database is back, and never sends it again', async () => {
    await dispatchPendingMail(contextWith(aRecordingTransport())); // what earlier tests left
    const proxy = await startDatabaseProxy(t.database.url!);
    const throughProxy = openPostgresDatabase({
      connectionString: proxy.url,
      logger: createLogger('silent'),
      pool: { writeConnections: 2, readConnections: 2 },
    });
    const smtp = await aFakeSmtpServer();
    const transport = createMailTransport(
      { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'x <x@example.com>', dataDir: '/nonexistent', isProduction: true },
      createLogger('silent'),
    );
    try {
      await given('outage-after-send');
      smtp.holdAcceptance();
      let settled = false;
      const sending = dispatchPendingMail(contextWith(transport, throughProxy), { batchSize: 1 }).finally(() => (settled = true));
      sending.catch(() => undefined);
      await smtp.received(1);
      await proxy.stop();
      smtp.acceptHeld(); // the mail is out; the dispatcher hears so while the database is away
      const markRefused = () => t.logLines.some((line) => line.includes('could not be marked sent yet'));
      await expect.poll(() => markRefused() || settled, { timeout: 30_000 }).toBe(true);
      await proxy.start();
      expect(await sending).toEqual({ sent: 1, retrying: 0, failed: 0 });

      // Long after any claim would have run out, every dispatcher finds nothing to send.
      t.setNow('2027-03-01T11:00:00Z');
      expect(await dispatchPendingMail(contextWith(transport))).toEqual({ sent: 0, retrying: 0, failed: 0 });
      expect(smtp.messages).toHaveLength(1);
      expect(await rowsLike('outage-after-send')).toMatchObject([{ status: 'sent', attempts: 1 }]);
    } finally {
      t.setNow('2027-03-01T09:00:00Z');
      transport.close();
      await throughProxy.close();
      await proxy.close();
      await smtp.close();
    }
  }, 60_000);
});

describe('the running dispatcher', () => {
  it('sends at once when told mail was committed, not at the next poll, and stops after its round', async () => {
    const transport = aRecordingTransport({ delayMs: 100 });
    const dispatcher = startMailDispatcher(contextWith(transport), { intervalMs: 60 * 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 300)); // the start-up round sends what was left
    transport.sent.length = 0;

    await given('woken');
    t.context.mailEnqueued.notify();
    await expect.poll(() => transport.sent.map((mail) => mail.subject), { timeout: 2_000 }).toEqual(['woken']);

    await given('stopping');
    t.context.mailEnqueued.notify();
    await new Promise((resolve) => setTimeout(resolve, 20)); // the round is sending
    await dispatcher.stop();
    expect(await rowsLike('stopping')).toMatchObject([{ status: 'sent' }]);

    await given('after-stop');
    t.context.mailEnqueued.notify();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rowsLike('after-stop')).toMatchObject([{ status: 'pending' }]);
    await t.database.db.delete(mailOutbox).where(eq(mailOutbox.subject, 'after-stop'));
  });

  it('sends, when stopped, the mail committed while its last round was sending', async () => {
    const transport = aRecordingTransport({ delayMs: 300 });
    const dispatcher = startMailDispatcher(contextWith(transport), { intervalMs: 60 * 60_000 });
    await given('last-round');
    t.context.mailEnqueued.notify();
    await expect.poll(async () => (await rowsLike('last-round'))[0]!.attempts).toBe(1); // claimed, being sent
    await given('while-sending'); // the last request's confirmation, committed during that round
    t.context.mailEnqueued.notify();
    await dispatcher.stop();
    expect(await rowsLike('last-round')).toMatchObject([{ status: 'sent' }]);
    expect(await rowsLike('while-sending')).toMatchObject([{ status: 'sent' }]);
  });

  it('wakes for notices of its own outbox only: a commit that queued mail alone does not make the webhook dispatcher claim', async () => {
    let rounds = 0;
    const loop = startOutboxLoop({
      signal: t.context.mailEnqueued,
      outbox: 'webhooks',
      intervalMs: 60 * 60_000,
      round: async () => {
        rounds += 1;
      },
      onError: () => undefined,
    });
    await expect.poll(() => rounds).toBe(1); // the start-up round
    t.context.mailEnqueued.notify({ mail: true, webhooks: false });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(rounds).toBe(1);
    t.context.mailEnqueued.notify({ mail: false, webhooks: true });
    await expect.poll(() => rounds).toBe(2);
    // A notice that names nothing is for both outboxes.
    t.context.mailEnqueued.notify();
    await expect.poll(() => rounds).toBe(3);
    await loop.stop();
  });
});
