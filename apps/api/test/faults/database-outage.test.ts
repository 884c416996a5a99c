import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onRealPostgres } from '../support/test-database';
import {
  aFaultBooking,
  committedBookings,
  eventually,
  findDamage,
  givenFaultProperty,
  readiness,
  sendBooking,
  startBookingLoad,
  startFaultRig,
  statements,
  type BookingTarget,
  type FaultRig,
} from './fault-fixture';
import { killApi } from './api-process';

const probeKey = 'probe-after-return';

// The database "stops" at a proxy in front of it (the machine's Postgres is shared): every
// connection is cut and new ones are refused, then accepted again.
describe.runIf(onRealPostgres())('the database stops during a load of bookings', () => {
  let rig: FaultRig;
  let target: BookingTarget;
  beforeAll(async () => {
    rig = await startFaultRig();
    target = await givenFaultProperty(rig);
  });
  afterAll(() => rig?.close());

  it('answers 503 while it is away, recovers within 10 s of its return, and keeps every booking whole and counted once', async () => {
    const load = startBookingLoad({ base: rig.api.base, target, clients: 4, timeoutMs: 8_000 });
    const explain = () => `${JSON.stringify(load.attempts.slice(-20), null, 1)}\n--- API output ---\n${rig.api.output()}`;
    let stoppedAt = 0;
    let backAt = 0;
    let recoveredAt = 0;
    try {
      await eventually('the load books', () => load.booked() >= 8, { timeoutMs: 20_000, explain });

      // The stop finds two bookings mid-transaction (reservation and inventory written, rooms
      // not yet) and two whose COMMIT Postgres has applied but whose answer the API never gets.
      const midTransaction = rig.proxy.holdStatement(statements.insertReservationRoom, { connections: 2 });
      const committedUnanswered = rig.proxy.holdAnswerTo(statements.commit, { after: statements.insertReservation, connections: 2 });
      await midTransaction.reached(2);
      await committedUnanswered.reached(2);
      stoppedAt = Date.now();
      await rig.proxy.stop();

      await eventually('clients get answers while the database is away', () => load.answeredAfter(stoppedAt).length >= 12, {
        timeoutMs: 20_000,
        explain,
      });
      expect(await readiness(rig.api.base), explain()).toBe(503);

      backAt = Date.now();
      await rig.proxy.start();
      // A client of its own: ready again, and a booking sent now succeeds.
      await eventually(
        'the API is ready and books again',
        async () =>
          (await readiness(rig.api.base)) === 200 &&
          (await sendBooking(rig.api.base, probeKey, aFaultBooking(target, 199), 1, 8_000)).status === 200,
        { timeoutMs: 10_000, explain },
      );
      recoveredAt = Date.now();
      expect(recoveredAt - backAt).toBeLessThan(10_000);

      const bookedAtRecovery = load.booked();
      await eventually('the load books again', () => load.booked() >= bookedAtRecovery + 8, { timeoutMs: 20_000, explain });
      await load.finish();
    } finally {
      await load.stop();
    }

    expect(rig.api.hasExited(), explain()).toBe(false);
    // Every request had an answer: no hang, no dropped connection, no 500.
    expect(load.attempts.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    const unavailable = load.attempts.filter((a) => a.status === 503);
    expect(unavailable.length).toBeGreaterThanOrEqual(12);
    expect(unavailable.filter((a) => a.retryAfter === null)).toEqual([]);
    // 503 only for what was sent before the database was usable again.
    expect(unavailable.filter((a) => a.sentAt >= recoveredAt)).toEqual([]);
    // While it was away (every client was held at the stop), nothing but 503.
    expect(load.attempts.filter((a) => a.answeredAt > stoppedAt && a.sentAt < backAt && a.status !== 503)).toEqual([]);

    // Each key was booked once, and what the clients were told is exactly what was committed.
    const finals = [...load.finalAttempts().values()];
    expect(finals.filter((a) => a.status !== 200)).toEqual([]);
    const committed = await committedBookings(rig.database);
    expect(committed.numbers).toEqual([...finals.map((a) => a.reservationNumber!), committed.numberOfKey(probeKey)!].sort());
    expect(finals.filter((a) => committed.numberOfKey(a.key) !== a.reservationNumber)).toEqual([]);
    // The bookings committed just before the stop, whose first answer was a 503, were replayed, not booked again.
    const replayed = finals.filter((a) => a.attempt > 1 && committed.createdAt.get(a.reservationNumber!)! < stoppedAt);
    expect(replayed.length).toBeGreaterThanOrEqual(2);

    expect(await findDamage(rig.database)).toEqual({ incompleteReservations: [], miscountedNights: [], unansweredKeys: [] });
  }, 60_000);

  it('when the API starts while it is away, waits for it instead of exiting, and books once it answers', async () => {
    await killApi(rig.api);
    await rig.proxy.stop();
    // The database comes back only once the API has been refused (a cold start may take longer
    // than any fixed wait); its log line is written within a second of the refusal.
    let refused = false;
    let onRefused!: () => void;
    const firstRefusal = new Promise<void>((resolve) => (onRefused = resolve));
    const starting = rig.restartApi({
      onLine: (line) => {
        if (!line.includes('The database does not answer yet')) return;
        refused = true;
        onRefused();
      },
    });
    await Promise.race([
      firstRefusal,
      starting.then(() => {
        if (!refused) throw new Error('the API was ready while the database was away');
      }),
    ]);
    await rig.proxy.start();
    const api = await starting;
    expect(api.hasExited()).toBe(false);
    expect(api.output()).toContain('The database does not answer yet');
    expect((await sendBooking(api.base, 'after-late-database', aFaultBooking(target, 301), 1, 8_000)).status).toBe(200);
  }, 60_000);
});
