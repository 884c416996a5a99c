import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { aDefinition, aProperty } from '../support/builders';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { oneRoomChange } from '../manage-booking/manage-fixture';
import {
  aBooking,
  aPreCheckInSave,
  bookWithLinks,
  givenBookingProperty,
  type BookedWithLinks,
  type Ids,
} from '../reservation/reservation-fixture';

/**
 * Text that is not well-formed UTF-16 (a lone surrogate: half of an emoji, `"\ud800"` in JSON)
 * is refused at the edge with a 400 naming the field, whatever route and field it is sent in.
 * Found by the fuzz: jsonb refused it where a booking records its browser's data or its history,
 * and the answer was a 500.
 */

const INVALID_CHARACTER = 'This text contains an invalid character (half of an emoji or symbol); please retype it.';

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp();
  ids = await givenBookingProperty(t);
});
afterAll(() => t.close());

const count = async (table: string) =>
  (await rawRows<{ n: number }>(t.database.db, sql.raw(`SELECT count(*)::int AS n FROM ${table}`)))[0]!.n;

/** Posts bytes as they are: supertest would serialise a Buffer sent as JSON into `{"type":"Buffer",...}`. */
const postBytes = (path: string, bytes: Buffer, contentType = 'application/json') =>
  request(t.app)
    .post(path)
    .set('Content-Type', contentType)
    .serialize((body) => body)
    .send(bytes);

/** What a booking holds that the three refused changes would have written. */
async function storedBooking(booked: BookedWithLinks) {
  const [reservation] = await rawRows<Record<string, unknown>>(
    t.database.db,
    sql`SELECT booker_first_name, special_requests, pre_check_in_completed_at, updated_at FROM reservations WHERE id = ${booked.id}`,
  );
  const guests = await rawRows<{ first_name: string }>(
    t.database.db,
    sql`SELECT g.first_name FROM guests g JOIN reservation_rooms rr ON rr.id = g.reservation_room_id
        WHERE rr.reservation_id = ${booked.id} ORDER BY g.id`,
  );
  const changes = await rawRows<{ action: string }>(
    t.database.db,
    sql`SELECT action FROM reservation_changes WHERE reservation_id = ${booked.id} ORDER BY id`,
  );
  return { reservation, guests, changes };
}

/** The booking's one room as ManageBooking/Update takes it back, its guests renamed. */
async function renameGuests(booked: BookedWithLinks, firstName: string) {
  const change = await oneRoomChange(t, ids, { ...booked, itemIds: [] });
  const [room] = change.ReservationItems;
  return {
    ...change,
    ReservationItems: [{ ...room, Guests: (room!.Guests as object[]).map((guest) => ({ ...guest, FirstName: firstName })) }],
  };
}

