import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onRealPostgres } from '../support/test-database';
import {
  committedBookings,
  confirmationMail,
  eventually,
  findDamage,
  givenFaultProperty,
  startBookingLoad,
  startFaultRig,
  statements,
  type BookingTarget,
  type FaultRig,
} from './fault-fixture';

describe.runIf(onRealPostgres())('the API is killed (SIGKILL) during bookings whose clients retry', () => {
  let rig: FaultRig;
  let target: BookingTarget;
  beforeAll(async () => {
    rig = await startFaultRig();
    target = await givenFaultProperty(rig);
  });
  afterAll(() => rig?.close());

  it('books each Idempotency-Key once and, after the restart, sends each confirmation', async () => {
    // 5 clients x 8 bookings, each retried with its key after no answer or a 5xx.
    const load = startBookingLoad({ base: rig.api.base, target, clients: 5, bookingsPerClient: 8, timeoutMs: 15_000 });
    const explain = () => `${JSON.stringify(load.attempts.slice(-10), null, 1)}\n--- API output ---\n${rig.api.output()}`;
    let killedAt = 0;
    let restartedAt = 0;
    try {
      await eventually('the load books', () => load.booked() >= 10, { timeoutMs: 20_000, explain });
      // At the kill: a booking mid-transaction, two whose COMMIT Postgres applied but whose
      // answer the API never got, and a confirmation written to its file but not marked sent.
      const midTransaction = rig.proxy.holdStatement(statements.insertReservationRoom, { connections: 1 });
      const committedUnanswered = rig.proxy.holdAnswerTo(statements.commit, { after: statements.insertReservation, connections: 2 });
      const mailUnmarked = rig.proxy.holdStatement(statements.markMailSent, { connections: 1 });
      await Promise.all([midTransaction.reached(1), committedUnanswered.reached(2), mailUnmarked.reached(1)]);

      const killed = rig.api;
      killed.kill('SIGKILL');
      expect(await killed.exited).toEqual({ code: null, signal: 'SIGKILL' });
      killedAt = Date.now();
      await rig.restartApi();
      restartedAt = Date.now();
      await load.done();
    } finally {
      await load.stop();
    }

    // Only the dead API left requests unanswered; the restarted one answered every retry, none with a 5xx.
    expect(load.attempts.filter((a) => a.status === undefined && a.sentAt > restartedAt)).toEqual([]);
    expect(load.attempts.filter((a) => a.status !== undefined && a.status >= 300)).toEqual([]);
    // At least the three held at the kill had no answer.
    expect(load.attempts.filter((a) => a.status === undefined).length).toBeGreaterThanOrEqual(3);
    const finals = [...load.finalAttempts().values()];
    expect(finals).toHaveLength(40);
    expect(finals.filter((a) => a.status !== 200)).toEqual([]);

    // One reservation per key: exactly the ones the clients were told about.
    const committed = await committedBookings(rig.database);
    expect(committed.numbers).toEqual(finals.map((a) => a.reservationNumber!).sort());
    expect(new Set(committed.numbers).size).toBe(40);
    expect(finals.filter((a) => committed.numberOfKey(a.key) !== a.reservationNumber)).toEqual([]);
    // The two committed before the kill were answered on retry with their first booking.
    const replayed = finals.filter((a) => a.attempt > 1 && committed.createdAt.get(a.reservationNumber!)! < killedAt);
    expect(replayed.length).toBeGreaterThanOrEqual(2);

    expect(await findDamage(rig.database)).toEqual({ incompleteReservations: [], miscountedNights: [], unansweredKeys: [] });

    // Every confirmation goes out from the restarted API, the one caught mid-send included.
    let unsent: unknown[] = [];
    await eventually(
      'every confirmation is sent',
      async () => (unsent = (await confirmationMail(rig)).rows.filter((row) => row.status !== 'sent')).length === 0,
      { timeoutMs: 30_000, explain: () => `${JSON.stringify(unsent)}\n--- API output ---\n${rig.api.output()}` },
    );
    const mail = await confirmationMail(rig);
    expect(mail.rows.map((row) => row.reservation_number).sort()).toEqual(committed.numbers);
    expect(committed.numbers.filter((number) => !mail.filesByNumber.has(number))).toEqual([]);
    expect([...mail.filesByNumber.keys()].filter((number) => !committed.numbers.includes(number))).toEqual([]);
    // A second file only for a mail whose first send the kill interrupted (at least once, as an
    // outbox promises): the one held before it was marked sent is one of them.
    const sentTwice = mail.rows.filter((row) => mail.filesByNumber.get(row.reservation_number)! > 1);
    expect(sentTwice.length).toBeGreaterThanOrEqual(1);
    expect(sentTwice.filter((row) => row.attempts < 2)).toEqual([]);
  }, 60_000);
});
