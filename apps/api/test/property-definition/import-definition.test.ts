import { readFile } from 'node:fs/promises';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  giftVouchers,
  nightlyPrices,
  properties,
  ratePlans,
  roomTypeInventory,
  roomTypes,
  voucherRedemptions,
  reservations,
} from '@hotel/db/schema';
import { rawRows } from '../../src/database/raw-rows';
import { importDefinition } from '../../src/property-definition/import-definition';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';

// What `pnpm start` imports on first run: every feature switched on in one of its two properties.
const demoGroupFile = new URL('../../../../db/demo/demo-group.json', import.meta.url);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
});
afterAll(() => t.close());

const db = () => t.database.db;

/** A night's stored price of a room type on a rate plan, at one property (codes repeat across properties). */
async function priceOn(propertyCode: string, roomTypeCode: string, ratePlanCode: string, night: string) {
  const [row] = await db()
    .select({ baseRate: nightlyPrices.baseRate, minLengthOfStay: nightlyPrices.minLengthOfStay, costPerAdult: nightlyPrices.costPerAdult })
    .from(nightlyPrices)
    .innerJoin(roomTypes, eq(roomTypes.id, nightlyPrices.roomTypeId))
    .innerJoin(ratePlans, eq(ratePlans.id, nightlyPrices.ratePlanId))
    .innerJoin(properties, eq(properties.id, roomTypes.propertyId))
    .where(
      and(
        eq(properties.code, propertyCode),
        eq(roomTypes.code, roomTypeCode),
        eq(ratePlans.code, ratePlanCode),
        eq(nightlyPrices.night, night),
      ),
    );
  return row;
}

/** A night's units of a room type at one property. */
async function inventoryOn(propertyCode: string, roomTypeCode: string, night: string) {
  const [row] = await db()
    .select({ total: roomTypeInventory.total, sold: roomTypeInventory.sold })
    .from(roomTypeInventory)
    .innerJoin(roomTypes, eq(roomTypes.id, roomTypeInventory.roomTypeId))
    .innerJoin(properties, eq(properties.id, roomTypes.propertyId))
    .where(and(eq(properties.code, propertyCode), eq(roomTypes.code, roomTypeCode), eq(roomTypeInventory.night, night)));
  return row;
}

/** Every table's row count: "nothing changed" means this is identical before and after. */
async function tableCounts(): Promise<Record<string, number>> {
  const tables = await rawRows<{ name: string }>(
    db(),
    sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await rawRows<{ n: number }>(db(), sql.raw(`SELECT count(*)::int AS n FROM "${name}"`));
    counts[name] = row!.n;
  }
  return counts;
}

describe('the demo group', () => {
  it('validates and imports', async () => {
    const demo = JSON.parse(await readFile(demoGroupFile, 'utf8'));
    expect(await importDefinition(t.context, demo, { checkOnly: true })).toEqual({ ok: true, summary: { properties: ['DEMO', 'DEMO2'] } });
    expect(await importDefinition(t.context, demo, { checkOnly: false })).toEqual({ ok: true, summary: { properties: ['DEMO', 'DEMO2'] } });
  });
});