describe('text that is not well-formed UTF-16', () => {
  it("in a booking's BrowserData: 400 naming the field, and no booking is written", async () => {
    const before = await count('reservations');
    const response = await request(t.app)
      .post('/api/Reservation/Create')
      .send(aBooking(ids, { BrowserData: { UserAgent: 'Mozilla/5.0 \ud83d', BrowserLanguage: 'en-GB' } }))
      .expect(400);
    expect(response.body).toEqual({
      Message: 'The request is invalid.',
      ModelState: { 'BrowserData.UserAgent': [INVALID_CHARACTER] },
      Code: 'VALIDATION_FAILED',
    });
    expect(await count('reservations')).toBe(before);
    expect(t.logLines.some((line) => line.includes('unhandled error'))).toBe(false);
  });

  it("in a guest's name on ManageBooking/Update: 400 naming the field, and the booking is as it was", async () => {
    const booked = await bookWithLinks(t, ids);
    const before = await storedBooking(booked);
    const response = await request(t.app)
      .post('/api/ManageBooking/Update')
      .send(await renameGuests(booked, 'A\udc00da'))
      .expect(400);
    expect(response.body.ModelState).toEqual({ 'ReservationItems[0].Guests[0].FirstName': [INVALID_CHARACTER] });
    expect(await storedBooking(booked)).toEqual(before);
    expect(before.guests).toEqual([{ first_name: 'Ada' }]);
  });

  it('in pre-check-in SpecialRequests and Booker.FirstName: 400 naming both, and nothing is saved', async () => {
    const booked = await bookWithLinks(t, ids);
    const before = await storedBooking(booked);
    const [item] = await rawRows<{ id: number }>(t.database.db, sql`SELECT id FROM reservation_rooms WHERE reservation_id = ${booked.id}`);
    const response = await request(t.app)
      .post('/api/PreCheckIn/Save')
      .send(
        aPreCheckInSave(ids, booked, item!.id, {
          SpecialRequests: 'Late arrival \udc00\ud83d',
          Booker: { FirstName: '\ud800', LastName: 'King', Email: 'ada.king@example.com', Phone: '+441234500000', CountryId: 826 },
        }),
      )
      .expect(400);
    expect(response.body.ModelState).toEqual({ SpecialRequests: [INVALID_CHARACTER], 'Booker.FirstName': [INVALID_CHARACTER] });
    expect(await storedBooking(booked)).toEqual(before);
    expect(before.reservation).toMatchObject({ special_requests: 'Quiet room please', pre_check_in_completed_at: null });
  });

  it.each([
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udfff'],
    ['a pair the wrong way round', '\ude00\ud83d'],
    ['a half at the start', '\ud83dWelcome'],
    ['a half in the middle', 'Wel\ude00come'],
    ['a half at the end', 'Welcome\ud83d'],
  ])('%s is refused as an invalid character, as a value and as a key', async (_case, text) => {
    const search = {
      PropertyId: ids.propertyId,
      LanguageCode: 'en',
      DateFrom: '2027-03-10',
      DateTo: '2027-03-12',
      Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
    };
    const asValue = await request(t.app)
      .post('/api/Availability/Search')
      .send({ ...search, PromoCode: text })
      .expect(400);
    expect(asValue.body.ModelState).toEqual({ PromoCode: [INVALID_CHARACTER] });
    // The admin import passes the definition's own fields through as they are: its keys are text too.
    const definition = aDefinition(aProperty({ Code: 'KEYS', Theme: { [text]: 'blue' } }));
    const asKey = await request(t.app)
      .put('/api/Admin/Definition')
      .set('X-Api-Key', 'test-admin-key-0123456789')
      .send(definition)
      .expect(400);
    expect(Object.values(asKey.body.ModelState as Record<string, string[]>)).toEqual([[INVALID_CHARACTER]]);
    expect(await count(`properties WHERE code = 'KEYS'`)).toBe(0);
  });

  it('written as bytes in the JSON text (not UTF-8 at all): 400, and no booking is written', async () => {
    const before = await count('reservations');
    const text = JSON.stringify(aBooking(ids, { Notes: 'NOTES' }));
    for (const bytes of [[0xed, 0xa0, 0x80], [0xff], [0xc3]]) {
      const [start, end] = text.split('NOTES') as [string, string];
      const body = Buffer.concat([Buffer.from(start), Buffer.from(bytes), Buffer.from(end)]);
      const response = await postBytes('/api/Reservation/Create', body).expect(400);
      expect(response.body).toEqual({
        Message: 'The request body is not valid JSON: it holds bytes that are not UTF-8. Please send it encoded as UTF-8.',
        Code: 'MALFORMED_JSON',
      });
    }
    expect(await count('reservations')).toBe(before);
  });

  it('sent in UTF-16 with a lone surrogate: 400 naming the field', async () => {
    const text = JSON.stringify(aBooking(ids, { Notes: '\ud800' }));
    const response = await postBytes('/api/Reservation/Create', Buffer.from(text, 'utf16le'), 'application/json; charset=utf-16le').expect(
      400,
    );
    expect(response.body.ModelState).toEqual({ Notes: [INVALID_CHARACTER] });
  });

  it("in a browser's diagnostic: kept, each half replaced with U+FFFD, so the report is not lost", async () => {
    await request(t.app)
      .post('/api/Log')
      .send({ Level: 'error', Message: 'Checkout failed \ud83d', Details: '\ude00 at the start' })
      .expect(204);
    const line = t.logLines.find((logged) => logged.includes('Checkout failed'));
    expect(JSON.parse(line!)).toMatchObject({ source: 'web', msg: 'Checkout failed \ufffd', details: '\ufffd at the start' });
  });
});
