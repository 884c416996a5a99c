import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';
import { searchResponseSchema } from '@hotel/domain/wire/search-response';

// Thursday 4 to Sunday 7 March 2027: Thursday, Friday and Saturday nights. Today is Monday 1 March.
const thuToSun = { DateFrom: '2027-03-04', DateTo: '2027-03-07' };
const twoAdults = { NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 };

export const searchProperty = aProperty({
  Code: 'SRCH',
  RoomTypes: [
    {
      Code: 'DBL',
      Name: 'Double',
      Rooms: ['101', '102'],
      MaximumOccupancy: 3,
      AdultMaximumOccupancy: 2,
      ChildMaximumOccupancy: 1,
      UpgradesTo: ['SUP'],
      Configurations: ['King', 'Twin'],
    },
    { Code: 'SUP', Name: 'Suite', Rooms: ['201'], MaximumOccupancy: 4, AdultMaximumOccupancy: 3, ChildMaximumOccupancy: 2 },
    {
      Code: 'FAM',
      Name: 'Family',
      Rooms: ['301'],
      MaximumOccupancy: 5,
      MinimumOccupancy: 2,
      AdultMaximumOccupancy: 2,
      ChildMaximumOccupancy: 3,
    },
  ],
  RatePlans: [
    {
      Code: 'BAR',
      Name: 'Flexible',
      Prices: [
        { RoomType: 'DBL', BaseRate: 100, CostPerAdult: 25, CostPerChild: 15, CostPerInfant: 5 },
        { RoomType: 'DBL', Weekdays: [5, 6], BaseRate: 140, CostPerAdult: 25, CostPerChild: 15, CostPerInfant: 5 },
        { RoomType: 'SUP', BaseRate: 200, CostPerRoom: 10, CostPerAdult: 30 },
        { RoomType: 'FAM', BaseRate: 150, CostPerChild: 12.5 },
      ],
    },
    {
      Code: 'NRF',
      Name: 'Non-refundable',
      UseOccupancyForRatePlan: true,
      MaximumOccupancy: 2,
      Prices: [{ RoomType: 'DBL', BaseRate: 90 }],
    },
    {
      Code: 'CORP',
      Name: 'Corporate',
      RequiresCode: true,
      Prices: [{ RoomType: 'DBL', BaseRate: 80, BaseNumberOfAdults: 1, CostPerAdult: 15, PerPersonCostPerAdult: 12 }],
    },
    { Code: 'MIN3', Name: 'Three nights', Prices: [{ RoomType: 'DBL', BaseRate: 70, MinLengthOfStay: 3 }] },
  ],
  Promotions: [
    { Code: 'SAVE10', Name: 'Save 10', DiscountPercent: 10, RatePlans: ['BAR'], MinLengthOfStay: 2, Message: '10% off two nights or more' },
    { Code: 'SUNDAY20', Name: 'Sundays', DiscountAmountPerNight: 20, RatePlans: ['BAR'], RoomTypes: ['SUP'], StayWeekdays: [7] },
  ],
  Closures: [{ RoomType: 'SUP', From: '2027-03-20', To: '2027-03-21', Rooms: 1 }],
});

let t: TestApp;
let propertyId: number;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  await givenDefinition(t.context, aDefinition(searchProperty));
  propertyId = (await request(t.app).get('/api/Property/SRCH')).body.PropertyId;
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const search = (body: Body) =>
  request(t.app)
    .post('/api/Availability/Search')
    .send({ PropertyId: propertyId, LanguageCode: 'en', Rooms: [twoAdults], ...thuToSun, ...body });

type RoomTypeAnswer = {
  RoomType: { RoomTypeCode: string; RoomTypeId: number; Upgrades: { RoomTypeId: number; AvailableRates: unknown[] }[] };
  Rates: Body[];
  LowestRate: number;
  OriginalLowestRate: number;
};
const byCode = (body: { RoomTypes: RoomTypeAnswer[] }, code: string) => body.RoomTypes.find((r) => r.RoomType.RoomTypeCode === code);
const rate = (roomType: RoomTypeAnswer | undefined, code: string) => roomType?.Rates.find((r) => r.RatePlanCode === code);

