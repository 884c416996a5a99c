import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { aRoom, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { bookAndFind, manageProperty, type Booked } from './manage-fixture';

let t: TestApp;
let ids: Ids;

beforeAll(async () => {
  t = await createTestApp();
  ids = await givenBookingProperty(t, manageProperty);
});
afterAll(() => t.close());
beforeEach(() => t.setNow('2027-03-01T09:00:00Z'));

const upgrades = (booking: Booked, query: Record<string, unknown> = {}) =>
  request(t.app)
    .get('/api/ManageBooking/UpgradeOptions')
    .query({ propertyId: ids.propertyId, reservationId: booking.id, code: booking.code, ...query });

describe('GET /api/ManageBooking/UpgradeOptions', () => {
  it('the Suite for a Double on the flexible rate: its price for the stay and what it adds', async () => {
    // Double, Thursday 4 to Saturday 6, two adults and a child: 100 + 140 + 2 x 15 = 270.
    const booking = await bookAndFind(t, ids, { Rooms: [aRoom(ids, { NumberOfChildren: 1, TotalCost: 270 })] });
    const { body } = await upgrades(booking).expect(200);
    expect(body.RoomTypes).toEqual([
      expect.objectContaining({
        ReservationItemId: booking.itemIds[0],
        RoomType: expect.objectContaining({ RoomTypeId: ids.roomTypes.SUP, Name: 'Suite', MaximumOccupancy: 4 }),
        Rate: expect.objectContaining({
          RatePlanId: ids.ratePlans.BAR,
          // Suite: Thursday 180 + Friday 220, no charge per child on the Suite.
          BaseRate: 400,
          RoomCosts: [{ TotalCost: 400, OriginalTotalCost: 400 }],
        }),
        TotalUpgradeCost: 400,
        // 400 - 270.
        Difference: 130,
      }),
    ]);
    expect(body.RoomTypes[0].RoomType.AvailableRates.map((rate: { RatePlanCode: string }) => rate.RatePlanCode)).toEqual(['BAR']);
    // Thursday 4 to Saturday 6: one of two Doubles left, the Suite and the Single free.
    expect(body.NumberOfRoomsPerRoomTypeId).toEqual({
      [`${ids.roomTypes.DBL}`]: 1,
      [`${ids.roomTypes.SGL}`]: 1,
      [`${ids.roomTypes.SUP}`]: 1,
    });
  });

  it('none where the rate is not offered in the Suite, or once the booking can no longer change', async () => {
    // The non-refundable rate has no Suite price (and is never cancellable online anyway).
    const nonRefundable = await bookAndFind(t, ids, { Rooms: [aRoom(ids, { RatePlanId: ids.ratePlans.NRF, TotalCost: 180 })] });
    expect((await upgrades(nonRefundable).expect(200)).body.RoomTypes).toEqual([]);
    const flexible = await bookAndFind(t, ids, {
      DateFrom: '2027-03-11',
      DateTo: '2027-03-13',
      Rooms: [aRoom(ids, { DateFrom: '2027-03-11', DateTo: '2027-03-13' })],
    });
    expect((await upgrades(flexible).expect(200)).body.RoomTypes).toHaveLength(1);
    // After the deadline (15:00 on Tuesday 9 March, 48 hours before Thursday 11 at 15:00) nothing is offered.
    t.setNow('2027-03-09T15:00:00Z');
    expect((await upgrades(flexible).expect(200)).body.RoomTypes).toEqual([]);
  });

  it('none once the Suite is sold for those nights', async () => {
    const suiteTaken = await bookAndFind(t, ids, {
      DateFrom: '2027-03-16',
      DateTo: '2027-03-17',
      Rooms: [aRoom(ids, { DateFrom: '2027-03-16', DateTo: '2027-03-17', RoomTypeId: ids.roomTypes.SUP, TotalCost: 180 })],
    });
    expect(suiteTaken.itemIds).toHaveLength(1);
    const double = await bookAndFind(t, ids, {
      DateFrom: '2027-03-16',
      DateTo: '2027-03-17',
      Rooms: [aRoom(ids, { DateFrom: '2027-03-16', DateTo: '2027-03-17', TotalCost: 100 })],
    });
    const { body } = await upgrades(double).expect(200);
    expect(body.RoomTypes).toEqual([]);
    expect(body.NumberOfRoomsPerRoomTypeId[`${ids.roomTypes.SUP}`]).toBe(0);
  });

  it('a wrong code, another booking\u2019s code, or a bad id: 404 or 400, nothing told', async () => {
    const booking = await bookAndFind(t, ids, {
      DateFrom: '2027-03-18',
      DateTo: '2027-03-19',
      Rooms: [aRoom(ids, { DateFrom: '2027-03-18', DateTo: '2027-03-19', TotalCost: 100 })],
    });
    await upgrades(booking, { code: 'x'.repeat(22) }).expect(404);
    await upgrades(booking, { reservationId: booking.id + 1000 }).expect(404);
    await upgrades(booking, { reservationId: -3 }).expect(400);
    await upgrades(booking, { code: '' }).expect(400);
  });
});