describe('prices and closures, night by night', () => {
  beforeAll(() =>
    givenDefinition(
      t.context,
      aDefinition(
        aProperty({
          Code: 'NIGHTS',
          RoomTypes: [
            { Code: 'DBL', Name: 'Double', Rooms: ['101', '102', '103', '104', '105'] },
            { Code: 'SUP', Name: 'Superior', Rooms: ['201', '202'] },
          ],
          RatePlans: [
            {
              Code: 'BAR',
              Name: 'Flexible',
              // Base prices first, then the seasons that override them on the nights they select.
              Prices: [
                { RoomType: 'DBL', BaseRate: 110, CostPerAdult: 25 },
                { RoomType: 'DBL', Weekdays: [5, 6], BaseRate: 140, CostPerAdult: 25 },
                { RoomType: 'DBL', Months: [7, 8], BaseRate: 160, CostPerAdult: 30, MinLengthOfStay: 2 },
                { RoomType: 'SUP', BaseRate: 210 },
              ],
            },
            { Code: 'CORP', Name: 'Corporate', Prices: [{ RoomType: 'DBL', BaseRate: 99 }] },
          ],
          Closures: [
            { RoomType: 'SUP', From: '2027-03-10', To: '2027-03-12', Rooms: 1 },
            // Overlaps the first on the 12th: 3 rooms closed of 2, which closes both, not -1.
            { RoomType: 'SUP', From: '2027-03-12', To: '2027-03-14', Rooms: 2 },
          ],
        }),
      ),
    ),
  );

  it('expands prices night by night, a later entry winning over an earlier one', async () => {
    // 2027-03-01 is a Monday (base price), 2027-03-05 a Friday (weekday entry), 2027-07-16 a
    // Friday in July: the months entry comes last, so it wins over the weekday one.
    expect(await priceOn('NIGHTS', 'DBL', 'BAR', '2027-03-01')).toEqual({ baseRate: 11000, minLengthOfStay: 1, costPerAdult: 2500 });
    expect(await priceOn('NIGHTS', 'DBL', 'BAR', '2027-03-05')).toEqual({ baseRate: 14000, minLengthOfStay: 1, costPerAdult: 2500 });
    expect(await priceOn('NIGHTS', 'DBL', 'BAR', '2027-07-16')).toEqual({ baseRate: 16000, minLengthOfStay: 2, costPerAdult: 3000 });
    // Open-ended prices reach the end of the sellable window, three years out.
    expect(await priceOn('NIGHTS', 'SUP', 'BAR', '2030-03-01')).toMatchObject({ baseRate: 21000 });
    // A rate plan with no entry for a room type does not sell it.
    expect(await priceOn('NIGHTS', 'SUP', 'CORP', '2027-03-01')).toBeUndefined();
  });

  it('takes closed rooms out of inventory on the closed nights only, both ends included', async () => {
    // The window starts yesterday (2027-02-28): earlier nights are history and get no row.
    expect(await inventoryOn('NIGHTS', 'SUP', '2027-02-27')).toBeUndefined();
    expect(await inventoryOn('NIGHTS', 'DBL', '2027-03-10')).toEqual({ total: 5, sold: 0 });
    expect(await inventoryOn('NIGHTS', 'SUP', '2027-03-09')).toEqual({ total: 2, sold: 0 });
    expect(await inventoryOn('NIGHTS', 'SUP', '2027-03-10')).toEqual({ total: 1, sold: 0 });
    expect(await inventoryOn('NIGHTS', 'SUP', '2027-03-11')).toEqual({ total: 1, sold: 0 });
  });

  it('adds up overlapping closures, but never closes a room type below none', async () => {
    expect(await inventoryOn('NIGHTS', 'SUP', '2027-03-12')).toEqual({ total: 0, sold: 0 });
    expect(await inventoryOn('NIGHTS', 'SUP', '2027-03-14')).toEqual({ total: 0, sold: 0 });
    expect(await inventoryOn('NIGHTS', 'SUP', '2027-03-15')).toEqual({ total: 2, sold: 0 });
  });
});

