import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { request } from '../support/request';
import { onRealPostgres } from '../support/test-database';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { bookAndFind, manageProperty, type Booked } from './manage-fixture';

// PGlite is one connection, so only a real Postgres can show what simultaneous changes do.
describe.runIf(onRealPostgres())('simultaneous changes of bookings on Postgres', () => {
  let t: TestApp;
  let ids: Ids;
  beforeAll(async () => {
    t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
    ids = await givenBookingProperty(t, manageProperty);
  });
  afterAll(() => t.close());

  const stay = (DateFrom: string, DateTo: string, TotalCost: number) => ({
    DateFrom,
    DateTo,
    Rooms: [aRoom(ids, { DateFrom, DateTo, TotalCost })],
  });

  async function moveTo(booking: Booked, DateFrom: string, DateTo: string, TotalCost: number) {
    const { body } = await request(t.app)
      .post('/api/ManageBooking/Search')
      .query({ propertyId: ids.propertyId, reservationNumber: booking.number, hash: booking.code })
      .expect(200);
    const room = body.Reservation.Rooms[0];
    return {
      PropertyId: ids.propertyId,
      ReservationId: booking.id,
      Code: booking.code,
      ReservationItems: [
        {
          ReservationItemId: room.ReservationItemId,
          DateFrom,
          DateTo,
          RoomTypeId: room.RoomTypeId,
          RatePlanId: room.RatePlanId,
          NumberOfAdults: room.NumberOfAdults,
          NumberOfChildren: 0,
          NumberOfInfants: 0,
          Guests: room.Guests,
          Services: [],
          TotalCost,
        },
      ],
    };
  }

  /** Doubles sold per night beside the Double nights the standing rooms hold, from `first` for `days`. */
  async function soldAndHeld(first: string, days: number) {
    return rawRows<{ night: string; sold: number; held: number }>(
      t.database.db,
      sql`SELECT to_char(i.night, 'YYYY-MM-DD') AS night, i.sold,
            (SELECT count(*)::int FROM reservation_rooms rr JOIN reservations r ON r.id = rr.reservation_id
              WHERE rr.room_type_id = i.room_type_id AND rr.status = 'booked' AND r.status = 'confirmed'
                AND rr.date_from <= i.night AND rr.date_to > i.night) AS held
          FROM room_type_inventory i
          WHERE i.room_type_id = ${ids.roomTypes.DBL} AND i.night >= ${first}::date AND i.night < ${first}::date + ${days}::int
          ORDER BY i.night`,
    );
  }

  it('two updates of one booking at once: one wins, the other is refused or applied after it, never half', async () => {
    // Monday 7 June to Tuesday 8: 100.
    const booking = await bookAndFind(t, ids, stay('2027-06-07', '2027-06-08', 100));
    const [toWednesday, toThursday] = [
      await moveTo(booking, '2027-06-09', '2027-06-10', 100),
      await moveTo(booking, '2027-06-10', '2027-06-11', 100),
    ];
    const answers = await Promise.all([
      request(t.app).post('/api/ManageBooking/Update').send(toWednesday),
      request(t.app).post('/api/ManageBooking/Update').send(toThursday),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses[0]).toBe(200);
    expect([200, 409]).toContain(statuses[1]);
    for (const answer of answers.filter((a) => a.status === 409)) expect(answer.body.Code).toBe('CONFLICT');
    // Whatever won, each night's rooms sold are the rooms standing on it, and the booking holds one night.
    const nights = await soldAndHeld('2027-06-07', 5);
    expect(nights.map((night) => night.sold)).toEqual(nights.map((night) => night.held));
    expect(nights.reduce((sum, night) => sum + night.sold, 0)).toBe(1);
    const [row] = await rawRows<{ date_from: string; total: number }>(
      t.database.db,
      sql`SELECT to_char(date_from, 'YYYY-MM-DD') AS date_from, total FROM reservations WHERE id = ${booking.id}`,
    );
    expect(['2027-06-09', '2027-06-10']).toContain(row!.date_from);
    expect(row!.total).toBe(10_000);
  });

  it('an update racing a booking for the last room: exactly one gets it, never oversold', async () => {
    // Monday 14 June: this booking. Tuesday 15: another holds one of the two Doubles.
    const booking = await bookAndFind(t, ids, stay('2027-06-14', '2027-06-15', 100));
    await bookAndFind(t, ids, stay('2027-06-15', '2027-06-16', 100));
    const move = await moveTo(booking, '2027-06-15', '2027-06-16', 100);
    const [updated, created] = await Promise.all([
      request(t.app).post('/api/ManageBooking/Update').send(move),
      request(t.app)
        .post('/api/Reservation/Create')
        .send(aBooking(ids, stay('2027-06-15', '2027-06-16', 100))),
    ]);
    expect([updated.status, created.status].sort()).toEqual([200, 409]);
    expect([updated, created].find((answer) => answer.status === 409)!.body.Code).toBe('ROOM_SOLD_OUT');
    const nights = await soldAndHeld('2027-06-14', 2);
    expect(nights).toEqual([
      // Monday is given back only if the move won.
      { night: '2027-06-14', sold: updated.status === 200 ? 0 : 1, held: updated.status === 200 ? 0 : 1 },
      { night: '2027-06-15', sold: 2, held: 2 },
    ]);
  });
});
