import { afterEach, describe, expect, it } from 'vitest';
import { bookAndFind, manageProperty } from '../manage-booking/manage-fixture';
import { aBooking, aRoom, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';

// Maximum stay, minimum stay through and minimum and maximum advance booking: each set by the
// definition or by ARI, then seen by the search, the calendar and the booking.
//
// Today is Monday 1 March 2027, 09:00 in London. The booking property sells the double on the
// flexible rate (BAR, "Flexible") at £100.00 a night from Sunday to Thursday and £140.00 on
// Fridays and Saturdays, and on the non-refundable rate (NRF) at £90.00 every night.

let t: TestApp;
let ids: Ids;
afterEach(() => t?.close());

const key = 'test-admin-key-0123456789';

/** The booking property with the flexible rate priced by these entries alone: it sells only the double, so the calendar's nights are the double's. */
const withBarPrices = (...prices: Record<string, unknown>[]) => ({
  ...bookingProperty,
  RatePlans: (bookingProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
    plan.Code === 'BAR' ? { ...plan, Prices: prices } : plan,
  ),
});
const weekday = { RoomType: 'DBL', BaseRate: 100, CostPerChild: 15 };
const weekend = { RoomType: 'DBL', Weekdays: [5, 6], BaseRate: 140, CostPerChild: 15 };

async function given(property = bookingProperty, now = '2027-03-01T09:00:00Z') {
  t = await createTestApp({ now });
  ids = await givenBookingProperty(t, property);
}

const ari = (changes: unknown[]) =>
  request(t.app).post('/api/Admin/Ari').set('X-Api-Key', key).send({ PropertyCode: 'BOOK', Changes: changes }).expect(200);

type SearchBody = {
  RoomTypes: { RoomType: { RoomTypeCode: string }; Rates: { RatePlanCode: string; RoomCosts: { TotalCost: number }[] }[] }[];
};

/** What two adults pay for the double on each rate offered for the stay. */
async function doubleRates(from: string, to: string): Promise<Record<string, number>> {
  const { body } = await request(t.app)
    .post('/api/Availability/Search')
    .send({
      PropertyId: ids.propertyId,
      LanguageCode: 'en',
      DateFrom: from,
      DateTo: to,
      Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
    })
    .expect(200);
  const double = (body as SearchBody).RoomTypes.find((entry) => entry.RoomType.RoomTypeCode === 'DBL');
  return Object.fromEntries((double?.Rates ?? []).map((rate) => [rate.RatePlanCode, rate.RoomCosts[0]!.TotalCost]));
}

/** Per night, the shortest stay on the flexible rate the calendar offers (absent: no stay arriving then). */
async function flexibleCalendar(from: string, to: string): Promise<Record<string, number | undefined>> {
  const { body } = await request(t.app)
    .get('/api/Availability')
    .query({ propertyId: ids.propertyId, languageCode: 'en', fromDate: from, toDate: to })
    .expect(200);
  return Object.fromEntries(
    (body as { DateOfStay: string; Rates: { RatePlanId: number; MinLengthOfStay: number }[] }[]).map((night) => [
      night.DateOfStay,
      night.Rates.find((rate) => rate.RatePlanId === ids.ratePlans.BAR)?.MinLengthOfStay,
    ]),
  );
}

/** Books the double on the flexible rate for the stay at the price the guest saw. */
const book = (from: string, to: string, totalCost: number) =>
  request(t.app)
    .post('/api/Reservation/Create')
    .send(aBooking(ids, { DateFrom: from, DateTo: to, Rooms: [aRoom(ids, { DateFrom: from, DateTo: to, TotalCost: totalCost })] }));

describe('maximum stay: a stay arriving on a night may last at most its MaximumStay nights', () => {
  it('set by ARI: two nights from Thursday are sold, three are not, and the booking of three is refused saying so', async () => {
    await given();
    await ari([{ Type: 'MaximumStay', RatePlan: 'BAR', From: '2027-03-04', To: '2027-03-04', MaximumStay: 2 }]);

    expect(await doubleRates('2027-03-04', '2027-03-06')).toEqual({ BAR: 240, NRF: 180 }); // exactly 2: £100 + £140; NRF 2 x £90
    expect(await doubleRates('2027-03-04', '2027-03-07')).toEqual({ NRF: 270 }); // 3 nights: BAR gone; NRF 3 x £90
    // Only the arrival night's maximum counts: arriving Wednesday, the stay through Thursday is free of it.
    expect(await doubleRates('2027-03-03', '2027-03-07')).toMatchObject({ BAR: 480 }); // £100 + £100 + £140 + £140

    const refused = await book('2027-03-04', '2027-03-07', 380).expect(400); // £100 + £140 + £140
    expect(refused.body.ModelState).toEqual({
      'Rooms[0].DateTo': ['The Flexible rate allows a stay of at most 2 nights from that arrival date. Please choose a shorter stay.'],
    });
    await book('2027-03-04', '2027-03-06', 240).expect(200);
  });

  it('set by the definition, and shown by the calendar when no stay can meet both a minimum and a maximum', async () => {
    await given(
      withBarPrices(weekday, weekend, { ...weekday, From: '2027-03-04', To: '2027-03-04', MinLengthOfStay: 3, MaxLengthOfStay: 2 }),
    );
    expect(await doubleRates('2027-03-04', '2027-03-06')).toEqual({ NRF: 180 }); // 2 nights: below the minimum of 3
    expect(await doubleRates('2027-03-04', '2027-03-07')).toEqual({ NRF: 270 }); // 3 nights: above the maximum of 2
    expect(await flexibleCalendar('2027-03-03', '2027-03-05')).toEqual({ '2027-03-03': 1, '2027-03-04': undefined, '2027-03-05': 1 });
  });

  it('is lifted by ARI with null', async () => {
    await given(withBarPrices(weekday, weekend, { ...weekday, From: '2027-03-04', To: '2027-03-04', MaxLengthOfStay: 1 }));
    expect(await doubleRates('2027-03-04', '2027-03-06')).toEqual({ NRF: 180 });
    await ari([{ Type: 'MaximumStay', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-04', To: '2027-03-04', MaximumStay: null }]);
    expect(await doubleRates('2027-03-04', '2027-03-06')).toEqual({ BAR: 240, NRF: 180 }); // £100 + £140
  });
});

describe('minimum stay through: a stay must last at least the largest MinimumStayThrough of its nights', () => {
  it('set by the definition on Friday: stays over Friday need 3 nights, stays around it do not; the calendar lengthens Friday arrivals', async () => {
    await given(
      withBarPrices(weekday, weekend, { ...weekend, Weekdays: null, From: '2027-03-05', To: '2027-03-05', MinLengthOfStayThrough: 3 }),
    );

    expect(await doubleRates('2027-03-04', '2027-03-06')).toEqual({ NRF: 180 }); // Thursday and Friday: 2 nights over Friday
    expect(await doubleRates('2027-03-03', '2027-03-06')).toMatchObject({ BAR: 340 }); // exactly 3: £100 + £100 + £140
    expect(await doubleRates('2027-03-04', '2027-03-05')).toMatchObject({ BAR: 100 }); // Thursday alone does not include Friday
    // Arriving Friday the shortest stay is 3 nights; Thursday can still be a night on its own.
    expect(await flexibleCalendar('2027-03-04', '2027-03-06')).toEqual({ '2027-03-04': 1, '2027-03-05': 3, '2027-03-06': 1 });

    const refused = await book('2027-03-04', '2027-03-06', 240).expect(400); // £100 + £140
    expect(refused.body.ModelState).toEqual({
      'Rooms[0].DateTo': ['The Flexible rate needs a stay of at least 3 nights over those dates. Please choose a longer stay.'],
    });
  });

  it('set by ARI on one room type, and lifted with null', async () => {
    await given();
    await ari([
      { Type: 'MinimumStayThrough', RatePlan: 'BAR', RoomType: 'DBL', From: '2027-03-05', To: '2027-03-05', MinimumStayThrough: 3 },
    ]);
    expect(await doubleRates('2027-03-04', '2027-03-06')).toEqual({ NRF: 180 });
    expect(await doubleRates('2027-03-04', '2027-03-07')).toMatchObject({ BAR: 380 }); // £100 + £140 + £140
    await ari([{ Type: 'MinimumStayThrough', RatePlan: 'BAR', From: '2027-03-05', To: '2027-03-05', MinimumStayThrough: null }]);
    expect(await doubleRates('2027-03-04', '2027-03-06')).toEqual({ BAR: 240, NRF: 180 }); // £100 + £140
  });
});

describe("minimum advance booking: the arrival must be at least MinimumAdvanceBooking days after the property's today", () => {
  it('set by ARI: arriving in 2 days is refused, in exactly 3 days is sold; the calendar offers no Wednesday arrival', async () => {
    await given();
    await ari([{ Type: 'MinimumAdvanceBooking', RatePlan: 'BAR', From: '2027-03-01', To: '2027-03-31', MinimumAdvanceBooking: 3 }]);

    expect(await doubleRates('2027-03-03', '2027-03-04')).toEqual({ NRF: 90 }); // Wednesday 3rd: 2 days ahead
    expect(await doubleRates('2027-03-04', '2027-03-05')).toMatchObject({ BAR: 100 }); // Thursday 4th: exactly 3 days ahead
    expect(await flexibleCalendar('2027-03-02', '2027-03-04')).toEqual({
      '2027-03-02': undefined,
      '2027-03-03': undefined,
      '2027-03-04': 1,
    });

    const refused = await book('2027-03-03', '2027-03-05', 200).expect(400); // £100 + £100
    expect(refused.body.ModelState).toEqual({
      'Rooms[0].DateFrom': [
        'The Flexible rate must be booked at least 3 days before arrival: the earliest arrival is Thursday 4th March 2027.',
      ],
    });
    await book('2027-03-04', '2027-03-06', 240).expect(200); // £100 + £140
  });

  it("counts from the property's today in its own time zone, not the server's", async () => {
    // 23:30 UTC on Monday 1 March is already 00:30 on Tuesday 2 March in Berlin: Thursday 4th is 2 days ahead there.
    await given(
      { ...withBarPrices({ ...weekday, MinAdvanceBookingDays: 3 }, { ...weekend, MinAdvanceBookingDays: 3 }), TimeZone: 'Europe/Berlin' },
      '2027-03-01T23:30:00Z',
    );
    expect(await doubleRates('2027-03-04', '2027-03-05')).toEqual({ NRF: 90 });
    expect(await doubleRates('2027-03-05', '2027-03-06')).toMatchObject({ BAR: 140 }); // Friday 5th: 3 days after Tuesday
  });
});

describe('maximum advance booking: the arrival must be at most MaximumAdvanceBooking days ahead', () => {
  it('set by the definition: exactly 30 days ahead is sold, 31 days is not, in the search, the calendar and the booking', async () => {
    await given(withBarPrices({ ...weekday, MaxAdvanceBookingDays: 30 }, { ...weekend, MaxAdvanceBookingDays: 30 }));

    expect(await doubleRates('2027-03-31', '2027-04-01')).toMatchObject({ BAR: 100 }); // Wednesday 31 March: 30 days after 1 March
    expect(await doubleRates('2027-04-01', '2027-04-02')).toEqual({ NRF: 90 }); // Thursday 1 April: 31 days
    expect(await flexibleCalendar('2027-03-31', '2027-04-01')).toEqual({ '2027-03-31': 1, '2027-04-01': undefined });

    const refused = await book('2027-04-01', '2027-04-02', 100).expect(400);
    expect(refused.body.ModelState).toEqual({
      'Rooms[0].DateFrom': [
        'The Flexible rate can be booked at most 30 days before arrival: the latest arrival is Wednesday 31st March 2027.',
      ],
    });
  });

  it('set by ARI and lifted with null', async () => {
    await given();
    await ari([{ Type: 'MaximumAdvanceBooking', RatePlan: 'BAR', From: '2027-04-01', To: '2027-04-01', MaximumAdvanceBooking: 30 }]);
    expect(await doubleRates('2027-04-01', '2027-04-02')).toEqual({ NRF: 90 });
    await ari([{ Type: 'MaximumAdvanceBooking', RatePlan: 'BAR', From: '2027-04-01', To: '2027-04-01', MaximumAdvanceBooking: null }]);
    expect(await doubleRates('2027-04-01', '2027-04-02')).toMatchObject({ BAR: 100 });
  });
});

describe('moving a booking onto new dates', () => {
  it('is refused by a maximum stay with what would work, as a new booking is', async () => {
    await given(manageProperty); // the booking property with a flexible rate cancellable free until 48 hours before arrival
    const booked = await bookAndFind(t, ids); // Thursday 4 to Saturday 6 March, flexible: £100 + £140
    await ari([{ Type: 'MaximumStay', RatePlan: 'BAR', From: '2027-03-11', To: '2027-03-11', MaximumStay: 2 }]);
    const { body } = await request(t.app)
      .post('/api/ManageBooking/SearchDateOptions')
      .send({
        PropertyId: ids.propertyId,
        ReservationId: booked.id,
        Code: booked.code,
        ReservationItemIds: booked.itemIds,
        DateFrom: '2027-03-11',
        DateTo: '2027-03-14',
      })
      .expect(200);
    expect(body).toEqual({
      Success: false,
      Message: 'The Flexible rate allows a stay of at most 2 nights from that arrival date. Please choose a shorter stay.',
      ReservationItemRateRows: [],
    });
  });
});

describe('the restrictions on the wire', () => {
  it('refuses a value below 1 or a fraction with 400, naming the field, and changes nothing', async () => {
    await given();
    const { body } = await request(t.app)
      .post('/api/Admin/Ari')
      .set('X-Api-Key', key)
      .send({
        PropertyCode: 'BOOK',
        Changes: [
          { Type: 'MaximumStay', RatePlan: 'BAR', From: '2027-03-04', To: '2027-03-04', MaximumStay: 0 },
          { Type: 'MinimumAdvanceBooking', RatePlan: 'BAR', From: '2027-03-04', To: '2027-03-04', MinimumAdvanceBooking: 1.5 },
        ],
      })
      .expect(400);
    expect(Object.keys(body.ModelState)).toEqual(['Changes[0].MaximumStay', 'Changes[1].MinimumAdvanceBooking']);
    expect(await doubleRates('2027-03-04', '2027-03-06')).toEqual({ BAR: 240, NRF: 180 });
  });

  it('answers what each ARI change did by its Type', async () => {
    await given();
    const { body } = await ari([
      { Type: 'MaximumStay', RatePlan: 'BAR', From: '2027-03-04', To: '2027-03-05', MaximumStay: 7 },
      { Type: 'MinimumStayThrough', RatePlan: 'BAR', From: '2027-03-04', To: '2027-03-05', MinimumStayThrough: 2 },
      { Type: 'MinimumAdvanceBooking', RatePlan: 'BAR', From: '2027-03-04', To: '2027-03-05', MinimumAdvanceBooking: 1 },
      { Type: 'MaximumAdvanceBooking', RatePlan: 'BAR', From: '2027-03-04', To: '2027-03-05', MaximumAdvanceBooking: 365 },
    ]);
    // Two nights selected; on each, the double and the single take a value they did not have.
    expect(body.Changes).toEqual([
      { Type: 'MaximumStay', Nights: 2, NightsChanged: 2 },
      { Type: 'MinimumStayThrough', Nights: 2, NightsChanged: 2 },
      { Type: 'MinimumAdvanceBooking', Nights: 2, NightsChanged: 2 },
      { Type: 'MaximumAdvanceBooking', Nights: 2, NightsChanged: 2 },
    ]);
  });
});
