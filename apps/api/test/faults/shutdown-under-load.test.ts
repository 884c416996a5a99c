import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onRealPostgres } from '../support/test-database';
import { refusesConnections } from './api-process';
import {
  aFaultBooking,
  committedBookings,
  confirmationMail,
  eventually,
  findDamage,
  givenFaultProperty,
  sendBooking,
  startFaultRig,
  statements,
  type BookingTarget,
  type FaultRig,
} from './fault-fixture';

describe.runIf(onRealPostgres())('SIGTERM while bookings are in flight', () => {
  let rig: FaultRig;
  let target: BookingTarget;
  beforeAll(async () => {
    rig = await startFaultRig();
    target = await givenFaultProperty(rig);
  });
  afterAll(() => rig?.close());

  it('answers every booking in flight, takes no new connection, sends their confirmations, exits 0 and leaves nothing half-written', async () => {
    // Six bookings held at three points of their transaction: claiming the Idempotency-Key,
    // writing the rooms, waiting for Postgres to confirm the COMMIT.
    const atClaim = rig.proxy.holdStatement(statements.claimIdempotencyKey, { connections: 2 });
    const midTransaction = rig.proxy.holdStatement(statements.insertReservationRoom, { connections: 2 });
    const atCommit = rig.proxy.holdAnswerTo(statements.commit, { after: statements.insertReservation, connections: 2 });
    const bookings = Array.from({ length: 6 }, (_, i) => sendBooking(rig.api.base, `in-flight-${i}`, aFaultBooking(target, i), 1, 30_000));
    await Promise.all([atClaim.reached(2), midTransaction.reached(2), atCommit.reached(2)]);

    rig.api.kill('SIGTERM');
    await eventually('the API stops accepting connections', () => refusesConnections(rig.port), {
      timeoutMs: 10_000,
      explain: rig.api.output,
    });
    // Still running: it waits for the requests it has.
    expect(rig.api.hasExited()).toBe(false);
    for (const hold of [atClaim, midTransaction, atCommit]) hold.release();

    const answers = await Promise.all(bookings);
    expect(answers.map((a) => ({ status: a.status, error: a.error }))).toEqual(Array(6).fill({ status: 200, error: undefined }));
    expect(await rig.api.exited, rig.api.output()).toEqual({ code: 0, signal: null });

    const committed = await committedBookings(rig.database);
    expect(committed.numbers).toEqual(answers.map((a) => a.reservationNumber!).sort());
    expect(await findDamage(rig.database)).toEqual({ incompleteReservations: [], miscountedNights: [], unansweredKeys: [] });
    // Their confirmations went out before the process stopped, once each.
    const mail = await confirmationMail(rig);
    expect(mail.rows.map((row) => row.status)).toEqual(Array(6).fill('sent'));
    expect(mail.filesByNumber).toEqual(new Map(committed.numbers.map((number) => [number, 1])));
  }, 60_000);
});