describe('a definition with problems', () => {
  const broken = aDefinition(
    aProperty({
      Code: 'BROKEN',
      TimeZone: 'Mars/Olympus',
      CreditCards: ['Visa'],
      RoomTypes: [{ Code: 'DBL', Name: 'Double', Rooms: ['1'], UpgradesTo: ['PENTHOUSE'] }],
      RatePlans: [
        {
          Code: 'BAR',
          Name: 'Flexible',
          Prices: [
            { RoomType: 'DBL', BaseRate: 100 },
            { RoomType: 'TWN', BaseRate: 90, From: '2027-02-30' },
            { RoomType: 'DBL', BaseRate: -5 },
          ],
        },
      ],
      Promotions: [{ Code: 'HALF', Name: 'Half', RatePlans: ['BAR'], DiscountPercent: 50, DiscountAmountPerNight: 10 }],
    }),
  );

  it('is refused with every problem listed by its JSON path, and nothing changes', async () => {
    const before = await tableCounts();
    const result = await importDefinition(t.context, broken, { checkOnly: false });
    expect(result.ok).toBe(false);
    const paths = result.ok ? [] : result.problems.map((p) => p.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        'Properties[0].TimeZone',
        'Properties[0].RatePlans[0].Prices[1].From',
        'Properties[0].RatePlans[0].Prices[2].BaseRate',
        'Properties[0].Promotions[0].DiscountPercent',
      ]),
    );
    expect(await tableCounts()).toEqual(before);
  });

  it('reports unknown references by path once the shape is right', async () => {
    const result = await importDefinition(
      t.context,
      aDefinition(
        aProperty({
          Code: 'REFS',
          RoomTypes: [{ Code: 'DBL', Name: 'Double', Rooms: ['1'], UpgradesTo: ['PENTHOUSE'] }],
          RatePlans: [{ Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'TWN', BaseRate: 90 }] }],
          Closures: [{ RoomType: 'DBL', From: '2027-05-02', To: '2027-05-01', Rooms: 2 }],
        }),
      ),
      { checkOnly: false },
    );
    expect(result).toEqual({
      ok: false,
      problems: expect.arrayContaining([
        { path: 'Properties[0].RoomTypes[0].UpgradesTo[0]', message: 'unknown room type "PENTHOUSE"' },
        { path: 'Properties[0].RatePlans[0].Prices[0].RoomType', message: 'unknown room type "TWN"' },
        { path: 'Properties[0].Closures[0].Rooms', message: 'closes 2 rooms but DBL has 1' },
        { path: 'Properties[0].Closures[0].To', message: 'must not be before 2027-05-02' },
      ]),
    });
  });

  it('reports a mistyped field and an unknown reference together, in one run', async () => {
    const result = await importDefinition(
      t.context,
      aDefinition(
        aProperty({ Currency: 826, RatePlans: [{ Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'TWN', BaseRate: 90 }] }] }),
      ),
      { checkOnly: true },
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { path: 'Properties[0].Currency', message: 'must be an active ISO 4217 currency code in capitals, such as GBP, EUR, JPY or KWD' },
        { path: 'Properties[0].RatePlans[0].Prices[0].RoomType', message: 'unknown room type "TWN"' },
      ],
    });
  });

  it('checks the references of the valid entries of a list with a broken one, each at its own path', async () => {
    const result = await importDefinition(
      t.context,
      aDefinition(
        aProperty({
          // Refused for its empty name: references to it are not "unknown" as well.
          RoomTypes: [{ Code: 'DBL', Name: '', Rooms: ['1'] }],
          RatePlans: [
            { Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'DBL', BaseRate: 90 }] },
            { Code: 'NRF', Name: 'Non-refundable', Prices: [{ RoomType: 'DBL', BaseRate: 'ninety' }] },
            { Code: 'BB', Name: 'Bed and breakfast', Prices: [{ RoomType: 'SGL', BaseRate: 110 }] },
          ],
        }),
      ),
      { checkOnly: true },
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        { path: 'Properties[0].RoomTypes[0].Name', message: 'Too small: expected string to have >=1 characters' },
        { path: 'Properties[0].RatePlans[1].Prices[0].BaseRate', message: 'Invalid input: expected number, received string' },
        { path: 'Properties[0].RatePlans[2].Prices[0].RoomType', message: 'unknown room type "SGL"' },
      ],
    });
  });

  it('refuses a currency that is not an active ISO 4217 code, wherever a currency is written', async () => {
    const result = await importDefinition(
      t.context,
      {
        ExchangeRates: { Base: 'GBP', Rates: { EUR: 1.17, XYZ: 2 } },
        Properties: [
          // HRK was withdrawn when Croatia took the euro; gbp is not how the standard writes it.
          aProperty({ Code: 'ZAGREB', Currency: 'HRK' }),
          aProperty({ Code: 'LOWER', Currency: 'gbp', AvailableCurrencies: ['GBP', 'XAU'] }),
        ],
      },
      { checkOnly: true },
    );
    const message = 'must be an active ISO 4217 currency code in capitals, such as GBP, EUR, JPY or KWD';
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          path: 'ExchangeRates.Rates',
          message: 'XYZ: not an active ISO 4217 currency code; rates are keyed by codes in capitals, such as EUR or JPY',
        },
        { path: 'Properties[0].Currency', message },
        { path: 'Properties[1].Currency', message },
        { path: 'Properties[1].AvailableCurrencies[1]', message },
      ],
    });
  });

  it("accepts prices with the decimals of the property's currency and refuses any with more, naming each price", async () => {
    const pricedIn = (Code: string, Currency: string, price: number) =>
      aProperty({
        Code,
        Currency,
        RatePlans: [{ Code: 'BAR', Name: 'Best Available Rate', Prices: [{ RoomType: 'DBL', BaseRate: price, CostPerAdult: price }] }],
        Promotions: [{ Code: 'OFF', Name: 'Off', DiscountAmountPerNight: price, RatePlans: ['BAR'] }],
        Services: [{ Code: 'BKF', Name: 'Breakfast', ChargeType: 'PerDay', Articles: [{ Name: 'Breakfast', Price: price }] }],
        GiftVouchers: [{ Code: 'GIFT', Balance: price }],
      });
    // Yen have no decimals, pounds 2, Kuwaiti dinars 3 (fils), Chilean UF 4.
    const good = await importDefinition(
      t.context,
      aDefinition(
        pricedIn('YEN', 'JPY', 17000),
        pricedIn('POUND', 'GBP', 14.5),
        pricedIn('DINAR', 'KWD', 12.345),
        pricedIn('UF', 'CLF', 1.2345),
      ),
      { checkOnly: true },
    );
    expect(good).toEqual({ ok: true, summary: { properties: ['YEN', 'POUND', 'DINAR', 'UF'] } });

    const bad = await importDefinition(t.context, aDefinition(pricedIn('YEN', 'JPY', 100.5), pricedIn('POUND', 'GBP', 14.505)), {
      checkOnly: true,
    });
    const yen = 'must be a whole number: JPY has no decimals, so write the price without them';
    const pounds = 'must have at most 2 decimals: GBP has 2, so round the price to them';
    const at = (i: number) => [
      `Properties[${i}].RatePlans[0].Prices[0].BaseRate`,
      `Properties[${i}].RatePlans[0].Prices[0].CostPerAdult`,
      `Properties[${i}].Promotions[0].DiscountAmountPerNight`,
      `Properties[${i}].Services[0].Articles[0].Price`,
      `Properties[${i}].GiftVouchers[0].Balance`,
    ];
    expect(bad).toEqual({
      ok: false,
      problems: [...at(0).map((path) => ({ path, message: yen })), ...at(1).map((path) => ({ path, message: pounds }))],
    });
  });

  it('refuses a Stripe property in a currency Stripe cannot charge every price of exactly, and takes yen and krónur', async () => {
    const stripe = { Provider: 'stripe', PublicKey: 'pk_test_1' };
    const result = await importDefinition(
      t.context,
      aDefinition(
        aProperty({ Code: 'KUWAIT', Currency: 'KWD', Payments: stripe }),
        aProperty({ Code: 'TOKYO', Currency: 'JPY', Payments: stripe }),
        aProperty({ Code: 'REYKJAVIK', Currency: 'ISK', Payments: stripe }),
        // The same dinars with the test gateway, which takes any minor unit, are fine.
        aProperty({ Code: 'KUWAIT2', Currency: 'KWD' }),
      ),
      { checkOnly: true },
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          path: 'Properties[0].Currency',
          message:
            'Stripe cannot charge every KWD price exactly: it takes KWD amounts only in steps of 0.010, so a booking could be charged another amount than its price. Use another payment provider for this property.',
        },
      ],
    });
  });

  it('refuses a Stripe property without its publishable key, and PayByPaystack beside another provider', async () => {
    const result = await importDefinition(
      t.context,
      aDefinition(
        aProperty({ Code: 'STRIPE1', Payments: { Provider: 'stripe' } }),
        aProperty({ Code: 'MIXED', Currency: 'NGN', PayByPaystack: true, Payments: { Provider: 'stripe', PublicKey: 'pk_test_1' } }),
      ),
      { checkOnly: false },
    );
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          path: 'Properties[0].Payments.PublicKey',
          message: "is required with Stripe: the browser's Payment Element needs the publishable key",
        },
        { path: 'Properties[1].PayByPaystack', message: 'contradicts Payments.Provider "stripe"' },
      ],
    });
  });

  it('keeps the payment provider, reading the older PayByPaystack as PayStack', async () => {
    await givenDefinition(
      t.context,
      aDefinition(
        aProperty({ Code: 'PAYS1', Currency: 'NGN', PayByPaystack: true }),
        aProperty({ Code: 'PAYS2', Currency: 'GHS', Payments: { Provider: 'paystack' } }),
        aProperty({ Code: 'STRIPE2', Payments: { Provider: 'stripe', PublicKey: 'pk_test_2', CaptureMethod: 'manual' } }),
        aProperty({ Code: 'PLAIN' }),
      ),
    );
    const rows = await db()
      .select({
        code: properties.code,
        provider: properties.paymentProvider,
        payByPaystack: properties.payByPaystack,
        key: properties.paymentPublicKey,
        capture: properties.paymentCaptureMethod,
      })
      .from(properties)
      .where(sql`${properties.code} in ('PAYS1', 'PAYS2', 'STRIPE2', 'PLAIN')`)
      .orderBy(asc(properties.code));
    expect(rows).toEqual([
      { code: 'PAYS1', provider: 'paystack', payByPaystack: true, key: null, capture: 'automatic' },
      { code: 'PAYS2', provider: 'paystack', payByPaystack: true, key: null, capture: 'automatic' },
      { code: 'PLAIN', provider: 'test', payByPaystack: false, key: null, capture: 'automatic' },
      { code: 'STRIPE2', provider: 'stripe', payByPaystack: false, key: 'pk_test_2', capture: 'manual' },
    ]);
  });

  it('keeps a percentage exactly, to 4 decimals, and refuses one with more rather than round it', async () => {
    const rates = (vat: number, discount: number) =>
      aDefinition(
        aProperty({
          Code: 'RATES',
          StandardVatRate: vat,
          Promotions: [{ Code: 'THIRD', Name: 'A third off', RatePlans: ['BAR'], DiscountPercent: discount }],
        }),
      );
    expect(await importDefinition(t.context, rates(8.87501, 33.33333), { checkOnly: true })).toEqual({
      ok: false,
      problems: [
        { path: 'Properties[0].StandardVatRate', message: 'must have at most 4 decimals' },
        { path: 'Properties[0].Promotions[0].DiscountPercent', message: 'must have at most 4 decimals' },
      ],
    });
    await givenDefinition(t.context, rates(8.875, 33.333));
    const [stored] = await rawRows<{ vat: string; discount: string }>(
      db(),
      sql`SELECT p.standard_vat_rate::text AS vat, pr.discount_percent::text AS discount
          FROM properties p JOIN promotions pr ON pr.property_id = p.id WHERE p.code = 'RATES'`,
    );
    expect(stored).toEqual({ vat: '8.8750', discount: '33.3330' });
    await givenDefinition(t.context, rates(12.3456, 0.0001));
  });

  it('is atomic: a problem only the database sees rolls back the properties already written', async () => {
    const before = await tableCounts();
    const result = await importDefinition(
      t.context,
      aDefinition(aProperty({ Code: 'GOOD' }), aProperty({ Code: 'BADCARD', CreditCards: ['Visa', 'Monopoly Money'] })),
      { checkOnly: false },
    );
    expect(result).toEqual({ ok: false, problems: [expect.objectContaining({ path: 'Properties[1].CreditCards[1]' })] });
    expect(await tableCounts()).toEqual(before);
    const [good] = await db().select({ n: count() }).from(properties).where(eq(properties.code, 'GOOD'));
    expect(good!.n).toBe(0);
  });

  it('--check changes nothing even for a valid file', async () => {
    const before = await tableCounts();
    expect(await importDefinition(t.context, aDefinition(aProperty({ Code: 'CHECKED' })), { checkOnly: true })).toMatchObject({ ok: true });
    expect(await tableCounts()).toEqual(before);
  });
});

