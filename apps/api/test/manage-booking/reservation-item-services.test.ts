import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';

/**
 * Today is Monday 1 March 2027. The room booked stays Thursday 4 to Saturday 6 March (2 nights,
 * 2 adults) with parking (1 space, the only one: 15 a night x 2 = 30), wine tasting (a seat per
 * adult, 2 of the 2 seats: 20 x 2 = 40) and breakfast (12.50 per person a day: 12.50 x 2 x 2 = 50).
 */
let t: TestApp;
let ids: Ids;
type Booked = { id: number; code: string; roomIds: number[] };
let booked: Booked;
let other: Booked;

async function book(overrides: Record<string, unknown>): Promise<Booked> {
  const created = await request(t.app).post('/api/Reservation/Create').send(aBooking(ids, overrides)).expect(200);
  const { body } = await request(t.app)
    .get('/api/Reservation/Confirmation')
    .query({ propertyId: ids.propertyId, confirmationToken: created.body.ConfirmationToken })
    .expect(200);
  const rows = await rawRows<{ reservationId: number; roomId: number }>(
    t.database.db,
    sql`SELECT r.id AS "reservationId", rr.id AS "roomId" FROM reservations r JOIN reservation_rooms rr ON rr.reservation_id = r.id
        WHERE r.reservation_number = ${created.body.ReservationNumber} ORDER BY rr.sort_order`,
  );
  return { id: rows[0]!.reservationId, code: (body.ManageBookingUrl as string).split('/').at(-1)!, roomIds: rows.map((row) => row.roomId) };
}

const itemServices = (booking: Booked, overrides: Record<string, unknown> = {}) =>
  request(t.app)
    .get('/api/Service/GetReservationItemServices')
    .query({
      propertyId: ids.propertyId,
      reservationId: booking.id,
      reservationItemId: booking.roomIds[0],
      code: booking.code,
      ...overrides,
    });

const notFound = { Code: 'NOT_FOUND', Message: expect.any(String) };

beforeAll(async () => {
  t = await createTestApp();
  // The flexible rate may be cancelled free until 48 hours before check-in.
  const ratePlans = (bookingProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
    plan.Code === 'BAR' ? { ...plan, CancellationDeadlineHours: 48 } : plan,
  );
  ids = await givenBookingProperty(t, { ...bookingProperty, RatePlans: ratePlans });
  booked = await book({
    Rooms: [
      aRoom(ids, {
        Services: [
          { ServiceId: ids.services.PARK, Quantity: 1 },
          { ServiceId: ids.services.TASTING, Quantity: 1 },
          { ServiceId: ids.services.BRK, Quantity: 1 },
        ],
      }),
    ],
  });
  other = await book({ Rooms: [aRoom(ids)] });
});
afterAll(() => t.close());

describe('GET /api/Service/GetReservationItemServices', () => {
  it("answers what Service/Get offers the room's stay, with the units the room holds counted free for it, and what it has", async () => {
    const offered = await request(t.app)
      .get('/api/Service/Get')
      .query({
        propertyId: ids.propertyId,
        roomTypeId: ids.roomTypes.DBL,
        ratePlanId: ids.ratePlans.BAR,
        dateOfArrival: '2027-03-04',
        dateOfDeparture: '2027-03-06',
      })
      .expect(200);
    // For anyone else the space and both seats are gone.
    expect(offered.body.InventoryPerServiceId).toMatchObject({
      [ids.services.PARK!]: 0,
      [ids.services.TASTING!]: 0,
      [ids.services.BRK!]: null,
    });

    const { body } = await itemServices(booked).expect(200);
    expect(body.Services).toEqual(offered.body.Services);
    // Its own: 0 left + 1 space held = 1; 0 left + 2 seats held (one per adult) = 2.
    expect(body.InventoryPerServiceId).toEqual({
      ...offered.body.InventoryPerServiceId,
      [ids.services.PARK!]: 1,
      [ids.services.TASTING!]: 2,
    });
    expect(body.Booked).toEqual(
      expect.arrayContaining([
        { ServiceId: ids.services.PARK, Quantity: 1, TotalCost: 30 },
        { ServiceId: ids.services.TASTING, Quantity: 1, TotalCost: 40 },
        { ServiceId: ids.services.BRK, Quantity: 1, TotalCost: 50 },
      ]),
    );
    expect(body.Booked).toHaveLength(3);
  });

  it('a room without extras counts nothing extra as its own', async () => {
    const { body } = await itemServices(other).expect(200);
    expect(body.Booked).toEqual([]);
    expect(body.InventoryPerServiceId).toMatchObject({ [ids.services.PARK!]: 0, [ids.services.TASTING!]: 0 });
  });

  it("another reservation's room, a wrong code, another property or an unknown booking: 404", async () => {
    expect((await itemServices(booked, { reservationItemId: other.roomIds[0] }).expect(404)).body).toEqual(notFound);
    expect((await itemServices(booked, { code: other.code }).expect(404)).body).toEqual(notFound);
    expect((await itemServices(booked, { reservationId: other.id }).expect(404)).body).toEqual(notFound);
    expect((await itemServices(booked, { reservationId: 99_999_999 }).expect(404)).body).toEqual(notFound);
    expect((await itemServices(booked, { propertyId: 99_999_999 }).expect(404)).body).toEqual(notFound);
  });

  it('bad input is a 400 naming the parameter', async () => {
    expect((await itemServices(booked, { reservationItemId: 'x' }).expect(400)).body.ModelState).toHaveProperty(['reservationItemId']);
    expect((await itemServices(booked, { code: '' }).expect(400)).body.ModelState).toHaveProperty(['code']);
  });

  it('a room once cancelled is not there to add extras to: 404', async () => {
    await request(t.app)
      .post('/api/ManageBooking/Cancel')
      .send({ PropertyId: ids.propertyId, ReservationId: other.id, Code: other.code })
      .expect(200, { Success: true, Message: 'Your reservation has been cancelled', RefundAmount: 240, GiftVoucherReturned: 0 });
    expect((await itemServices(other).expect(404)).body).toEqual(notFound);
  });
});
