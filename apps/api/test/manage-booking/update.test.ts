import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { opened } from '../support/outbox';
import { request } from '../support/request';
import { aDefinition, givenDefinition } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, givenBookingProperty, visa, type Ids } from '../reservation/reservation-fixture';
import { bookAndFind, findBooked, manageProperty, type Booked } from './manage-fixture';

let t: TestApp;
let ids: Ids;
let reasons: number[];

beforeAll(async () => {
  t = await createTestApp();
  ids = await givenBookingProperty(t, manageProperty);
  const { body } = await request(t.app).get(`/api/StaticData/${ids.propertyId}/CancellationReasons`).expect(200);
  reasons = (body as { CancellationReasonId: number }[]).map((reason) => reason.CancellationReasonId);
});
afterAll(() => t.close());
beforeEach(() => t.setNow('2027-03-01T09:00:00Z'));

/** A Double on the flexible rate for two adults, on the given nights, as Create books it. */
const stay = (DateFrom: string, DateTo: string, TotalCost: number, overrides: Record<string, unknown> = {}) => ({
  DateFrom,
  DateTo,
  Rooms: [aRoom(ids, { DateFrom, DateTo, TotalCost, ...overrides })],
});

/** The booking as Search answers it now. */
async function reread(booking: Booked) {
  const { body } = await request(t.app)
    .post('/api/ManageBooking/Search')
    .query({ propertyId: ids.propertyId, reservationNumber: booking.number, hash: booking.code })
    .expect(200);
  return body.Reservation;
}

/** The change of every room of the booking as it stands, with `rooms` overriding room by room. */
async function changeOf(booking: Booked, rooms: Record<string, unknown>[] = [], body: Record<string, unknown> = {}) {
  const current = await reread(booking);
  return {
    PropertyId: ids.propertyId,
    ReservationId: booking.id,
    Code: booking.code,
    ReservationItems: (current.Rooms as Record<string, unknown>[]).map((room, i) => ({
      ReservationItemId: room.ReservationItemId,
      DateFrom: room.DateFrom,
      DateTo: room.DateTo,
      RoomTypeId: room.RoomTypeId,
      RatePlanId: room.RatePlanId,
      NumberOfAdults: room.NumberOfAdults,
      NumberOfChildren: room.NumberOfChildren,
      NumberOfInfants: room.NumberOfInfants,
      RoomConfigurationDropdownOptionId: room.RoomConfigurationDropdownOptionId,
      Guests: room.Guests,
      Services: (room.Services as { ServiceId: number; Quantity: number }[]).map(({ ServiceId, Quantity }) => ({ ServiceId, Quantity })),
      TotalCost: room.TotalCost,
      ...rooms[i],
    })),
    ...body,
  };
}

const quote = (body: object) => request(t.app).post('/api/ManageBooking/Quote').send(body);
const update = (body: object) => request(t.app).post('/api/ManageBooking/Update').send(body);

/** Units sold of the Double on these nights. */
async function doublesSold(...nights: string[]) {
  const rows = await rawRows<{ night: string; sold: number }>(
    t.database.db,
    sql`SELECT to_char(night, 'YYYY-MM-DD') AS night, sold FROM room_type_inventory WHERE room_type_id = ${ids.roomTypes.DBL}
        AND night = any(${`{${nights.join(',')}}`}::date[]) ORDER BY night`,
  );
  return Object.fromEntries(rows.map((row) => [row.night, row.sold]));
}

/** The booking's amendment e-mails in the outbox, opened. */
const amendmentMails = async (booking: Booked) =>
  (
    await rawRows<{ to_address: string; subject: string; html: string; text: string }>(
      t.database.db,
      sql`SELECT to_address, subject, html, text FROM mail_outbox WHERE reservation_id = ${booking.id} AND kind = 'booking_amendment' ORDER BY id`,
    )
  ).map((row) => opened(t, row));

