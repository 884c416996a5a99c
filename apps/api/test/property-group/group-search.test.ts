import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givenDefinition } from '../support/builders';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom } from '../reservation/reservation-fixture';
import { adults, coastGroup, pairGroup } from './coast-group';

let t: TestApp;
let coastId: number;
let pairId: number;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  await givenDefinition(t.context, coastGroup);
  await givenDefinition(t.context, pairGroup);
  coastId = (await request(t.app).get('/api/PropertyGroup/COAST').expect(200)).body.PropertyGroupId;
  pairId = (await request(t.app).get('/api/PropertyGroup/PAIR').expect(200)).body.PropertyGroupId;
});
afterAll(() => t.close());

const stay = { DateFrom: '2027-03-04', DateTo: '2027-03-06' };
type Result = {
  PropertyCode: string;
  CanSell: boolean;
  LowestPrice: {
    Total: number;
    PerNight: number;
    Currency: string;
    Converted: { Total: number; PerNight: number; Currency: string } | null;
  } | null;
  AvailableRoomTypes: number;
  RoomsLeft: number | null;
  Blocked: { Reason: string; Message: string } | null;
  AlternativeDates: { DateFrom: string; DateTo: string; LowestPrice: { Total: number } }[];
};
const search = (body: Record<string, unknown>) =>
  request(t.app)
    .post('/api/Availability/SearchPropertyGroup')
    .send({ PropertyGroupId: coastId, LanguageCode: 'en', ...stay, Rooms: [adults(2)], ...body });
async function results(body: Record<string, unknown> = {}): Promise<Result[]> {
  return (await search(body).expect(200)).body.Properties;
}
const byCode = (list: Result[], code: string) => list.find((result) => result.PropertyCode === code)!;