describe('re-importing', () => {
  it('is idempotent: the same file twice changes nothing and keeps every id', async () => {
    const definition = aDefinition(aProperty({ Code: 'IDEM' }));
    await givenDefinition(t.context, definition);
    const idsBefore = await db().select({ id: roomTypes.id, code: roomTypes.code }).from(roomTypes).orderBy(asc(roomTypes.id));
    const before = await tableCounts();
    await givenDefinition(t.context, definition);
    expect(await tableCounts()).toEqual(before);
    expect(await db().select({ id: roomTypes.id, code: roomTypes.code }).from(roomTypes).orderBy(asc(roomTypes.id))).toEqual(idsBefore);
  });

  it('keeps what is sold and refuses to shrink a room type below it', async () => {
    await givenDefinition(
      t.context,
      aDefinition(
        aProperty({
          Code: 'SOLD',
          RoomTypes: [{ Code: 'FAM', Name: 'Family', Rooms: ['1', '2', '3'] }],
          RatePlans: [{ Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'FAM', BaseRate: 100 }] }],
        }),
      ),
    );
    await db().execute(
      sql`UPDATE room_type_inventory SET sold = 2 WHERE night = '2027-04-01' AND room_type_id = (SELECT rt.id FROM room_types rt JOIN properties p ON p.id = rt.property_id WHERE p.code = 'SOLD' AND rt.code = 'FAM')`,
    );

    await givenDefinition(
      t.context,
      aDefinition(
        aProperty({
          Code: 'SOLD',
          RoomTypes: [{ Code: 'FAM', Name: 'Family', Rooms: ['1', '2', '3', '4'] }],
          RatePlans: [{ Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'FAM', BaseRate: 120 }] }],
        }),
      ),
    );
    expect(await inventoryOn('SOLD', 'FAM', '2027-04-01')).toEqual({ total: 4, sold: 2 });
    expect(await priceOn('SOLD', 'FAM', 'BAR', '2027-04-01')).toMatchObject({ baseRate: 12000 });

    const shrunk = await importDefinition(
      t.context,
      aDefinition(
        aProperty({
          Code: 'SOLD',
          RoomTypes: [{ Code: 'FAM', Name: 'Family', Rooms: ['1'] }],
          RatePlans: [{ Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'FAM', BaseRate: 120 }] }],
        }),
      ),
      { checkOnly: false },
    );
    expect(shrunk).toEqual({
      ok: false,
      problems: [{ path: 'Properties[0].RoomTypes[0].Rooms', message: expect.stringContaining('2027-04-01 (2 sold, 1 left)') }],
    });
    expect(await inventoryOn('SOLD', 'FAM', '2027-04-01')).toEqual({ total: 4, sold: 2 });
  });

  it('retires room types and rate plans the file no longer lists instead of deleting them', async () => {
    await givenDefinition(
      t.context,
      aDefinition(
        aProperty({
          Code: 'RETIRE',
          RoomTypes: [
            { Code: 'A', Name: 'A', Rooms: ['1'] },
            { Code: 'B', Name: 'B', Rooms: ['2'] },
          ],
          RatePlans: [
            {
              Code: 'BAR',
              Name: 'Flexible',
              Prices: [
                { RoomType: 'A', BaseRate: 100 },
                { RoomType: 'B', BaseRate: 100 },
              ],
            },
          ],
        }),
      ),
    );
    await givenDefinition(
      t.context,
      aDefinition(
        aProperty({
          Code: 'RETIRE',
          RoomTypes: [{ Code: 'A', Name: 'A', Rooms: ['1'] }],
          RatePlans: [{ Code: 'BAR', Name: 'Flexible', Prices: [{ RoomType: 'A', BaseRate: 100 }] }],
        }),
      ),
    );
    const rows = await db()
      .select({ code: roomTypes.code, isActive: roomTypes.isActive })
      .from(roomTypes)
      .innerJoin(properties, eq(properties.id, roomTypes.propertyId))
      .where(eq(properties.code, 'RETIRE'))
      .orderBy(asc(roomTypes.code));
    expect(rows).toEqual([
      { code: 'A', isActive: true },
      { code: 'B', isActive: false },
    ]);
  });

  it('keeps what was spent from a gift voucher', async () => {
    const definition = aDefinition(aProperty({ Code: 'GIFTS', GiftVouchers: [{ Code: 'GIFT-50', Balance: 50 }] }));
    await givenDefinition(t.context, definition);
    const [voucher] = await db().select().from(giftVouchers).where(eq(giftVouchers.code, 'GIFT-50'));
    const [property] = await db().select().from(properties).where(eq(properties.code, 'GIFTS'));
    const [reservation] = await db()
      .insert(reservations)
      .values({
        propertyId: property!.id,
        reservationNumber: 'GIFT0001',
        confirmationTokenHash: 'a'.repeat(64),
        dateFrom: '2027-04-01',
        dateTo: '2027-04-02',
        currency: 'GBP',
        totalRooms: 10000,
        total: 10000,
        paymentType: 'PayByCard',
        bookerFirstName: 'Ada',
        bookerLastName: 'Lovelace',
        bookerEmail: 'ada@example.com',
        bookerPhone: '+441000000000',
      })
      .returning({ id: reservations.id });
    await db().insert(voucherRedemptions).values({ giftVoucherId: voucher!.id, reservationId: reservation!.id, amount: 3000 });

    await givenDefinition(t.context, definition);
    const [after] = await db()
      .select({ balance: giftVouchers.balance, initialAmount: giftVouchers.initialAmount })
      .from(giftVouchers)
      .where(eq(giftVouchers.code, 'GIFT-50'));
    expect(after).toEqual({ balance: 2000, initialAmount: 5000 });

    const lowered = await importDefinition(
      t.context,
      aDefinition(aProperty({ Code: 'GIFTS', GiftVouchers: [{ Code: 'GIFT-50', Balance: 20 }] })),
      { checkOnly: false },
    );
    expect(lowered).toEqual({
      ok: false,
      problems: [{ path: 'Properties[0].GiftVouchers[0].Balance', message: 'is less than the £30.00 already spent' }],
    });
  });
});