describe('POST /api/Availability/Search prices', () => {
  it('sums weekday and weekend nights: 100 + 140 + 140 for a double on the flexible rate', async () => {
    const { body } = await search({}).expect(200);
    const bar = rate(byCode(body, 'DBL'), 'BAR');
    expect(bar).toMatchObject({
      BaseRate: 380,
      OriginalBaseRate: 380,
      CostPerAdult: 75,
      CostPerChild: 45,
      BaseNumberOfAdults: 2,
      MinLengthOfStay: 1,
      Promotion: null,
    });
    // Two adults pay the base rate only; the lowest rate is the three-night plan's 3 x 70.
    expect(byCode(body, 'DBL')).toMatchObject({ LowestRate: 210, OriginalLowestRate: 210, DateFrom: '2027-03-04', DateTo: '2027-03-07' });
    expect(byCode(body, 'SUP')).toMatchObject({ LowestRate: 630 }); // (200 + 10 per room) x 3
    expect(byCode(body, 'FAM')).toMatchObject({ LowestRate: 450 });
  });

  it('charges adults beyond the base number: a third adult in the suite adds 30 a night', async () => {
    const { body } = await search({ Rooms: [{ NumberOfAdults: 3, NumberOfChildren: 0, NumberOfInfants: 0 }] }).expect(200);
    expect(body.RoomTypes.map((r: RoomTypeAnswer) => r.RoomType.RoomTypeCode)).toEqual(['SUP']); // the double takes 2 adults, the family room 2
    expect(byCode(body, 'SUP')).toMatchObject({ LowestRate: 720 }); // (200 + 10 + 30) x 3
  });

  it('charges one child fewer when no adult stays: 150 + 12.50 a night for two children', async () => {
    const { body } = await search({ Rooms: [{ NumberOfAdults: 0, NumberOfChildren: 2, NumberOfInfants: 0 }] }).expect(200);
    expect(byCode(body, 'FAM')).toMatchObject({ LowestRate: 487.5 });
  });

  it('charges children and keeps the rate-plan occupancy of UseOccupancyForRatePlan', async () => {
    const { body } = await search({ Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 1, NumberOfInfants: 0 }] }).expect(200);
    const double = byCode(body, 'DBL');
    expect(rate(double, 'NRF')).toBeUndefined(); // at most 2 guests on that rate
    expect(rate(double, 'BAR')).toMatchObject({ BaseRate: 380, CostPerChild: 45 }); // 380 + 3 x 15 = 425 for this party
    expect(double).toMatchObject({ LowestRate: 210 });
    expect(rate(byCode((await search({}).expect(200)).body, 'DBL'), 'NRF')).toMatchObject({
      BaseRate: 270,
      UseOccupancyForRatePlan: true,
      MaximumOccupancy: 2,
    });
  });

  it('offers a code-only rate for its code, priced with per-person rates', async () => {
    const without = await search({}).expect(200);
    expect(rate(byCode(without.body, 'DBL'), 'CORP')).toBeUndefined();
    const { body } = await search({ RatePlanCode: 'corp' }).expect(200);
    // 80 + 15 (one adult beyond one) + 2 x 12 per person = 119 a night
    expect(rate(byCode(body, 'DBL'), 'CORP')).toMatchObject({
      BaseRate: 240,
      CostPerAdult: 45,
      PerPersonCostPerAdult: 36,
      BaseNumberOfAdults: 1,
    }); // 240 + 45 + 2 x 36 = 357 for two adults
  });

  it('applies a percentage promotion with the undiscounted Original* twins', async () => {
    const { body } = await search({ PromoCode: 'save10' }).expect(200);
    expect(body).toMatchObject({ IsPromoCodeValid: true, PromoCodeMessage: '10% off two nights or more' });
    expect(rate(byCode(body, 'DBL'), 'BAR')).toMatchObject({
      BaseRate: 342,
      OriginalBaseRate: 380,
      CostPerAdult: 67.5,
      OriginalCostPerAdult: 75,
      Promotion: { Code: 'SAVE10', Name: 'Save 10', Message: '10% off two nights or more' },
    });
    expect(rate(byCode(body, 'DBL'), 'NRF')).toMatchObject({ BaseRate: 270, OriginalBaseRate: 270, Promotion: null });
    expect(byCode(body, 'SUP')).toMatchObject({ LowestRate: 567, OriginalLowestRate: 630 });
  });

  it('applies a fixed amount off only the nights and room types the promotion covers', async () => {
    const { body } = await search({ DateFrom: '2027-03-06', DateTo: '2027-03-08', PromoCode: 'SUNDAY20' }).expect(200);
    expect(byCode(body, 'SUP')).toMatchObject({ LowestRate: 400, OriginalLowestRate: 420 });
    expect(rate(byCode(body, 'DBL'), 'BAR')).toMatchObject({ Promotion: null });
  });

  it('says why a promo code does not apply', async () => {
    expect((await search({ PromoCode: 'NOPE' }).expect(200)).body).toMatchObject({
      IsPromoCodeValid: false,
      PromoCodeMessage: 'The promo code you entered is not recognised.',
    });
    const oneNight = await search({ DateFrom: '2027-03-04', DateTo: '2027-03-05', PromoCode: 'SAVE10' }).expect(200);
    expect(oneNight.body).toMatchObject({
      IsPromoCodeValid: false,
      PromoCodeMessage: 'This promo code needs a stay of at least 2 nights.',
    });
    expect((await search({}).expect(200)).body).toMatchObject({ IsPromoCodeValid: null, PromoCodeMessage: null });
  });

  it('leaves out a rate whose minimum stay is not met', async () => {
    const { body } = await search({ DateFrom: '2027-03-04', DateTo: '2027-03-06' }).expect(200);
    expect(rate(byCode(body, 'DBL'), 'MIN3')).toBeUndefined();
    expect(byCode(body, 'DBL')).toMatchObject({ LowestRate: 180 }); // non-refundable 2 x 90
  });

  it('sums the lowest rate over the searched rooms each room type fits', async () => {
    const { body } = await search({ Rooms: [twoAdults, { NumberOfAdults: 3, NumberOfChildren: 0, NumberOfInfants: 0 }] }).expect(200);
    expect(byCode(body, 'DBL')).toMatchObject({ LowestRate: 210 }); // fits the first room only
    expect(byCode(body, 'SUP')).toMatchObject({ LowestRate: 1350 }); // 630 + 720
  });

  it('answers upgrades with their rates and the rooms free per room type', async () => {
    const { body } = await search({}).expect(200);
    const double = byCode(body, 'DBL')!;
    const suite = byCode(body, 'SUP')!;
    expect(double.RoomType.Upgrades).toEqual([
      expect.objectContaining({
        RoomTypeId: suite.RoomType.RoomTypeId,
        AvailableRates: [expect.objectContaining({ RatePlanCode: 'BAR' })],
      }),
    ]);
    // A rate offered as an upgrade reads as the same rate where its room type is answered.
    const [upgradeRate] = double.RoomType.Upgrades[0]!.AvailableRates as Body[];
    expect(upgradeRate).toEqual(rate(suite, 'BAR'));
    expect(body.NumberOfRoomsPerRoomTypeId).toEqual({
      [double.RoomType.RoomTypeId]: 2,
      [suite.RoomType.RoomTypeId]: 1,
      [byCode(body, 'FAM')!.RoomType.RoomTypeId]: 1,
    });
  });

  it('answers exactly the wire schema’s fields, whatever the search', async () => {
    const searches: Body[] = [
      {},
      { PromoCode: 'save10' },
      { DateFrom: '2027-03-06', DateTo: '2027-03-08', PromoCode: 'SUNDAY20' },
      { PromoCode: 'NOPE' },
      { RatePlanCode: 'corp' },
      { Rooms: [twoAdults, { NumberOfAdults: 1, NumberOfChildren: 2, NumberOfInfants: 1 }] },
      { DateFrom: '2027-03-19', DateTo: '2027-03-22' },
    ];
    for (const body of searches) {
      const answer = (await search(body).expect(200)).body as Body;
      // Parsing drops unknown fields and refuses missing or mistyped ones: equal means exactly the schema's.
      expect(searchResponseSchema.parse(answer)).toEqual(answer);
    }
  });
});