describe('POST /api/Availability/SearchPropertyGroup', () => {
  it('prices each property that sells the stay, in its own currency', async () => {
    const list = await results();
    expect(byCode(list, 'HARBOUR')).toMatchObject({
      CanSell: true,
      // 2 nights x £100.00 = £200.00; £100.00 a night.
      LowestPrice: { Total: 200, PerNight: 100, Currency: 'GBP', Converted: null },
      AvailableRoomTypes: 1,
      RoomsLeft: 2,
      Blocked: null,
      AlternativeDates: [],
    });
    // 2 nights x €110.00 = €220.00.
    expect(byCode(list, 'BEACH').LowestPrice).toEqual({ Total: 220, PerNight: 110, Currency: 'EUR', Converted: null });
    // 2 nights x 1,000.00 kr = 2,000.00 kr.
    expect(byCode(list, 'FJORD').LowestPrice).toMatchObject({ Total: 2000, Currency: 'SEK' });
  });

  it('answers the same price as the single-property search', async () => {
    const harbour = (await request(t.app).get('/api/Property/HARBOUR').expect(200)).body.PropertyId;
    const single = await request(t.app)
      .post('/api/Availability/Search')
      .send({ PropertyId: harbour, LanguageCode: 'en', ...stay, Rooms: [adults(2)] })
      .expect(200);
    expect(byCode(await results(), 'HARBOUR').LowestPrice!.Total).toBe(single.body.RoomTypes[0].LowestRate);
  });

  it('says why a property cannot sell, and offers the nearest stays of the same length it can', async () => {
    const list = await results();
    expect(byCode(list, 'CLIFF')).toMatchObject({
      CanSell: false,
      LowestPrice: null,
      RoomsLeft: null,
      Blocked: { Reason: 'SoldOut', Message: 'No rooms are left for these dates.' },
      // Arrival 3 March (night of 4 closed) and 5 March (night of 5 closed) cannot; 2 and 6 March
      // (2 days away) can, then 1 March (3 days): each 2 nights x £90.00 = £180.00.
      AlternativeDates: [
        { DateFrom: '2027-03-02', DateTo: '2027-03-04', LowestPrice: { Total: 180, PerNight: 90, Currency: 'GBP', Converted: null } },
        { DateFrom: '2027-03-06', DateTo: '2027-03-08', LowestPrice: { Total: 180, PerNight: 90, Currency: 'GBP', Converted: null } },
        { DateFrom: '2027-03-01', DateTo: '2027-03-03', LowestPrice: { Total: 180, PerNight: 90, Currency: 'GBP', Converted: null } },
      ],
    });
    expect(byCode(list, 'DUNE')).toMatchObject({
      CanSell: false,
      Blocked: { Reason: 'MinimumStay', Message: 'Stays arriving on Thursday 4th March 2027 must be at least 3 nights.' },
      // Every arrival asks for 3 nights: no 2-night stay in the fortnight either side sells.
      AlternativeDates: [],
    });
    expect(byCode(list, 'EAST')).toMatchObject({
      CanSell: false,
      Blocked: { Reason: 'ClosedToArrival', Message: 'Arrivals are not possible on Thursday 4th March 2027.' },
      // 3 March then 5 March (1 day away), then 2 March: 2 nights x £130.00 = £260.00 each.
      AlternativeDates: [
        { DateFrom: '2027-03-03', DateTo: '2027-03-05', LowestPrice: { Total: 260 } },
        { DateFrom: '2027-03-05', DateTo: '2027-03-07', LowestPrice: { Total: 260 } },
        { DateFrom: '2027-03-02', DateTo: '2027-03-04', LowestPrice: { Total: 260 } },
      ],
    });
  });

  it('refuses a party no room takes, and more rooms than a property takes on one booking', async () => {
    // Every double takes at most 2 adults.
    expect(byCode(await results({ Rooms: [adults(3)] }), 'HARBOUR')).toMatchObject({
      CanSell: false,
      Blocked: { Reason: 'PartyDoesNotFit', Message: 'No room here takes the guests of room 1. Try splitting them over more rooms.' },
      AlternativeDates: [],
    });
    const twoRooms = await results({ Rooms: [adults(1), adults(1)] });
    expect(byCode(twoRooms, 'EAST').Blocked).toEqual({
      Reason: 'NotBookable',
      Message: 'This property takes at most 1 rooms on one booking. Please contact the hotel to add more.',
    });
    // Harbour has exactly 2 doubles: 2 x 2 nights x £100.00 = £400.00, none to spare after.
    expect(byCode(twoRooms, 'HARBOUR')).toMatchObject({ CanSell: true, LowestPrice: { Total: 400 }, RoomsLeft: 2 });
    expect(byCode(await results({ Rooms: [adults(1), adults(1), adults(1)] }), 'HARBOUR').Blocked).toEqual({
      Reason: 'SoldOut',
      Message: 'There are not 3 rooms left for these dates.',
    });
  });

  it('does not offer a stay beyond the 36 months a property sells ahead', async () => {
    // 36 months from 1 March 2027 is 1 March 2030.
    const list = await results({ DateFrom: '2030-03-10', DateTo: '2030-03-12' });
    expect(list.map((r) => r.Blocked)).toEqual(
      list.map(() => ({
        Reason: 'NotBookable',
        Message: 'This property takes bookings up to 36 months ahead. Please choose earlier dates.',
      })),
    );
    expect(list.every((r) => r.AlternativeDates.length === 0)).toBe(true);
  });

  it('lists those that sell first, cheapest first within one currency, then the rest by name', async () => {
    // No display currency: GBP (the group's first currency) before EUR before SEK, never compared across.
    expect((await results()).map((r) => r.PropertyCode)).toEqual(['HARBOUR', 'BEACH', 'FJORD', 'CLIFF', 'DUNE', 'EAST']);
  });

  it('converts into the display currency and compares there; a currency no rate converts comes after', async () => {
    const list = await results({ DisplayCurrency: 'GBP' });
    // €220.00 / 1.17 = £188.034 -> £188.03 (below Harbour's £200.00); per night £188.03 / 2 = £94.015 -> £94.02.
    expect(byCode(list, 'BEACH').LowestPrice!.Converted).toEqual({ Total: 188.03, PerNight: 94.02, Currency: 'GBP' });
    // Already in pounds: nothing to convert. No rate for SEK: not converted.
    expect(byCode(list, 'HARBOUR').LowestPrice!.Converted).toBeNull();
    expect(byCode(list, 'FJORD').LowestPrice!.Converted).toBeNull();
    expect(list.map((r) => r.PropertyCode)).toEqual(['BEACH', 'HARBOUR', 'FJORD', 'CLIFF', 'DUNE', 'EAST']);

    // £200.00 x 1.17 = €234.00 (£100.00 x 1.17 = €117.00 a night); alternatives are converted too: £180.00 x 1.17 = €210.60.
    const inEuros = await results({ DisplayCurrency: 'EUR' });
    expect(byCode(inEuros, 'HARBOUR').LowestPrice!.Converted).toEqual({ Total: 234, PerNight: 117, Currency: 'EUR' });
    expect(byCode(inEuros, 'CLIFF').AlternativeDates[0]!.LowestPrice).toMatchObject({ Converted: { Total: 210.6 } });
    expect(inEuros.map((r) => r.PropertyCode)).toEqual(['BEACH', 'HARBOUR', 'FJORD', 'CLIFF', 'DUNE', 'EAST']);
  });

  it('places several rooms at once at the exact lowest total, where taking the cheapest room first would fail', async () => {
    const [pair] = (await search({ PropertyGroupId: pairId, Rooms: [adults(2), adults(3)] }).expect(200)).body.Properties as Result[];
    // The 2 adults would take the £80.00 Double first and leave the 3 adults nowhere. Exactly:
    // the 3 adults in the Double 2 x £80.00 = £160.00 + the 2 adults in a Twin 2 x £150.00 = £300.00
    // = £460.00, £230.00 a night; the Double has 1 unit left, the fewest of the two.
    expect(pair).toMatchObject({ CanSell: true, LowestPrice: { Total: 460, PerNight: 230 }, AvailableRoomTypes: 2, RoomsLeft: 1 });
  });

  it('shows a booking at one property at once (the cached answer is not reused)', async () => {
    expect(byCode(await results(), 'HARBOUR').RoomsLeft).toBe(2);
    const single = await request(t.app)
      .post('/api/Availability/Search')
      .send({
        PropertyId: (await request(t.app).get('/api/Property/HARBOUR')).body.PropertyId,
        LanguageCode: 'en',
        ...stay,
        Rooms: [adults(2)],
      })
      .expect(200);
    const roomType = single.body.RoomTypes[0];
    const ids = {
      propertyId: (await request(t.app).get('/api/Property/HARBOUR')).body.PropertyId,
      roomTypes: { DBL: roomType.RoomType.RoomTypeId },
      ratePlans: { BAR: roomType.Rates[0].RatePlanId },
      services: {},
    };
    // 2 nights x £100.00 = £200.00.
    await request(t.app)
      .post('/api/Reservation/Create')
      .send(aBooking(ids, { Rooms: [aRoom(ids, { TotalCost: 200 })] }))
      .expect(200);
    const after = await results();
    expect(byCode(after, 'HARBOUR').RoomsLeft).toBe(1);
    // The other properties answer as before.
    expect(byCode(after, 'BEACH').RoomsLeft).toBe(3);
  });
});

