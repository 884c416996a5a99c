import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoGroup, runCli, CLI_RUNS } from '../support/cli';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { onRealPostgres } from '../support/test-database';
import { aBooking, aRoom, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';

const header =
  'Movement,ReservationNumber,ReservationItemId,Status,GuestNames,Booker,RoomType,DateFrom,DateTo,Nights,Adults,Children,Currency,AmountToPay,Paid,Balance\r\n';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'hotel-arrivals-cli-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

/** Runs the CLI as `pnpm reservations:arrivals` does; on the embedded database of a temporary DATA_DIR unless given a DATABASE_URL. */
const cli = (args: string[], databaseUrl?: string) => runCli(args, { dataDir, databaseUrl });

describe('pnpm reservations:arrivals PROPERTY DATE', CLI_RUNS, () => {
  it('prints only the CSV header row for a day nobody arrives, leaves or stays', async () => {
    expect((await cli(['property:import', demoGroup])).code).toBe(0);
    expect(await cli(['reservations:arrivals', 'DEMO', '2026-12-01'])).toEqual({ code: 0, stdout: header, stderr: '' });
  });

  it('refuses an unknown property or a bad date on stderr, with a non-zero exit and nothing on stdout', async () => {
    const unknown = await cli(['reservations:arrivals', 'NOWHERE', '2026-12-01']);
    expect(unknown).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('NOWHERE') });
    const badDate = await cli(['reservations:arrivals', 'DEMO', '2026-13-01']);
    expect(badDate).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('date') });
    expect((await cli(['reservations:arrivals', 'DEMO'])).code).toBe(2);
  });
});

describe.runIf(onRealPostgres())('pnpm reservations:arrivals on a database with bookings (Postgres)', CLI_RUNS, () => {
  let t: TestApp;
  let ids: Ids;
  beforeAll(async () => {
    t = await createTestApp();
    ids = await givenBookingProperty(t);
  });
  afterAll(() => t.close());

  it('quotes a field with a comma or a quote as RFC 4180 says, its quotes doubled', async () => {
    // Thursday 4 to Saturday 6 March: Thursday 100 + Friday 140 = 240.00, paid by card at booking.
    const guests = [
      { FirstName: 'Ada', LastName: 'Lovelace, Countess' },
      { FirstName: 'Charles "Charlie"', LastName: 'Babbage' },
    ];
    const { body } = await request(t.app)
      .post('/api/Reservation/Create')
      .send(aBooking(ids, { Rooms: [aRoom(ids, { Guests: guests })] }))
      .expect(200);
    const result = await cli(['reservations:arrivals', 'BOOK', '2027-03-04'], t.database.url);
    expect(result.stderr).toBe('');
    const [, line, end] = result.stdout.split('\r\n');
    expect(result.stdout.startsWith(header)).toBe(true);
    expect(line).toMatch(
      new RegExp(
        `^Arrival,${body.ReservationNumber},\\d+,Confirmed,"Ada Lovelace, Countess; Charles ""Charlie"" Babbage",Ada Lovelace,Double,2027-03-04,2027-03-06,2,2,0,GBP,240.00,240.00,0.00$`,
      ),
    );
    expect(end).toBe('');
  });
});
