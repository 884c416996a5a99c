import { sql } from 'drizzle-orm';
import { addDays } from '@hotel/domain/dates';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AvailabilityReads } from '../../src/availability/availability-queries';
import { InventoryMirror } from '../../src/availability/inventory-mirror';
import { rawRows } from '../../src/database';
import { aBooking, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { aDefinition, givenDefinition } from '../support/builders';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';

// Each API process keeps every property's rooms free in memory (availability/inventory-mirror.ts)
// and, once the versions a request reads have moved, reads only the nights changed since.
// These tests drive a mirror of their own beside the application, as a second process would.

let t: TestApp;
let ids: Ids;
let reads: AvailabilityReads;
let mirror: InventoryMirror;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0 WHERE sold <> 0`);
  reads = new AvailabilityReads(t.database.db);
  mirror = new InventoryMirror(t.database.db, t.context.clock);
});

// The double with a third room, and the single no longer sold.
const withoutSingleAndAThirdDouble = {
  ...bookingProperty,
  RoomTypes: [{ ...(bookingProperty.RoomTypes as object[])[0], Rooms: ['101', '102', '103'] }],
  RatePlans: (bookingProperty.RatePlans as { Prices: { RoomType: string }[] }[]).map((plan) => ({
    ...plan,
    Prices: plan.Prices.filter((price) => price.RoomType !== 'SGL'),
  })),
};
const versions = async () => (await reads.propertyVersions(ids.propertyId))!;
/** Doubles free per night from 3 to 6 March 2027 (the booking fixture's stay is the 4th and 5th). */
const doublesByNight = async () => [
  ...(await mirror.freeUnitsByNight(await versions(), '2027-03-03', '2027-03-06')).get(ids.roomTypes.DBL!)!,
];

describe('the inventory kept in memory', () => {
  it('reads the whole property once, then only the two nights a two-night booking changed', async () => {
    expect(await doublesByNight()).toEqual([2, 2, 2, 2]);
    expect(mirror.stats).toMatchObject({ fullLoads: 1, deltaLoads: 0 });
    const nightsAtFirstRead = mirror.stats.nightsRead;

    await request(t.app).post('/api/Reservation/Create').send(aBooking(ids)).expect(200);

    expect(await doublesByNight()).toEqual([2, 1, 1, 2]);
    expect(mirror.stats).toEqual({ fullLoads: 1, deltaLoads: 1, nightsRead: nightsAtFirstRead + 2 });
    // Versions unchanged: nothing is read at all.
    expect(await mirror.freeUnits(await versions(), '2027-03-04', '2027-03-06')).toEqual(
      new Map([
        [ids.roomTypes.DBL, 1],
        [ids.roomTypes.SGL, 1],
      ]),
    );
    expect(mirror.stats.deltaLoads).toBe(1);
  });

  it('sees rooms given back, and a night changed twice in one transaction is read once', async () => {
    await doublesByNight();
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE room_type_inventory SET sold = 2 WHERE room_type_id = ${ids.roomTypes.DBL} AND night = '2027-03-05'`);
      await tx.execute(sql`UPDATE room_type_inventory SET sold = 1 WHERE room_type_id = ${ids.roomTypes.DBL} AND night = '2027-03-05'`);
    });
    const before = mirror.stats.nightsRead;
    expect(await doublesByNight()).toEqual([2, 2, 1, 2]);
    expect(mirror.stats.nightsRead).toBe(before + 1);

    await t.database.db.execute(
      sql`UPDATE room_type_inventory SET sold = 0 WHERE room_type_id = ${ids.roomTypes.DBL} AND night = '2027-03-05'`,
    );
    expect(await doublesByNight()).toEqual([2, 2, 2, 2]);
  });

  it('is not changed by a transaction that rolled back', async () => {
    await doublesByNight();
    const rolledBack = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE room_type_inventory SET sold = 2 WHERE room_type_id = ${ids.roomTypes.DBL} AND night = '2027-03-04'`);
      throw new Error('the payment failed');
    });
    await expect(rolledBack).rejects.toThrow('the payment failed');
    expect(await doublesByNight()).toEqual([2, 2, 2, 2]);
    expect(mirror.stats.deltaLoads).toBe(0);
  });

  it('lets requests that arrive together share one read of the changes', async () => {
    await doublesByNight();
    await t.database.db.execute(
      sql`UPDATE room_type_inventory SET sold = 1 WHERE room_type_id = ${ids.roomTypes.SGL} AND night = '2027-03-04'`,
    );
    const current = await versions();
    const answers = await Promise.all(Array.from({ length: 5 }, () => mirror.freeUnits(current, '2027-03-04', '2027-03-05')));
    expect(answers.map((answer) => answer.get(ids.roomTypes.SGL!))).toEqual([0, 0, 0, 0, 0]);
    expect(mirror.stats.deltaLoads).toBe(1);
  });

  it('reads the property afresh after an import, which may change the rooms to sell', async () => {
    await doublesByNight();
    await givenDefinition(t.context, aDefinition(withoutSingleAndAThirdDouble));
    const after = await mirror.freeUnits(await versions(), '2027-03-04', '2027-03-06');
    expect(mirror.stats.fullLoads).toBe(2);
    // The single is no longer sold: it is left out, as a room type without rooms free.
    expect(after).toEqual(new Map([[ids.roomTypes.DBL, 3]]));

    // Rooms sold of a room type no longer sold still move the property's version: the mirror
    // catches up with it instead of asking again and again.
    await t.database.db.execute(
      sql`UPDATE room_type_inventory SET sold = 1 WHERE room_type_id = ${ids.roomTypes.SGL} AND night = '2027-03-04'`,
    );
    expect(await mirror.freeUnits(await versions(), '2027-03-04', '2027-03-06')).toEqual(new Map([[ids.roomTypes.DBL, 3]]));
    expect(mirror.stats).toMatchObject({ fullLoads: 2, deltaLoads: 1 });
    await givenDefinition(t.context, aDefinition(bookingProperty));
  });

  it('counts no room free on nights it holds no row for, and reads further back when asked about an earlier stay', async () => {
    const current = await versions();
    const [{ last }] = (await rawRows<{ last: string }>(
      t.database.db,
      sql`SELECT to_char(max(night), 'YYYY-MM-DD') AS last FROM room_type_inventory WHERE room_type_id = ${ids.roomTypes.DBL}`,
    )) as [{ last: string }];
    expect((await mirror.freeUnits(current, addDays(last, -1), addDays(last, 1))).get(ids.roomTypes.DBL!)).toBe(2);
    // A stay whose last night is past the sellable window.
    expect((await mirror.freeUnits(current, last, addDays(last, 2))).get(ids.roomTypes.DBL!)).toBe(0);
    expect(mirror.stats.fullLoads).toBe(1);
    // Long past: no inventory rows there either, but the mirror reads back to it once to be sure.
    expect((await mirror.freeUnits(current, '2026-01-01', '2026-01-03')).get(ids.roomTypes.DBL!)).toBe(0);
    expect(mirror.stats.fullLoads).toBe(2);
    expect((await mirror.freeUnits(current, '2026-01-02', '2026-01-03')).get(ids.roomTypes.DBL!)).toBe(0);
    expect(mirror.stats.fullLoads).toBe(2);
  });
});