describe('bad group searches', () => {
  const refused = async (body: Record<string, unknown>, status = 400) => (await search(body).expect(status)).body;

  it('answers 404 for a group that does not exist', async () => {
    expect((await refused({ PropertyGroupId: 999_999 }, 404)).Message).toBe(
      'There is no property group "999999". Check the address you were given.',
    );
  });

  it('refuses dates in the past, a departure not after the arrival and more than 20 rooms', async () => {
    expect((await refused({ DateFrom: '2027-02-27', DateTo: '2027-03-02' })).ModelState).toEqual({
      DateFrom: ['The arrival date cannot be in the past'],
    });
    expect((await refused({ DateFrom: '2027-03-06', DateTo: '2027-03-04' })).ModelState).toEqual({
      DateTo: ['The departure date must be after the arrival date'],
    });
    expect(Object.keys((await refused({ Rooms: Array.from({ length: 21 }, () => adults(1)) })).ModelState)).toEqual(['Rooms']);
  });

  it('refuses a display currency it cannot show prices in', async () => {
    expect((await refused({ DisplayCurrency: 'XYZ' })).ModelState).toEqual({
      DisplayCurrency: ['There is no exchange rate for XYZ. Use one of EUR, GBP.'],
    });
    expect(Object.keys((await refused({ DisplayCurrency: 'pounds' })).ModelState)).toEqual(['DisplayCurrency']);
  });
});
