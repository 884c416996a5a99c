import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { rawRows } from '../../src/database/raw-rows';
import { aDefinition, aProperty, givenDefinition } from '../support/builders';
import type { TestApp } from '../support/test-app';

type Json = Record<string, unknown>;

/**
 * The Quay Kitchen: tables for 2, 2, 4, 6 and 8. Monday to Friday a sitting may start every
 * 30 minutes from 18:00 to 21:00 and lasts 90 minutes; Saturday lunch starts every 30
 * minutes from 12:00 to 13:00 and lasts 60; no sitting on Sunday. The early bird offer runs
 * from 18:00 to (not including) 19:00.
 */
export function quayKitchen(overrides: Json = {}): Json {
  return {
    Name: 'The Quay Kitchen',
    MinOnlinePartySize: 1,
    MaxOnlinePartySize: 8,
    NoAvailabilityText: 'We are fully booked at this time. Please call us.',
    Tables: [2, 2, 4, 6, 8],
    Sittings: [
      { Weekdays: [1, 2, 3, 4, 5], From: '18:00', To: '21:00', IntervalMinutes: 30, DurationMinutes: 90 },
      { Weekdays: [6], From: '12:00', To: '13:00', IntervalMinutes: 30, DurationMinutes: 60 },
    ],
    Promotions: [{ Name: 'Early bird', Description: 'Two courses for 25 before 19:00', From: '18:00', To: '19:00' }],
    ...overrides,
  };
}

/** A second restaurant, for parties of 2 to 4 only. */
export const roofBar = {
  Name: 'Roof Bar',
  MinOnlinePartySize: 2,
  MaxOnlinePartySize: 4,
  NoAvailabilityText: 'The roof is full.',
  Tables: [4, 4],
  Sittings: [{ Weekdays: [1, 2, 3, 4, 5, 6, 7], From: '17:00', To: '22:00', IntervalMinutes: 60, DurationMinutes: 120 }],
};

/** Today (the pinned clock) is Monday 1 March 2027, 09:00 in London (GMT); the visit used is Thursday 4 March. */
export const now = '2027-03-01T09:00:00Z';
export const thursday = '2027-03-04';

export function aRestaurantProperty(overrides: Json = {}): Json {
  return aProperty({ Code: 'QUAY', Restaurants: [quayKitchen(), roofBar], ...overrides });
}

export type RestaurantIds = { propertyId: number; restaurants: Record<string, number> };

/** Imports a property with restaurants and answers its id and its restaurants' ids by name. */
export async function givenRestaurantProperty(t: TestApp, property: Json = aRestaurantProperty()): Promise<RestaurantIds> {
  await givenDefinition(t.context, aDefinition(property));
  const code = property.Code as string;
  const propertyId = (await request(t.app).get(`/api/Property/${code}`).expect(200)).body.PropertyId as number;
  const rows = await rawRows<{ id: number; name: string }>(
    t.database.db,
    sql`SELECT r.id, r.name FROM restaurants r WHERE r.property_id = ${propertyId}`,
  );
  return { propertyId, restaurants: Object.fromEntries(rows.map((row) => [row.name, row.id])) };
}

/** A valid table booking request: 2 people at 19:00 on Thursday at the Quay Kitchen. */
export function aTableBooking(ids: RestaurantIds, overrides: Json = {}): Json {
  return {
    PropertyId: ids.propertyId,
    RestaurantId: ids.restaurants['The Quay Kitchen'],
    RestaurantName: 'The Quay Kitchen',
    VisitDate: thursday,
    VisitTime: '19:00',
    PartySize: 2,
    SpecialRequests: 'A table by the window',
    IsReservation: true,
    Identifier: 'Walk-in guest',
    PromotionId: null,
    Email: 'ada@example.com',
    ContactNumber: '+441234567890',
    IsLeaveTimeRequired: false,
    ...overrides,
  };
}

export type StoredTableBooking = {
  reference: string;
  capacity: number;
  startsAt: string;
  endsAt: string;
  visitDate: string;
  visitTime: string;
  isLeaveTimeRequired: boolean;
  identifier: string | null;
  reservationId: number | null;
  promotionId: number | null;
};

/** A table booking as stored, with the capacity of the table it took and its instants in ISO form. */
export async function storedTableBooking(t: TestApp, reference: string): Promise<StoredTableBooking | undefined> {
  const [row] = await rawRows<StoredTableBooking>(
    t.database.db,
    sql`SELECT b.booking_reference AS reference, rt.capacity::int AS capacity,
          to_char(b.starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') AS "startsAt",
          to_char(b.ends_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') AS "endsAt",
          to_char(b.visit_date, 'YYYY-MM-DD') AS "visitDate", to_char(b.visit_time, 'HH24:MI') AS "visitTime",
          b.is_leave_time_required AS "isLeaveTimeRequired", b.identifier, b.reservation_id AS "reservationId",
          b.promotion_id AS "promotionId"
        FROM table_bookings b JOIN restaurant_tables rt ON rt.id = b.table_id WHERE b.booking_reference = ${reference}`,
  );
  return row;
}
