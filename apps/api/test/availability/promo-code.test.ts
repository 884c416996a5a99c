import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aProperty, givenDefinition } from '../support/builders';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * IsPromoCodeValid is true only when a rate the search answers takes the code; otherwise it is
 * false and PromoCodeMessage says why (docs/domain-rules.md, Promotions). The group search
 * answers the same about a group whose first property is this one.
 *
 * Today is Monday 1 March 2027 in London; the stay is Thursday 4 to Saturday 6 March (2 nights).
 */
const promoHotel = aProperty({
  Code: 'PROMO',
  Name: 'Promo Hotel',
  RoomTypes: [
    { Code: 'DBL', Name: 'Double', Rooms: ['1', '2'], MaximumOccupancy: 2, AdultMaximumOccupancy: 2 },
    { Code: 'FAM', Name: 'Family', Rooms: ['3'], MaximumOccupancy: 4, AdultMaximumOccupancy: 4 },
    { Code: 'SUI', Name: 'Suite', Rooms: ['4'], MaximumOccupancy: 2, AdultMaximumOccupancy: 2 },
  ],
  RatePlans: [
    {
      Code: 'BAR',
      Name: 'Best Available Rate',
      Prices: [
        { RoomType: 'DBL', BaseRate: 100 },
        { RoomType: 'FAM', BaseRate: 150 },
        { RoomType: 'SUI', BaseRate: 200 },
      ],
    },
  ],
  // The suite is taken out of sale on the stay's nights.
  Closures: [{ RoomType: 'SUI', From: '2027-03-04', To: '2027-03-05', Rooms: 1 }],
  Promotions: [
    { Code: 'DOUBLE10', Name: 'Doubles', DiscountPercent: 10, RatePlans: ['BAR'], RoomTypes: ['DBL'], Message: '10% off our doubles' },
    { Code: 'SUITE20', Name: 'Suites', DiscountPercent: 20, RatePlans: ['BAR'], RoomTypes: ['SUI'] },
    { Code: 'EASTER', Name: 'Easter', DiscountPercent: 15, RatePlans: ['BAR'], StayFrom: '2027-03-26', StayTo: '2027-03-29' },
    { Code: 'EARLY', Name: 'Early birds', DiscountPercent: 15, RatePlans: ['BAR'], BookTo: '2027-02-28' },
  ],
});
/** A second property of the group, with no promotions: it never takes a code. */
const plainHotel = aProperty({ Code: 'PLAIN', Name: 'Plain Hotel' });

let t: TestApp;
let promoId: number;
let groupId: number;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  await givenDefinition(t.context, {
    Groups: [{ Code: 'PROMOS', Name: 'Promo Hotels', Properties: ['PROMO', 'PLAIN'] }],
    Properties: [promoHotel, plainHotel],
  });
  promoId = (await request(t.app).get('/api/Property/PROMO').expect(200)).body.PropertyId;
  groupId = (await request(t.app).get('/api/PropertyGroup/PROMOS').expect(200)).body.PropertyGroupId;
});
afterAll(() => t.close());

const adults = (count: number) => ({ NumberOfAdults: count, NumberOfChildren: 0, NumberOfInfants: 0 });
const stay = { DateFrom: '2027-03-04', DateTo: '2027-03-06' };

type Rate = { RatePlanCode: string; Promotion: { Code: string } | null; RoomCosts: ({ TotalCost: number } | null)[] };
type Answer = {
  RoomTypes: { RoomType: { RoomTypeCode: string }; Rates: Rate[]; LowestRate: number; OriginalLowestRate: number }[];
  IsPromoCodeValid: boolean | null;
  PromoCodeMessage: string | null;
};

/**
 * The single search's answer, after checking that its flag says whether a rate it answers took
 * the code, and that the group search says the same about the code.
 */
async function search(body: { PromoCode: string | null; Rooms: ReturnType<typeof adults>[]; DateFrom?: string; DateTo?: string }) {
  const sent = { LanguageCode: 'en', ...stay, ...body };
  const answer: Answer = (
    await request(t.app)
      .post('/api/Availability/Search')
      .send({ PropertyId: promoId, ...sent })
      .expect(200)
  ).body;
  const answeredRateTakesCode = answer.RoomTypes.some((roomType) => roomType.Rates.some((rate) => rate.Promotion !== null));
  expect(answer.IsPromoCodeValid).toBe(body.PromoCode === null ? null : answeredRateTakesCode);
  const group = await request(t.app)
    .post('/api/Availability/SearchPropertyGroup')
    .send({ PropertyGroupId: groupId, ...sent })
    .expect(200);
  expect({ IsPromoCodeValid: group.body.IsPromoCodeValid, PromoCodeMessage: group.body.PromoCodeMessage }).toEqual({
    IsPromoCodeValid: answer.IsPromoCodeValid,
    PromoCodeMessage: answer.PromoCodeMessage,
  });
  return answer;
}
const roomTypeCodes = (answer: Answer) => answer.RoomTypes.map((roomType) => roomType.RoomType.RoomTypeCode);