describe('POST /api/Availability/Search availability', () => {
  it('leaves out a room type closed on a night of the stay', async () => {
    const { body } = await search({ DateFrom: '2027-03-19', DateTo: '2027-03-22' }).expect(200);
    expect(byCode(body, 'SUP')).toBeUndefined();
    expect(byCode(body, 'DBL')).toBeDefined();
  });

  it('leaves out a room type sold out on one night and counts it as 0 free', async () => {
    await t.database.db.execute(
      sql`UPDATE room_type_inventory SET sold = total WHERE night = '2027-04-06' AND room_type_id IN (SELECT id FROM room_types WHERE code = 'DBL')`,
    );
    const { body } = await search({ DateFrom: '2027-04-05', DateTo: '2027-04-08' }).expect(200);
    expect(byCode(body, 'DBL')).toBeUndefined();
    const doubleId = (await search({}).expect(200)).body.RoomTypes[0].RoomType.RoomTypeId;
    expect(body.NumberOfRoomsPerRoomTypeId[doubleId]).toBe(0);
  });

  it('answers no room types beyond the sellable window', async () => {
    const { body } = await search({ DateFrom: '2031-01-01', DateTo: '2031-01-03' }).expect(200);
    expect(body.RoomTypes).toEqual([]);
  });
});

