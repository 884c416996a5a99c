import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request } from '../support/request';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';
import { aRoom, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { bookAndFind, manageProperty, type Booked } from './manage-fixture';

let t: TestApp;
let ids: Ids;
/** Double, flexible rate, Thursday 4 to Saturday 6 March, two adults: 100 + 140 = 240. */
let flexible: Booked;
/** The same on the non-refundable rate: never cancellable online, so its dates never move online. */
let nonRefundable: Booked;
let otherPropertyId: number;

beforeAll(async () => {
  t = await createTestApp();
  ids = await givenBookingProperty(t, manageProperty);
  await givenDefinition(t.context, aDefinition(aProperty({ Code: 'OTHER' })));
  otherPropertyId = (await request(t.app).get('/api/Property/OTHER').expect(200)).body.PropertyId;
  flexible = await bookAndFind(t, ids);
  nonRefundable = await bookAndFind(t, ids, { Rooms: [aRoom(ids, { RatePlanId: ids.ratePlans.NRF, TotalCost: 180 })] });
  // The Doubles' two rooms are now both sold on Thursday 4 and Friday 5; Saturday 6 has one left.
});
afterAll(() => t.close());
beforeEach(() => t.setNow('2027-03-01T09:00:00Z'));

const dateOptions = (booking: Booked, body: Record<string, unknown>) =>
  request(t.app)
    .post('/api/ManageBooking/SearchDateOptions')
    .send({ PropertyId: ids.propertyId, ReservationId: booking.id, Code: booking.code, ReservationItemIds: booking.itemIds, ...body });

describe('POST /api/ManageBooking/SearchDateOptions', () => {
  it('moves a stay by a night onto a night its own room holds: priced night by night, components summed', async () => {
    // Friday 5 is sold out (both Doubles), but one of the two is this booking's own.
    const { body } = await dateOptions(flexible, { DateFrom: '2027-03-05', DateTo: '2027-03-07' }).expect(200);
    expect(body).toEqual({
      Success: true,
      Message: null,
      ReservationItemRateRows: [
        expect.objectContaining({
          ReservationItemId: flexible.itemIds[0],
          RoomTypeId: ids.roomTypes.DBL,
          RatePlanId: ids.ratePlans.BAR,
          DateFrom: '2027-03-05',
          DateTo: '2027-03-07',
          // Friday 140 + Saturday 140.
          BaseRate: 280,
          OriginalBaseRate: 280,
          // 15 a child a night, two nights.
          CostPerChild: 30,
          CostPerAdult: 0,
          BaseNumberOfAdults: 2,
          NumberOfAdults: 2,
          NumberOfChildren: 0,
          Promotion: null,
          TotalCost: 280,
          OriginalTotalCost: 280,
        }),
      ],
    });
  });

  it('a week later: Thursday 11 to Saturday 13 at 100 + 140 = 240', async () => {
    const { body } = await dateOptions(flexible, { DateFrom: '2027-03-11', DateTo: '2027-03-13' }).expect(200);
    expect(body.ReservationItemRateRows[0]).toMatchObject({ BaseRate: 240, TotalCost: 240, OriginalTotalCost: 240 });
  });

  it('refuses nights another booking holds: no rooms left', async () => {
    // Both Doubles are sold to another booking on Monday 15 March.
    const other = await bookAndFind(t, ids, {
      DateFrom: '2027-03-15',
      DateTo: '2027-03-16',
      Rooms: [
        aRoom(ids, { DateFrom: '2027-03-15', DateTo: '2027-03-16', TotalCost: 100 }),
        aRoom(ids, { ReservationItemId: 2, DateFrom: '2027-03-15', DateTo: '2027-03-16', TotalCost: 100 }),
      ],
    });
    expect(other.itemIds).toHaveLength(2);
    const { body } = await dateOptions(flexible, { DateFrom: '2027-03-15', DateTo: '2027-03-17' }).expect(200);
    expect(body).toEqual({
      Success: false,
      Message: 'There are no Double rooms left for those dates. Please try other dates.',
      ReservationItemRateRows: [],
    });
  });

  it.each([
    ['closed to arrival', '2027-03-21', '2027-03-23', 'Arrivals are not possible on 2027-03-21. Please choose another arrival date.'],
    ['a minimum stay', '2027-03-25', '2027-03-26', 'The Flexible rate needs a stay of at least 3 nights from that arrival date.'],
    ['the past', '2027-02-28', '2027-03-02', 'The new arrival date cannot be in the past.'],
    [
      'a night not sold',
      '2027-03-27',
      '2027-03-29',
      'The Flexible rate is not offered for the Double on those dates. Please try other dates.',
    ],
  ])('refuses %s with why', async (_, DateFrom, DateTo, Message) => {
    const { body } = await dateOptions(flexible, { DateFrom, DateTo }).expect(200);
    expect(body).toEqual({ Success: false, Message, ReservationItemRateRows: [] });
  });

  it('a booking that can no longer be cancelled free: the hotel changes it, with its telephone', async () => {
    const nonRefundableAnswer = await dateOptions(nonRefundable, { DateFrom: '2027-03-11', DateTo: '2027-03-13' }).expect(200);
    const contact = 'To modify your reservation, please contact the hotel directly on a phone number: +441000000000';
    expect(nonRefundableAnswer.body).toEqual({ Success: false, Message: contact, ReservationItemRateRows: [] });
    // 15:00 on Tuesday 2 March is the flexible rate's deadline (48 hours before Thursday 15:00).
    t.setNow('2027-03-02T15:00:00Z');
    const late = await dateOptions(flexible, { DateFrom: '2027-03-11', DateTo: '2027-03-13' }).expect(200);
    expect(late.body).toEqual({ Success: false, Message: contact, ReservationItemRateRows: [] });
  });

  it('a room of another booking is a 400 naming it; a wrong code or property the one 404', async () => {
    const stranger = await dateOptions(flexible, {
      DateFrom: '2027-03-11',
      DateTo: '2027-03-13',
      ReservationItemIds: nonRefundable.itemIds,
    }).expect(400);
    expect(stranger.body.ModelState).toEqual({ 'ReservationItemIds[0]': ['Choose rooms of this booking, each once'] });
    const twice = [flexible.itemIds[0], flexible.itemIds[0]];
    await dateOptions(flexible, { DateFrom: '2027-03-11', DateTo: '2027-03-13', ReservationItemIds: twice }).expect(400);
    const notFound = { Code: 'NOT_FOUND' };
    await dateOptions(flexible, { DateFrom: '2027-03-11', DateTo: '2027-03-13', Code: flexible.code.slice(0, -1) })
      .expect(404)
      .expect((res) => expect(res.body).toMatchObject(notFound));
    await dateOptions(flexible, { DateFrom: '2027-03-11', DateTo: '2027-03-13', Code: nonRefundable.code }).expect(404);
    await dateOptions(flexible, { DateFrom: '2027-03-11', DateTo: '2027-03-13', PropertyId: otherPropertyId }).expect(404);
    await dateOptions(flexible, { DateFrom: '2027-03-11', DateTo: '2027-03-13', ReservationId: 2_000_000_000 }).expect(404);
    await dateOptions(flexible, { DateFrom: '2027-03-11', DateTo: '2027-03-13', ReservationItemIds: [-1] }).expect(400);
    await dateOptions(flexible, { DateFrom: '2027-03-13', DateTo: '2027-03-11' }).expect(400);
  });
});
