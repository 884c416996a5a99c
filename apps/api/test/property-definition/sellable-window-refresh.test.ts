import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nightlyPrices, roomTypeInventory, roomTypes } from '@hotel/db/schema';
import { refreshSellableWindows } from '../../src/property-definition/sellable-window-refresh';
import { aDefinition, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T12:00:00Z' });
  await givenDefinition(t.context, aDefinition());
});
afterAll(() => t.close());

async function lastSellableNight() {
  const [inventory] = await t.database.db
    .select({ night: max(roomTypeInventory.night) })
    .from(roomTypeInventory)
    .innerJoin(roomTypes, eq(roomTypes.id, roomTypeInventory.roomTypeId));
  const [price] = await t.database.db.select({ night: max(nightlyPrices.night) }).from(nightlyPrices);
  return { inventory: inventory!.night, price: price!.night };
}

describe('the sellable window', () => {
  it('reaches 37 months ahead after an import and moves forward as days pass', async () => {
    expect(await lastSellableNight()).toEqual({ inventory: '2030-04-21', price: '2030-04-21' });
    expect(await refreshSellableWindows(t.context)).toEqual([]);

    t.setNow('2027-03-11T12:00:00Z');
    // A room sold ten days out must stay sold through the refresh.
    await t.database.db.update(roomTypeInventory).set({ sold: 1 }).where(eq(roomTypeInventory.night, '2027-03-20'));
    expect(await refreshSellableWindows(t.context)).toEqual(['TEST']);
    expect(await lastSellableNight()).toEqual({ inventory: '2030-05-01', price: '2030-05-01' });
    const [sold] = await t.database.db
      .select({ sold: roomTypeInventory.sold })
      .from(roomTypeInventory)
      .where(eq(roomTypeInventory.night, '2027-03-20'));
    expect(sold!.sold).toBe(1);
  });
});