describe('IsPromoCodeValid of POST /api/Availability/Search', () => {
  it('is true, with the promotion’s message, when a room type the party fits takes the code', async () => {
    const answer = await search({ PromoCode: 'double10', Rooms: [adults(2)] });
    expect(answer).toMatchObject({ IsPromoCodeValid: true, PromoCodeMessage: '10% off our doubles' });
    // The double takes the code: 2 nights x (100 - 10%) = 180; the family room does not: 2 x 150 = 300.
    expect(answer.RoomTypes.find((roomType) => roomType.RoomType.RoomTypeCode === 'DBL')).toMatchObject({
      LowestRate: 180,
      OriginalLowestRate: 200,
      Rates: [{ RatePlanCode: 'BAR', Promotion: { Code: 'DOUBLE10' } }],
    });
    expect(answer.RoomTypes.find((roomType) => roomType.RoomType.RoomTypeCode === 'FAM')).toMatchObject({
      LowestRate: 300,
      Rates: [{ Promotion: null }],
    });
  });

  it('is false when the code is for a room type the party does not fit, though others fit it', async () => {
    const answer = await search({ PromoCode: 'DOUBLE10', Rooms: [adults(3)] });
    expect(roomTypeCodes(answer)).toEqual(['FAM']);
    expect(answer).toMatchObject({
      IsPromoCodeValid: false,
      PromoCodeMessage: 'This promo code applies only to rooms that cannot take your guests.',
    });
    expect(answer.RoomTypes[0]).toMatchObject({ LowestRate: 300, OriginalLowestRate: 300 });
  });

  it('is false when no room type fits the party at all', async () => {
    const answer = await search({ PromoCode: 'DOUBLE10', Rooms: [adults(5)] });
    expect(answer).toMatchObject({
      RoomTypes: [],
      IsPromoCodeValid: false,
      PromoCodeMessage: 'This promo code applies only to rooms that cannot take your guests.',
    });
  });

  it('is false when the only room type the code is for has no room left for the stay', async () => {
    const answer = await search({ PromoCode: 'SUITE20', Rooms: [adults(2)] });
    expect(roomTypeCodes(answer)).toEqual(['DBL', 'FAM']);
    expect(answer).toMatchObject({
      IsPromoCodeValid: false,
      PromoCodeMessage: 'This promo code applies only to rooms that are sold out for your dates.',
    });
  });

  it('is false for a code the property does not know', async () => {
    const answer = await search({ PromoCode: 'NOSUCHCODE', Rooms: [adults(2)] });
    expect(answer).toMatchObject({ IsPromoCodeValid: false, PromoCodeMessage: 'The promo code you entered is not recognised.' });
  });

  it('is false for a stay none of whose nights the code covers, or booked outside its booking window', async () => {
    expect(await search({ PromoCode: 'EASTER', Rooms: [adults(2)] })).toMatchObject({
      IsPromoCodeValid: false,
      PromoCodeMessage: 'This promo code does not apply to your selected dates.',
    });
    expect(await search({ PromoCode: 'EARLY', Rooms: [adults(2)] })).toMatchObject({
      IsPromoCodeValid: false,
      PromoCodeMessage: 'This promo code cannot be used for bookings made today.',
    });
  });

  it('is true for a stay with one night the code covers, which alone is discounted', async () => {
    // Thursday 25 and Friday 26 March: Easter covers the 26th only. 100 + (100 - 15%) = 185.
    const answer = await search({ PromoCode: 'EASTER', DateFrom: '2027-03-25', DateTo: '2027-03-27', Rooms: [adults(2)] });
    expect(answer).toMatchObject({ IsPromoCodeValid: true, PromoCodeMessage: null });
    expect(answer.RoomTypes.find((roomType) => roomType.RoomType.RoomTypeCode === 'DBL')).toMatchObject({
      LowestRate: 185,
      OriginalLowestRate: 200,
    });
  });

  it('is null, as its message, without a code', async () => {
    expect(await search({ PromoCode: null, Rooms: [adults(2)] })).toMatchObject({ IsPromoCodeValid: null, PromoCodeMessage: null });
  });
});