describe('POST /api/Availability/Search refusals', () => {
  it.each([
    [{ DateFrom: '2027-03-07', DateTo: '2027-03-04' }, 'DateTo', 'The departure date must be after the arrival date'],
    [{ DateFrom: '2027-02-30', DateTo: '2027-03-04' }, 'DateFrom', undefined],
    [{ DateFrom: '2027-02-20', DateTo: '2027-02-22' }, 'DateFrom', 'The arrival date cannot be in the past'],
    [{ DateFrom: '9999-12-30', DateTo: '9999-12-31' }, 'DateFrom', 'The arrival date can be at most 10 years ahead'],
    [{ DateFrom: '2037-04-01', DateTo: '2037-04-03' }, 'DateFrom', 'The arrival date can be at most 10 years ahead'],
    [
      { DateFrom: '2027-03-04', DateTo: '2027-06-04' },
      'DateTo',
      'A stay can be at most 60 nights online. Please contact us for longer stays.',
    ],
    [{ Rooms: [] }, 'Rooms', undefined],
    [{ Rooms: [{ NumberOfAdults: -1, NumberOfChildren: 0, NumberOfInfants: 0 }] }, 'Rooms[0].NumberOfAdults', undefined],
    [{ PropertyId: 'one' }, 'PropertyId', undefined],
  ])('answers 400 with ModelState for %j', async (body, field, message) => {
    const response = await search(body).expect(400);
    expect(response.body.ModelState[field]).toEqual(message ? [message] : [expect.any(String)]);
  });

  it('accepts the YYYY/MM/DD form too', async () => {
    const { body } = await search({ DateFrom: '2027/03/04', DateTo: '2027/03/07' }).expect(200);
    expect(byCode(body, 'DBL')).toMatchObject({ DateFrom: '2027-03-04', LowestRate: 210 });
  });

  it('answers 404 for an unknown property', async () => {
    await search({ PropertyId: 999_999 }).expect(404);
  });
});