/** The booking's history rows, oldest first. */
const historyOf = (booking: Booked) =>
  rawRows<{ via: string; action: string; details: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT via, action, details FROM reservation_changes WHERE reservation_id = ${booking.id} ORDER BY id`,
  );

/** The booking's payments rows, oldest first. */
const cardMovements = (booking: Booked) =>
  rawRows<{ transaction_type: string; status: string; amount: number }>(
    t.database.db,
    sql`SELECT transaction_type, status, amount FROM payments WHERE reservation_id = ${booking.id} ORDER BY id`,
  );

describe('POST /api/ManageBooking/Quote and /Update: moving the stay', () => {
  it('moves the stay a night later: the price shown first, then saved, the old night sellable at once', async () => {
    // Thursday 4 to Saturday 6: 100 + 140 = 240, paid by card.
    const booking = await bookAndFind(t, ids, stay('2027-03-04', '2027-03-06', 240));
    // Searched before the change, so a cached answer would be stale after it.
    const before = await request(t.app)
      .post('/api/Availability/Search')
      .send({
        PropertyId: ids.propertyId,
        LanguageCode: 'en',
        DateFrom: '2027-03-04',
        DateTo: '2027-03-05',
        Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
      })
      .expect(200);
    expect(before.body.NumberOfRoomsPerRoomTypeId[`${ids.roomTypes.DBL}`]).toBe(1);

    // Friday 5 to Sunday 7: 140 + 140 = 280.
    const change = await changeOf(booking, [{ DateFrom: '2027-03-05', DateTo: '2027-03-07', TotalCost: 280 }]);
    const { body: preview } = await quote(change).expect(200);
    expect(preview).toEqual({
      Rooms: [
        {
          ReservationItemId: booking.itemIds[0],
          IsCancelled: false,
          TotalCost: 280,
          OriginalTotalCost: 280,
          ServicesCost: 0,
          PreviousTotalCost: 240,
          PreviousServicesCost: 0,
        },
      ],
      PreviousTotal: 240,
      NewTotal: 280,
      // 280 - 240.
      Difference: 40,
      Payment: { Kind: 'Charge', Amount: 40 },
      Policy: 'The difference will be charged to the card you paid with.',
      Currency: 'GBP',
    });
    // The quote saved nothing.
    expect(await doublesSold('2027-03-04', '2027-03-06')).toEqual({ '2027-03-04': 1, '2027-03-06': 0 });

    const { body } = await update(change).expect(200);
    expect(body).toMatchObject({
      Success: true,
      Message: 'Your booking was updated',
      Payment: { Kind: 'Charge', Amount: 40 },
      Reservation: {
        DateFrom: '2027-03-05',
        DateTo: '2027-03-07',
        TotalAccommodationPrice: 280,
        Rooms: [{ ReservationItemId: booking.itemIds[0], TotalCost: 280 }],
      },
    });
    // Thursday given back, Saturday taken, Friday kept.
    expect(await doublesSold('2027-03-04', '2027-03-05', '2027-03-06')).toEqual({ '2027-03-04': 0, '2027-03-05': 1, '2027-03-06': 1 });
    const after = await request(t.app)
      .post('/api/Availability/Search')
      .send({
        PropertyId: ids.propertyId,
        LanguageCode: 'en',
        DateFrom: '2027-03-04',
        DateTo: '2027-03-05',
        Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
      })
      .expect(200);
    expect(after.body.NumberOfRoomsPerRoomTypeId[`${ids.roomTypes.DBL}`]).toBe(2);
    const [row] = await rawRows<{ total: number; total_rooms: number; total_vat: number }>(
      t.database.db,
      sql`SELECT total, total_rooms, total_vat FROM reservations WHERE id = ${booking.id}`,
    );
    // VAT inside 280 at 20%: 28000 / 120 * 20 = 4666.67 -> 4667.
    expect(row).toEqual({ total: 28000, total_rooms: 28000, total_vat: 4667 });
    // The amendment e-mail: the stay as it now stands and the 40 charged.
    const [mail] = await amendmentMails(booking);
    expect(mail).toMatchObject({
      to_address: 'ada@example.com',
      subject: `Your booking at Test Hotel has been changed: ${booking.number}`,
    });
    expect(mail!.text).toContain('Arrival: Friday 5th March 2027');
    expect(mail!.text).toContain('Departure: Sunday 7th March 2027');
    expect(mail!.text).toContain('Before the change your booking cost £240.00; it now costs £280.00.');
    expect(mail!.text).toContain('We have charged £40.00 to your card (Visa ending 4242).');
    // The history: who (the e-mailed link), what, the totals before and after, the money moved.
    const history = await historyOf(booking);
    expect(history).toEqual([
      {
        via: 'link',
        action: 'amend',
        details: {
          previousTotal: 24000,
          newTotal: 28000,
          payment: { kind: 'Charge', amount: 4000, paymentIds: [expect.any(Number)] },
          changes: [
            {
              field: `Rooms[${booking.itemIds[0]}].Stay`,
              old: expect.objectContaining({ DateFrom: '2027-03-04', DateTo: '2027-03-06', TotalCost: 24000 }),
              new: expect.objectContaining({ DateFrom: '2027-03-05', DateTo: '2027-03-07', TotalCost: 28000 }),
            },
          ],
        },
      },
    ]);
    // The 240 authorised at booking, then the 40 charged: each movement a row of its own.
    expect(await cardMovements(booking)).toEqual([
      { transaction_type: 'authorisation', status: 'succeeded', amount: 24000 },
      { transaction_type: 'charge', status: 'succeeded', amount: 4000 },
    ]);
  });

  it('a lower price is refunded inside the free-cancellation window', async () => {
    // Friday 12 to Sunday 14: 140 + 140 = 280; to Sunday 14 to Tuesday 16: 100 + 100 = 200.
    const booking = await bookAndFind(t, ids, stay('2027-03-12', '2027-03-14', 280));
    const change = await changeOf(booking, [{ DateFrom: '2027-03-14', DateTo: '2027-03-16', TotalCost: 200 }]);
    const { body } = await update(change).expect(200);
    // 280 - 200 = 80 back.
    expect(body).toMatchObject({ Success: true, Payment: { Kind: 'Refund', Amount: 80 }, Reservation: { TotalAccommodationPrice: 200 } });
    expect(await cardMovements(booking)).toEqual([
      { transaction_type: 'authorisation', status: 'succeeded', amount: 28000 },
      { transaction_type: 'refund', status: 'succeeded', amount: 8000 },
    ]);
  });

  it('a card that declines the difference: 402 with its message, and nothing changed', async () => {
    // The 3-D Secure test card pays at booking once the guest approves, but its bank refuses an off-session charge.
    const created = await request(t.app)
      .post('/api/Reservation/Create')
      .send(aBooking(ids, { ...stay('2027-03-18', '2027-03-19', 100), CardDetails: { ...visa, CardNumber: '4000 0000 0000 3220' } }))
      .expect(200);
    await request(t.app).post(created.body.ChallengeUrl).send({ Outcome: 'approve' }).expect(200);
    const booking = await findBooked(t, ids, created.body);
    // Thursday 18 to Saturday 20: 100 + 140 = 240, 140 more.
    const { body } = await update(await changeOf(booking, [{ DateTo: '2027-03-20', TotalCost: 240 }])).expect(402);
    expect(body).toMatchObject({
      Code: 'PAYMENT_DECLINED',
      Message:
        'Your bank wants to confirm this payment with you (3-D Secure), which cannot be done for a change to a booking. Please contact the hotel to pay the difference.',
    });
    expect((await reread(booking)).DateTo).toBe('2027-03-19');
    expect(await amendmentMails(booking)).toEqual([]);
    expect(await historyOf(booking)).toEqual([]);
    expect(await doublesSold('2027-03-18', '2027-03-19')).toEqual({ '2027-03-18': 1, '2027-03-19': 0 });
    // The refused charge is on record; nothing was taken.
    expect(await cardMovements(booking)).toEqual([
      { transaction_type: 'authorisation', status: 'succeeded', amount: 10000 },
      { transaction_type: 'charge', status: 'failed', amount: 14000 },
    ]);
  });

  it('a stale price answers 409 with the new prices and changes nothing', async () => {
    const booking = await bookAndFind(t, ids, stay('2027-03-22', '2027-03-23', 100));
    // Monday 22 to Wednesday 24 is 100 + 100 = 200, not the 100 the client shows.
    const change = await changeOf(booking, [{ DateTo: '2027-03-24', TotalCost: 100 }]);
    const { body } = await update(change).expect(409);
    expect(body).toMatchObject({
      Code: 'PRICE_CHANGED',
      Rooms: [{ ReservationItemId: booking.itemIds[0], TotalCost: 200 }],
      TotalCost: 200,
    });
    expect(await doublesSold('2027-03-22', '2027-03-23')).toEqual({ '2027-03-22': 1, '2027-03-23': 0 });
    expect((await reread(booking)).DateTo).toBe('2027-03-23');
  });

  it('no rooms left on the new nights: 409, nothing changed', async () => {
    await bookAndFind(t, ids, {
      DateFrom: '2027-03-30',
      DateTo: '2027-03-31',
      Rooms: [
        aRoom(ids, { DateFrom: '2027-03-30', DateTo: '2027-03-31', TotalCost: 100 }),
        aRoom(ids, { ReservationItemId: 2, DateFrom: '2027-03-30', DateTo: '2027-03-31', TotalCost: 100 }),
      ],
    });
    const booking = await bookAndFind(t, ids, stay('2027-03-29', '2027-03-30', 100));
    const change = await changeOf(booking, [{ DateFrom: '2027-03-30', DateTo: '2027-03-31', TotalCost: 100 }]);
    expect((await quote(change).expect(409)).body.Code).toBe('ROOM_SOLD_OUT');
    expect((await update(change).expect(409)).body.Code).toBe('ROOM_SOLD_OUT');
    expect(await doublesSold('2027-03-29', '2027-03-30')).toEqual({ '2027-03-29': 1, '2027-03-30': 2 });
  });
});

describe('POST /api/ManageBooking/Update: guests, booker, extras, rooms', () => {
  it('renames a guest, changes the booker and the requests and adds breakfast: only the breakfast is charged', async () => {
    const booking = await bookAndFind(t, ids, stay('2027-04-01', '2027-04-03', 240));
    const current = await reread(booking);
    const ada = current.Rooms[0].Guests[0];
    const change = await changeOf(
      booking,
      [
        {
          Guests: [
            { ...ada, LastName: 'King' },
            // The booker as a guest: whatever the client sends, they follow the booker.
            { IndividualId: current.Booker.IndividualId, FirstName: 'A', LastName: 'L' },
          ],
          Services: [{ ServiceId: ids.services.BRK, Quantity: 1 }],
        },
      ],
      {
        SpecialRequests: 'Late arrival',
        Booker: { FirstName: 'Ada', LastName: 'King', Email: 'ada@example.com', Phone: '+441234000000', CountryId: 826 },
      },
    );
    const { body } = await update(change).expect(200);
    // Breakfast: 12.50 x 2 nights x 2 guests = 50.
    expect(body).toMatchObject({
      Success: true,
      Payment: { Kind: 'Charge', Amount: 50 },
      Reservation: {
        SpecialRequests: 'Late arrival',
        Booker: { LastName: 'King', Phone: '+441234000000' },
        TotalAccommodationPrice: 240,
        TotalServicesPrice: 50,
        Rooms: [
          {
            TotalCost: 240,
            Guests: [
              expect.objectContaining({ IndividualId: ada.IndividualId, LastName: 'King', IsLeadGuest: true }),
              expect.objectContaining({
                IndividualId: current.Booker.IndividualId,
                FirstName: 'Ada',
                LastName: 'King',
                Phone: '+441234000000',
                IsLeadGuest: false,
              }),
            ],
            Services: [expect.objectContaining({ ServiceId: ids.services.BRK, Quantity: 1, TotalCost: 50 })],
          },
        ],
      },
    });
  });

  it('adds a room with New Guest placeholders and cancels another with a reason', async () => {
    const booking = await bookAndFind(t, ids, {
      DateFrom: '2027-04-05',
      DateTo: '2027-04-06',
      Rooms: [
        aRoom(ids, { DateFrom: '2027-04-05', DateTo: '2027-04-06', TotalCost: 100 }),
        aRoom(ids, { ReservationItemId: 2, DateFrom: '2027-04-05', DateTo: '2027-04-06', TotalCost: 100 }),
      ],
    });
    const base = await changeOf(booking);
    const [keep, drop] = base.ReservationItems;
    const added = {
      ReservationItemId: null,
      DateFrom: '2027-04-05',
      DateTo: '2027-04-06',
      RoomTypeId: ids.roomTypes.SGL,
      RatePlanId: ids.ratePlans.BAR,
      NumberOfAdults: 1,
      NumberOfChildren: 0,
      NumberOfInfants: 0,
      Guests: [{ FirstName: 'New', LastName: 'Guest' }],
      Services: [],
      // The Single: 60 a night.
      TotalCost: 60,
    };
    const noReason = { ...base, ReservationItems: [keep, added], RoomsToCancel: [{ ReservationItemId: drop!.ReservationItemId }] };
    const refused = await update(noReason).expect(400);
    expect(refused.body.ModelState).toEqual({ 'RoomsToCancel[0].CancellationReasonId': ['Please choose a reason for cancelling'] });

    const withReason = { ...noReason, RoomsToCancel: [{ ReservationItemId: drop!.ReservationItemId, CancellationReasonId: reasons[0] }] };
    const { body: preview } = await quote(withReason).expect(200);
    // 100 + 100 before; 100 + 60 after: 40 back.
    expect(preview).toMatchObject({ PreviousTotal: 200, NewTotal: 160, Difference: -40, Payment: { Kind: 'Refund', Amount: 40 } });
    expect(preview.Rooms).toEqual([
      expect.objectContaining({ ReservationItemId: keep!.ReservationItemId, TotalCost: 100, PreviousTotalCost: 100 }),
      expect.objectContaining({ ReservationItemId: null, TotalCost: 60, PreviousTotalCost: 0 }),
      expect.objectContaining({ ReservationItemId: drop!.ReservationItemId, IsCancelled: true, TotalCost: 0, PreviousTotalCost: 100 }),
    ]);
    const { body } = await update(withReason).expect(200);
    expect(body.Reservation.Rooms).toEqual([
      expect.objectContaining({ ReservationItemId: keep!.ReservationItemId, RoomTypeName: 'Double' }),
      expect.objectContaining({
        RoomTypeName: 'Single',
        TotalCost: 60,
        Guests: [expect.objectContaining({ FirstName: 'New', LastName: 'Guest' })],
      }),
    ]);
    const [cancelled] = await rawRows<{ status: string; cancellation_reason_id: number }>(
      t.database.db,
      sql`SELECT status, cancellation_reason_id FROM reservation_rooms WHERE id = ${drop!.ReservationItemId as number}`,
    );
    expect(cancelled).toEqual({ status: 'cancelled', cancellation_reason_id: reasons[0] });
    expect(await doublesSold('2027-04-05')).toEqual({ '2027-04-05': 1 });
  });

  it('an extra sold out meanwhile: the quote and the update both say so, nothing changed', async () => {
    // Parking has one space a night; another booking holds it on Monday 10 May.
    await bookAndFind(t, ids, stay('2027-05-10', '2027-05-11', 100, { Services: [{ ServiceId: ids.services.PARK, Quantity: 1 }] }));
    const booking = await bookAndFind(t, ids, stay('2027-05-10', '2027-05-11', 100));
    const change = await changeOf(booking, [{ Services: [{ ServiceId: ids.services.PARK, Quantity: 1 }] }]);
    expect((await quote(change).expect(409)).body.Code).toBe('SERVICE_SOLD_OUT');
    expect((await update(change).expect(409)).body.Code).toBe('SERVICE_SOLD_OUT');
    expect((await reread(booking)).Rooms[0].Services).toEqual([]);
  });

  it('takes the upgrade UpgradeOptions offers at the price it showed', async () => {
    // Double, Monday 26 April: 100.
    const booking = await bookAndFind(t, ids, stay('2027-04-26', '2027-04-27', 100));
    const { body: options } = await request(t.app)
      .get('/api/ManageBooking/UpgradeOptions')
      .query({ propertyId: ids.propertyId, reservationId: booking.id, code: booking.code })
      .expect(200);
    // The Suite: 180, 80 more.
    expect(options.RoomTypes).toEqual([expect.objectContaining({ TotalUpgradeCost: 180, Difference: 80 })]);
    const upgrade = await changeOf(booking, [{ RoomTypeId: options.RoomTypes[0].RoomType.RoomTypeId, TotalCost: 180 }]);
    const { body } = await update(upgrade).expect(200);
    expect(body).toMatchObject({
      Success: true,
      Payment: { Kind: 'Charge', Amount: 80 },
      Reservation: { Rooms: [{ RoomTypeName: 'Suite', TotalCost: 180 }] },
    });
    expect(await doublesSold('2027-04-26')).toEqual({ '2027-04-26': 0 });
    // A bed configuration of the Double is not one of the Suite's.
    const twin = await changeOf(booking, [{ RoomConfigurationDropdownOptionId: 1 }]);
    const refused = await update(twin).expect(400);
    expect(refused.body.ModelState).toEqual({
      'ReservationItems[0].RoomConfigurationDropdownOptionId': ['Please choose one of the room configurations offered'],
    });
  });

  it('a change made with the code of a search by name is recorded as made by name', async () => {
    const booking = await bookAndFind(t, ids, stay('2027-05-17', '2027-05-18', 100));
    const { body: found } = await request(t.app)
      .post('/api/ManageBooking/Search')
      .query({ propertyId: ids.propertyId, reservationNumber: booking.number, guestName: 'Lovelace' })
      .expect(200);
    const byName = { ...booking, code: found.Code as string };
    const renamed = await changeOf(byName, [{ Guests: [{ ...found.Reservation.Rooms[0].Guests[0], FirstName: 'Augusta' }] }]);
    await update(renamed).expect(200);
    expect(await historyOf(booking)).toEqual([
      expect.objectContaining({
        via: 'name',
        details: expect.objectContaining({
          changes: [{ field: `Rooms[${booking.itemIds[0]}].Guests`, old: ['Ada Lovelace'], new: ['Augusta Lovelace'] }],
        }),
      }),
    ]);
  });

  it('after the deadline guests may change but dates may not', async () => {
    const booking = await bookAndFind(t, ids, stay('2027-04-08', '2027-04-09', 100));
    // The deadline is 15:00 on Tuesday 6 April (BST, 14:00 UTC).
    t.setNow('2027-04-07T09:00:00Z');
    const moved = await update(await changeOf(booking, [{ DateFrom: '2027-04-09', DateTo: '2027-04-10', TotalCost: 140 }])).expect(200);
    expect(moved.body).toEqual({
      Success: false,
      Message: 'To modify your reservation, please contact the hotel directly on a phone number: +441000000000',
      Payment: null,
      Reservation: null,
    });
    const current = await reread(booking);
    const renamed = await update(await changeOf(booking, [{ Guests: [{ ...current.Rooms[0].Guests[0], FirstName: 'Augusta' }] }])).expect(
      200,
    );
    expect(renamed.body).toMatchObject({
      Success: true,
      Payment: { Kind: 'None', Amount: 0 },
      Reservation: { Rooms: [{ Guests: [expect.objectContaining({ FirstName: 'Augusta' })] }] },
    });
  });

  it('bad input: a room of another booking, a room left out, bad counts, a wrong code, a cancelled booking', async () => {
    const booking = await bookAndFind(t, ids, stay('2027-04-12', '2027-04-13', 100));
    const other = await bookAndFind(t, ids, stay('2027-04-12', '2027-04-13', 100));
    const change = await changeOf(booking);
    const stranger = await update({
      ...change,
      ReservationItems: [{ ...change.ReservationItems[0], ReservationItemId: other.itemIds[0] }],
    }).expect(400);
    expect(stranger.body.ModelState).toEqual({ 'ReservationItems[0].ReservationItemId': ['Choose rooms of this booking, each once'] });
    const leftOut = await update({ ...change, ReservationItems: [{ ...change.ReservationItems[0], ReservationItemId: null }] }).expect(400);
    expect(Object.keys(leftOut.body.ModelState)).toEqual(['ReservationItems']);
    await update({ ...change, ReservationItems: [{ ...change.ReservationItems[0], NumberOfAdults: -1 }] }).expect(400);
    await update({ ...change, ReservationItems: [{ ...change.ReservationItems[0], NumberOfAdults: 100_000 }] }).expect(400);
    await update({ ...change, ReservationItems: [{ ...change.ReservationItems[0], NumberOfAdults: 0 }] }).expect(400);
    await update({ ...change, Code: other.code }).expect(404);
    await update({ ...change, Code: change.Code.slice(0, 10) }).expect(404);
    await update({ ...change, ReservationId: 2_147_483_647 }).expect(404);
    expect(await doublesSold('2027-04-12')).toEqual({ '2027-04-12': 2 });
    await t.database.db.execute(sql`UPDATE reservations SET status = 'cancelled', cancelled_at = now() WHERE id = ${booking.id}`);
    const { body } = await update(change).expect(200);
    expect(body).toEqual({
      Success: false,
      Message: 'This booking has been cancelled and can no longer be changed.',
      Payment: null,
      Reservation: null,
    });
  });

  it('an Idempotency-Key retried answers the first update and moves the rooms once', async () => {
    const booking = await bookAndFind(t, ids, stay('2027-04-19', '2027-04-20', 100));
    const change = await changeOf(booking, [{ DateFrom: '2027-04-20', DateTo: '2027-04-21', TotalCost: 100 }]);
    const first = await update(change).set('Idempotency-Key', 'move-1').expect(200);
    const again = await update(change).set('Idempotency-Key', 'move-1').expect(200);
    expect(again.body).toEqual(first.body);
    expect(await doublesSold('2027-04-19', '2027-04-20', '2027-04-21')).toEqual({ '2027-04-19': 0, '2027-04-20': 1, '2027-04-21': 0 });
  });

  it('a room the change leaves as it was keeps its booked price when the rates have gone up', async () => {
    const booking = await bookAndFind(t, ids, stay('2027-05-03', '2027-05-04', 100));
    // The hotel raises every Double on the flexible rate to 150.
    await givenDefinition(
      t.context,
      aDefinition({
        ...manageProperty,
        RatePlans: (manageProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
          plan.Code === 'BAR'
            ? { ...plan, Prices: [...(plan.Prices as unknown[]), { RoomType: 'DBL', From: '2027-05-01', BaseRate: 150 }] }
            : plan,
        ),
      }),
    );
    const current = await reread(booking);
    const { body } = await update(await changeOf(booking, [{ Guests: [{ ...current.Rooms[0].Guests[0], FirstName: 'Augusta' }] }])).expect(
      200,
    );
    expect(body).toMatchObject({
      Success: true,
      Payment: { Kind: 'None', Amount: 0 },
      Reservation: { TotalAccommodationPrice: 100, Rooms: [{ TotalCost: 100 }] },
    });
    // Moving it is priced now: Tuesday 4 to Wednesday 5 at 150.
    const moved = await update(await changeOf(booking, [{ DateFrom: '2027-05-04', DateTo: '2027-05-05', TotalCost: 150 }])).expect(200);
    expect(moved.body).toMatchObject({ Payment: { Kind: 'Charge', Amount: 50 }, Reservation: { TotalAccommodationPrice: 150 } });
  });
});
