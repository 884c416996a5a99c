import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MESSAGES } from '../../src/booking';
import { rawRows } from '../../src/database/raw-rows';
import { TEST_GATEWAY_MESSAGES } from '../../src/payments/test-gateway';
import { PRE_CHECK_IN_NOTICES } from '../../src/pre-check-in/get-pre-check-in';
import { PRE_CHECK_IN_MISSES_ALLOWED } from '../../src/pre-check-in/pre-check-in-throttle';
import { PRE_CHECK_IN_SAVED } from '../../src/pre-check-in/save-pre-check-in';
import { aProperty, aDefinition, givenDefinition } from '../support/builders';
import { opened } from '../support/outbox';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, bookingProperty, companyBookerSession, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { allowAnswers, refuseAnswers } from '../payments/money-fault-kit';

/**
 * Today is Monday 1 March 2027, 09:00 in London. The stay booked is Thursday 4 to Saturday 6
 * March in a Double on the flexible rate (BAR): 100 + 140 = 240 for two adults; prices include
 * 20% VAT. The property asks pre-check-in for the guests' e-mail and, for the Double (King or
 * Twin), how the room is set up. Its e-mail address receives the hotel's notices. It also asks
 * guests an address, which the save's guests cannot carry, so only their names, e-mail and phone
 * are checked (the saves below send no guest address and succeed).
 */
const property = {
  ...bookingProperty,
  RoomTypes: (bookingProperty.RoomTypes as Record<string, unknown>[]).map((type) =>
    type.Code === 'DBL' ? { ...type, Rooms: Array.from({ length: 30 }, (_, i) => String(101 + i)) } : type,
  ),
  PreCheckInConfiguration: {
    ShowRoomConfigurationQuestion: true,
    GuestConfiguration: { EmailRequired: true, CountryRequired: true, StreetRequired: true },
  },
};

let t: TestApp;
let ids: Ids;
let client = 0;
/** Each test its own client address, so the misses one counts do not stop another. */
const fromClient = () => `198.51.100.${++client}`;

type Booked = { id: number; number: string; code: string; itemId: number; nameCode: string };

async function book(overrides: Record<string, unknown> = {}, session?: string): Promise<Booked> {
  const call = request(t.app).post('/api/Reservation/Create');
  if (session) call.set('Cookie', session);
  const created = await call.send(aBooking(ids, overrides)).expect(200);
  const { body } = await request(t.app)
    .get('/api/Reservation/Confirmation')
    .query({ propertyId: ids.propertyId, confirmationToken: created.body.ConfirmationToken })
    .expect(200);
  const code = (body.PreCheckInUrl as string).split('/').at(-1)!;
  const byName = await request(t.app)
    .post('/api/ManageBooking/Search')
    .query({ propertyId: ids.propertyId, reservationNumber: created.body.ReservationNumber, guestName: 'Lovelace' })
    .set('X-Forwarded-For', fromClient())
    .expect(200);
  return {
    id: byName.body.Reservation.ReservationId,
    number: created.body.ReservationNumber,
    code,
    itemId: byName.body.Reservation.Rooms[0].ReservationItemId,
    nameCode: byName.body.Code,
  };
}

const get = (booked: Pick<Booked, 'number' | 'code'>, options: { propertyId?: number; ip?: string } = {}) =>
  request(t.app)
    .get('/api/PreCheckIn/Get')
    .query({ propertyId: options.propertyId ?? ids.propertyId, referenceNumber: booked.number, hash: booked.code })
    .set('X-Forwarded-For', options.ip ?? fromClient());

let king: number;
let mastercard: number;
let twin: number;

function aSave(booked: Booked, overrides: Record<string, unknown> = {}) {
  return {
    PropertyId: ids.propertyId,
    ReferenceNumber: booked.number,
    IsReservation: true,
    EntityId: booked.id,
    Code: booked.code,
    SpecialRequests: 'Late arrival, about 22:00',
    Booker: {
      FirstName: 'Ada',
      LastName: 'King',
      Email: 'ada.king@example.com',
      Phone: '+441234500000',
      Street: '1 Analytical Way',
      CountryId: 826,
      ZipCode: 'BS1 4QA',
    },
    ReservationItems: [
      {
        ReservationItemId: booked.itemId,
        RoomConfigurationDropdownOptionId: twin,
        Guests: [
          { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' },
          { FirstName: 'Charles', LastName: 'Babbage', Email: 'charles@example.com', Phone: '+441234511111' },
        ],
      },
    ],
    ...overrides,
  };
}

/** A test Mastercard the gateway tokenises. */
const aMastercard = () => ({
  NameOnCard: 'Ada King',
  CardNumber: '5555 5555 5555 4444',
  CreditCardTypeId: mastercard,
  ExpiryMonth: 8,
  ExpiryYear: 2030,
  SecurityCode: '321',
});

const save = (body: Record<string, unknown>) => request(t.app).post('/api/PreCheckIn/Save').send(body);

async function stored(reservationId: number) {
  const [reservation] = await rawRows<Record<string, unknown>>(
    t.database.db,
    sql`SELECT booker_first_name, booker_last_name, booker_email, special_requests, pre_check_in_completed_at, updated_at,
          card_on_file_token, card_on_file_brand, card_on_file_last4, card_on_file_expiry_month, card_on_file_expiry_year
        FROM reservations WHERE id = ${reservationId}`,
  );
  const guests = await rawRows<Record<string, unknown>>(
    t.database.db,
    sql`SELECT g.id, g.individual_id, g.first_name, g.last_name, g.email, g.phone, g.is_lead, rr.room_configuration_label
        FROM guests g JOIN reservation_rooms rr ON rr.id = g.reservation_room_id WHERE rr.reservation_id = ${reservationId}
        ORDER BY rr.sort_order, g.sort_order`,
  );
  const mails = await rawRows<{ kind: string; to_address: string }>(
    t.database.db,
    sql`SELECT kind, to_address FROM mail_outbox WHERE reservation_id = ${reservationId} AND kind::text LIKE 'pre_check_in%' ORDER BY id`,
  );
  return { reservation: reservation!, guests, mails };
}

beforeAll(async () => {
  t = await createTestApp();
  ids = await givenBookingProperty(t, property);
  const configurations = await rawRows<{ id: number; label: string }>(
    t.database.db,
    sql`SELECT id, label FROM room_configurations WHERE room_type_id = ${ids.roomTypes.DBL}`,
  );
  king = configurations.find((row) => row.label === 'King')!.id;
  twin = configurations.find((row) => row.label === 'Twin')!.id;
  const [mastercardType] = await rawRows<{ id: number }>(t.database.db, sql`SELECT id FROM card_types WHERE code = 'mastercard'`);
  mastercard = mastercardType!.id;
});
afterAll(() => t.close());

describe('GET /api/PreCheckIn/Config/{id}', () => {
  const defaults = {
    FirstNameRequired: true,
    LastNameRequired: true,
    EmailRequired: false,
    PhoneRequired: false,
    CountryRequired: false,
    StreetRequired: false,
    CityRequired: false,
    StateOrCountyRequired: false,
    PostCodeRequired: false,
  };

  it("answers the definition's pre-check-in settings by code and by id, and the defaults where it says nothing", async () => {
    const { body } = await request(t.app).get('/api/PreCheckIn/Config/BOOK').expect(200);
    expect(body).toEqual({
      PropertyId: ids.propertyId,
      ShowRoomConfigurationQuestion: true,
      BookerConfiguration: defaults,
      GuestConfiguration: { ...defaults, EmailRequired: true, CountryRequired: true, StreetRequired: true },
    });
    expect((await request(t.app).get(`/api/PreCheckIn/Config/${ids.propertyId}`).expect(200)).body).toEqual(body);
    await givenDefinition(t.context, aDefinition(aProperty({ Code: 'PLAIN' })));
    const plain = await request(t.app).get('/api/PreCheckIn/Config/PLAIN').expect(200);
    expect(plain.body).toMatchObject({ ShowRoomConfigurationQuestion: false, BookerConfiguration: defaults, GuestConfiguration: defaults });
    await request(t.app).get('/api/PreCheckIn/Config/NOPE').expect(404);
  });
});

describe('GET /api/PreCheckIn/Get', () => {
  it('answers the booking the link opens, with its guests, extras and prices as booked and their VAT', async () => {
    const booked = await book({ Rooms: [aRoom(ids, { Services: [{ ServiceId: ids.services.BRK, Quantity: 1 }] })] });
    const { body } = await get(booked).expect(200);
    expect(body).toMatchObject({
      PropertyId: ids.propertyId,
      ReferenceNumber: booked.number,
      IsReservation: true,
      EntityId: booked.id,
      SpecialRequests: 'Quiet room please',
      NumberOfAdults: 2,
      NumberOfChildren: 0,
      NumberOfInfants: 0,
      CreditCards: [{ Brand: 'Visa', Last4: '4242', ExpiryMonth: 12, ExpiryYear: 2029 }],
      Booker: { FirstName: 'Ada', LastName: 'Lovelace', Email: 'ada@example.com' },
      Company: null,
      PreCheckInCompletedAt: null,
    });
    expect(body.ReservationItems).toHaveLength(1);
    expect(body.ReservationItems[0]).toMatchObject({
      ReservationItemId: booked.itemId,
      DateOfArrival: '2027-03-04',
      DateOfDeparture: '2027-03-06',
      RoomTypeId: ids.roomTypes.DBL,
      RoomType: 'Double',
      RatePlanId: ids.ratePlans.BAR,
      RatePlan: 'Flexible',
      RoomConfiguration: null,
      RoomConfigurationOptions: [
        { Id: king, Name: 'King' },
        { Id: twin, Name: 'Twin' },
      ],
      NumberOfAdults: 2,
      MaximumOccupancy: 3,
      Guests: [{ IndividualId: expect.any(String), FirstName: 'Ada', LastName: 'Lovelace' }],
      Services: [{ ServiceId: ids.services.BRK, ServiceName: 'Breakfast', TotalCost: 50 }],
      // Thu 100 + Fri 140 = 240, VAT included at 20%: 240 x 20/120 = 40.
      OriginalAccommodationPrice: 240,
      OriginalAccommodationVat: 40,
      // Breakfast 12.50 x 2 nights x 2 people = 50; VAT 50 x 20/120 = 8.333... = 8.33.
      OriginalServicesPrice: 50,
      OriginalServicesVat: 8.33,
    });
  });

  it('answers one and the same notice for a wrong, cut short, name-search or other booking code, another property and an unknown number', async () => {
    const booked = await book();
    const other = await book();
    const otherProperty = await givenBookingProperty(t, { ...property, Code: 'OTHER' });
    const invalid = { Success: false, ...PRE_CHECK_IN_NOTICES.invalid, Reservation: null };
    for (const attempt of [
      get({ ...booked, code: `${booked.code.slice(0, -1)}${booked.code.endsWith('A') ? 'B' : 'A'}` }),
      get({ ...booked, code: booked.code.slice(0, 10) }),
      get({ ...booked, code: booked.nameCode }),
      get({ ...booked, code: other.code }),
      get(booked, { propertyId: otherProperty.propertyId }),
      get({ ...booked, number: 'ZZ999999' }),
    ]) {
      expect((await attempt.expect(200)).body).toEqual(invalid);
    }
    expect((await get(booked).expect(200)).body).toMatchObject({ EntityId: booked.id });
  });

  it(`counts the misses of a client: after ${PRE_CHECK_IN_MISSES_ALLOWED} in a quarter hour it answers 429, even for a good link`, async () => {
    const booked = await book();
    const ip = fromClient();
    for (let miss = 0; miss < PRE_CHECK_IN_MISSES_ALLOWED; miss++) {
      await get({ ...booked, code: 'forged-code-0000000000' }, { ip }).expect(200);
    }
    const refused = await get(booked, { ip }).expect(429);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    await get(booked).expect(200);
  });

  it('tells a cancelled booking, a stay past its arrival day and a stay over apart', async () => {
    const cancelled = await book();
    await rawRows(t.database.db, sql`UPDATE reservations SET status = 'cancelled', cancelled_at = now() WHERE id = ${cancelled.id}`);
    expect((await get(cancelled).expect(200)).body).toEqual({ Success: false, ...PRE_CHECK_IN_NOTICES.cancelled, Reservation: null });

    const booked = await book();
    try {
      // Arrival Thursday 4 March ends at midnight London time: still open at 23:59 (UTC = London in March).
      t.setNow('2027-03-04T23:59:00Z');
      expect((await get(booked).expect(200)).body).toMatchObject({ EntityId: booked.id });
      t.setNow('2027-03-05T00:01:00Z');
      expect((await get(booked).expect(200)).body).toEqual({
        Success: false,
        ...PRE_CHECK_IN_NOTICES['arrival-passed'],
        Reservation: null,
      });
      // Departure Saturday 6 March.
      t.setNow('2027-03-06T08:00:00Z');
      expect((await get(booked).expect(200)).body).toEqual({ Success: false, ...PRE_CHECK_IN_NOTICES.departed, Reservation: null });
    } finally {
      t.setNow('2027-03-01T09:00:00Z');
    }
  });
});

describe('POST /api/PreCheckIn/Save', () => {
  it('saves the booker, guests (the booker’s in step), room set-up, requests and the card as a token; Get then shows them as already checked in', async () => {
    const booked = await book();
    const before = (await get(booked).expect(200)).body;
    const bookerGuest = before.Booker.IndividualId as string;
    const body = aSave(booked, {
      CardDetails: aMastercard(),
      ReservationItems: [
        {
          ReservationItemId: booked.itemId,
          RoomConfigurationDropdownOptionId: twin,
          Guests: [
            // The booker, sent with stale details: saved as the booker now is.
            { IndividualId: bookerGuest, FirstName: 'Old', LastName: 'Name', Email: 'old@example.com' },
            { FirstName: 'Charles', LastName: 'Babbage', Email: 'charles@example.com', Phone: '+441234511111' },
          ],
        },
      ],
    });
    expect((await save(body).expect(200)).body).toEqual({
      Success: true,
      Message: PRE_CHECK_IN_SAVED,
      Payment: { Kind: 'None', Amount: 0 },
    });

    const after = await stored(booked.id);
    expect(after.reservation).toMatchObject({
      booker_first_name: 'Ada',
      booker_last_name: 'King',
      booker_email: 'ada.king@example.com',
      special_requests: 'Late arrival, about 22:00',
      card_on_file_brand: 'Mastercard',
      card_on_file_last4: '4444',
      card_on_file_expiry_month: 8,
      card_on_file_expiry_year: 2030,
    });
    expect(after.reservation.card_on_file_token).toEqual(expect.any(String));
    expect(String(after.reservation.card_on_file_token)).not.toContain('5555555555554444');
    expect(new Date(after.reservation.pre_check_in_completed_at as string).toISOString()).toBe('2027-03-01T09:00:00.000Z');
    expect(
      after.guests.map(({ individual_id, first_name, last_name, email, phone, is_lead, room_configuration_label }) => ({
        individual_id,
        first_name,
        last_name,
        email,
        phone,
        is_lead,
        room_configuration_label,
      })),
    ).toEqual([
      {
        individual_id: bookerGuest,
        first_name: 'Ada',
        last_name: 'King',
        email: 'ada.king@example.com',
        phone: '+441234500000',
        is_lead: true,
        room_configuration_label: 'Twin',
      },
      {
        individual_id: expect.any(String),
        first_name: 'Charles',
        last_name: 'Babbage',
        email: 'charles@example.com',
        phone: '+441234511111',
        is_lead: false,
        room_configuration_label: 'Twin',
      },
    ]);
    // The hotel's notice, to the property's address.
    expect(after.mails).toEqual([{ kind: 'pre_check_in_completed', to_address: 'stay@test-hotel.example' }]);

    const reopened = (await get(booked).expect(200)).body;
    expect(reopened).toMatchObject({
      Success: true,
      ...PRE_CHECK_IN_NOTICES.completed,
      Reservation: {
        SpecialRequests: 'Late arrival, about 22:00',
        CreditCards: [{ Brand: 'Mastercard', Last4: '4444', ExpiryMonth: 8, ExpiryYear: 2030 }],
        Booker: { FirstName: 'Ada', LastName: 'King' },
        PreCheckInCompletedAt: '2027-03-01T09:00:00.000Z',
      },
    });
    expect(reopened.Reservation.ReservationItems[0].RoomConfiguration).toBe('Twin');
    expect(reopened.Reservation.ReservationItems[0].Guests.map((guest: { FirstName: string }) => guest.FirstName)).toEqual([
      'Ada',
      'Charles',
    ]);
  });

  it('saving the same details again changes nothing more: same rows, first completion time, one notice; an Idempotency-Key replays', async () => {
    const booked = await book();
    const body = aSave(booked, {
      CardDetails: aMastercard(),
    });
    await save(body).expect(200);
    const first = await stored(booked.id);
    t.setNow('2027-03-02T10:00:00Z');
    try {
      expect((await save(body).expect(200)).body).toEqual({
        Success: true,
        Message: PRE_CHECK_IN_SAVED,
        Payment: { Kind: 'None', Amount: 0 },
      });
      const second = await stored(booked.id);
      expect(second).toEqual(first);
      const keyed = await request(t.app).post('/api/PreCheckIn/Save').set('Idempotency-Key', 'pci-retry-1').send(body).expect(200);
      const replay = await request(t.app).post('/api/PreCheckIn/Save').set('Idempotency-Key', 'pci-retry-1').send(body).expect(200);
      expect(replay.body).toEqual(keyed.body);
      await request(t.app)
        .post('/api/PreCheckIn/Save')
        .set('Idempotency-Key', 'pci-retry-1')
        .send({ ...body, SpecialRequests: 'Another' })
        .expect(422);
      expect(await stored(booked.id)).toEqual(first);
    } finally {
      t.setNow('2027-03-01T09:00:00Z');
    }
  });

  it('two saves of one booking at once queue on its row: both succeed, one completion, one notice', async () => {
    const booked = await book();
    const answers = await Promise.all([save(aSave(booked)), save(aSave(booked))]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const after = await stored(booked.id);
    expect(after.mails).toEqual([{ kind: 'pre_check_in_completed', to_address: 'stay@test-hotel.example' }]);
    expect(after.guests.map((guest) => guest.first_name)).toEqual(['Ada', 'Charles']);
  });

  it('refuses with 400 naming each field, saving nothing: configured fields, bad e-mail and phone, too many guests, a configuration the room lacks', async () => {
    const booked = await book();
    const before = await stored(booked.id);
    const refused = await save(
      aSave(booked, {
        Booker: { FirstName: 'Ada', LastName: 'King', Email: 'ada.king@example.com', Phone: '+441234500000' },
        ReservationItems: [
          {
            ReservationItemId: booked.itemId,
            RoomConfigurationDropdownOptionId: 999_999,
            Guests: [
              { FirstName: 'Ada', LastName: 'Lovelace' },
              { FirstName: 'Charles', LastName: 'Babbage', Email: 'not-an-email', Phone: '01234' },
              // A Double booked for 2 adults: a third guest is beyond its party.
              { FirstName: 'Third', LastName: 'Guest', Email: 'third@example.com' },
            ],
          },
        ],
      }),
    ).expect(400);
    expect(Object.keys(refused.body.ModelState).sort()).toEqual(
      [
        'ReservationItems[0].Guests',
        'ReservationItems[0].Guests[1].Phone',
        'ReservationItems[0].Guests[0].Email',
        'ReservationItems[0].Guests[1].Email',
        'ReservationItems[0].RoomConfigurationDropdownOptionId',
      ].sort(),
    );
    // The booker's contact is checked at the edge, by the wire's schema.
    const badBooker = await save(
      aSave(booked, { Booker: { FirstName: 'Ada', LastName: 'King', Email: 'ada.king@example.com', Phone: '01234' } }),
    ).expect(400);
    expect(Object.keys(badBooker.body.ModelState)).toEqual(['Booker.Phone']);
    const unset = await save(
      aSave(booked, { ReservationItems: [{ ...aSave(booked).ReservationItems[0], RoomConfigurationDropdownOptionId: null }] }),
    ).expect(400);
    expect(Object.keys(unset.body.ModelState)).toEqual(['ReservationItems[0].RoomConfigurationDropdownOptionId']);
    const otherRoom = await book();
    await save(aSave(booked, { ReservationItems: [{ ...aSave(booked).ReservationItems[0], ReservationItemId: otherRoom.itemId }] })).expect(
      400,
    );
    expect(await stored(booked.id)).toEqual(before);
  });

  it('answers 402 with the gateway’s message for a declined card, and saves nothing', async () => {
    const booked = await book();
    const before = await stored(booked.id);
    const declined = await save(
      aSave(booked, {
        CardDetails: {
          NameOnCard: 'Ada King',
          CardNumber: '4111 1111 1111 1111',
          CreditCardTypeId: 1,
          ExpiryMonth: 8,
          ExpiryYear: 2030,
          SecurityCode: '321',
        },
      }),
    ).expect(402);
    // The test gateway keeps only its own test cards: any other number is declined.
    expect(declined.body).toMatchObject({ Code: 'PAYMENT_DECLINED', Message: TEST_GATEWAY_MESSAGES.notATestCard });
    expect(await stored(booked.id)).toEqual(before);
  });

  it('a wrong or name-search code is a 404; after cancellation or once the arrival day ended it answers Success false, saving nothing', async () => {
    const booked = await book();
    const before = await stored(booked.id);
    await save({ ...aSave(booked), Code: booked.nameCode }).expect(404);
    await save({ ...aSave(booked), EntityId: booked.id + 1 }).expect(404);
    try {
      t.setNow('2027-03-05T00:01:00Z');
      expect((await save(aSave(booked)).expect(200)).body).toEqual({
        Success: false,
        Message: PRE_CHECK_IN_NOTICES['arrival-passed'].Message,
        Payment: null,
      });
    } finally {
      t.setNow('2027-03-01T09:00:00Z');
    }
    await rawRows(t.database.db, sql`UPDATE reservations SET status = 'cancelled', cancelled_at = now() WHERE id = ${booked.id}`);
    expect((await save(aSave(booked)).expect(200)).body).toEqual({
      Success: false,
      Message: PRE_CHECK_IN_NOTICES.cancelled.Message,
      Payment: null,
    });
    expect(await stored(booked.id)).toEqual(before);
  });
});

/** A service's id by its code in the booking property's definition. */
const serviceId = (code: string) => ids.services[code]!;

/** The booking's extras lines, by service code, with their quantity and price (minor units). */
const extrasOf = (reservationId: number) =>
  rawRows<{ code: string; quantity: number; total: number }>(
    t.database.db,
    sql`SELECT s.code, rs.quantity, rs.total FROM reservation_services rs
        JOIN reservation_rooms rr ON rr.id = rs.reservation_room_id JOIN services s ON s.id = rs.service_id
        WHERE rr.reservation_id = ${reservationId} ORDER BY s.code`,
  );

const totalsOf = async (reservationId: number) =>
  (
    await rawRows<{ total_rooms: number; total_services: number; total: number; total_vat: number }>(
      t.database.db,
      sql`SELECT total_rooms, total_services, total, total_vat FROM reservations WHERE id = ${reservationId}`,
    )
  )[0]!;

const paymentsOf = (reservationId: number) =>
  rawRows<{ transaction_type: string; status: string; amount: number; card_last4: string }>(
    t.database.db,
    sql`SELECT transaction_type, status, amount, card_last4 FROM payments WHERE reservation_id = ${reservationId} ORDER BY id`,
  );

const historyOf = (reservationId: number) =>
  rawRows<{ via: string; action: string; details: Record<string, unknown> }>(
    t.database.db,
    sql`SELECT via, action, details FROM reservation_changes WHERE reservation_id = ${reservationId} ORDER BY id`,
  );

const usedOf = async (code: string, from: string, to: string) =>
  (
    await rawRows<{ used: number }>(
      t.database.db,
      sql`SELECT i.used FROM service_inventory i JOIN services s ON s.id = i.service_id
          WHERE s.code = ${code} AND s.property_id = ${ids.propertyId} AND i.night >= ${from}::date AND i.night < ${to}::date
          ORDER BY i.night`,
    )
  ).map((row) => row.used);

const mailKinds = async (reservationId: number) =>
  (
    await rawRows<{ kind: string }>(
      t.database.db,
      sql`SELECT kind::text AS kind FROM mail_outbox WHERE reservation_id = ${reservationId} ORDER BY id`,
    )
  ).map((row) => row.kind);

/** The hotel's pre-check-in notice as sent (the latest). */
const noticeText = async (reservationId: number) => {
  const rows = await rawRows<{ html: string; text: string }>(
    t.database.db,
    sql`SELECT html, text FROM mail_outbox WHERE reservation_id = ${reservationId} AND kind = 'pre_check_in_completed' ORDER BY id`,
  );
  return opened(t, rows.at(-1)!).text;
};

/** The hotel's notice of the booking's latest amendment (extras paid for at pre-check-in arrive as one). */
const amendedNoticeText = async (reservationId: number) => {
  const rows = await rawRows<{ html: string; text: string }>(
    t.database.db,
    sql`SELECT html, text FROM mail_outbox WHERE reservation_id = ${reservationId} AND kind = 'hotel_booking_amended' ORDER BY id`,
  );
  return opened(t, rows.at(-1)!).text;
};

/** A save of the booking's one room with these extras (the room's extras as they should stand). */
const withExtras = (booked: Booked, services: { ServiceId: number; Quantity: number }[], overrides: Record<string, unknown> = {}) => {
  const body = aSave(booked, overrides);
  return { ...body, ReservationItems: body.ReservationItems.map((item) => ({ ...item, Services: services })) };
};

/** Everything a refused save must leave as it was. */
async function snapshot(reservationId: number) {
  return {
    stored: await stored(reservationId),
    extras: await extrasOf(reservationId),
    totals: await totalsOf(reservationId),
    payments: await paymentsOf(reservationId),
    history: await historyOf(reservationId),
    mails: await mailKinds(reservationId),
  };
}

describe('POST /api/PreCheckIn/Save: extras added', () => {
  it('prices the extras as create does, charges the difference to the card the booking was paid with, and records it', async () => {
    // Thursday 4 to Saturday 6 March, two adults, 240 paid by Visa; Breakfast booked already:
    // 12.50 x 2 nights x 2 guests = 50.00, so the booking is 290.00.
    const booked = await book({ Rooms: [aRoom(ids, { Services: [{ ServiceId: serviceId('BRK'), Quantity: 1 }] })] });
    const opened = (await get(booked).expect(200)).body;
    // 290.00 with 20 % VAT included: 290 / 120 x 20 = 48.33.
    expect(opened.Totals).toEqual({
      AccommodationTotal: 240,
      ServicesTotal: 50,
      VoucherDiscount: 0,
      VatRate: 20,
      IsTaxExclusive: false,
      TotalToPay: 290,
      PaidByCard: true,
    });
    const body = withExtras(booked, [
      { ServiceId: serviceId('BRK'), Quantity: 1 },
      // Prosecco, per quantity: 2 x 25.00 = 50.00.
      { ServiceId: serviceId('FIZZ'), Quantity: 2 },
      // Wine tasting, per stay and per person: 20.00 x 2 guests = 40.00; it takes 2 of its 2 seats each night.
      { ServiceId: serviceId('TASTING'), Quantity: 1 },
    ]);
    // Added: 50.00 + 40.00 = 90.00, charged to the Visa.
    expect((await save(body).expect(200)).body).toEqual({
      Success: true,
      Message: PRE_CHECK_IN_SAVED,
      Payment: { Kind: 'Charge', Amount: 90 },
    });
    expect(await extrasOf(booked.id)).toEqual([
      { code: 'BRK', quantity: 1, total: 5000 },
      { code: 'FIZZ', quantity: 2, total: 5000 },
      { code: 'TASTING', quantity: 1, total: 4000 },
    ]);
    // Rooms 240.00 + extras 140.00 = 380.00; VAT included 380 / 120 x 20 = 63.33.
    expect(await totalsOf(booked.id)).toEqual({ total_rooms: 24000, total_services: 14000, total: 38000, total_vat: 6333 });
    expect(await paymentsOf(booked.id)).toEqual([
      // 290.00 paid at booking, then the 90.00 added.
      { transaction_type: 'authorisation', status: 'succeeded', amount: 29000, card_last4: '4242' },
      { transaction_type: 'charge', status: 'succeeded', amount: 9000, card_last4: '4242' },
    ]);
    expect(await usedOf('TASTING', '2027-03-04', '2027-03-06')).toEqual([2, 2]);
    // Two rows: the save's details, written with them; the extras, written once their charge went through.
    const history = await historyOf(booked.id);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      via: 'link',
      action: 'precheckin',
      details: { previousTotal: 29000, newTotal: 29000, payment: { kind: 'None', amount: 0, paymentIds: [] } },
    });
    expect(history[1]).toMatchObject({
      via: 'link',
      action: 'precheckin',
      details: {
        previousTotal: 29000,
        newTotal: 38000,
        payment: { kind: 'Charge', amount: 9000, paymentIds: [expect.any(Number)] },
      },
    });
    expect(
      (history[1]!.details.changes as { field: string }[]).find((change) => change.field === `Rooms[${booked.itemId}].Services`),
    ).toEqual({
      field: `Rooms[${booked.itemId}].Services`,
      old: [{ ServiceId: serviceId('BRK'), Quantity: 1 }],
      new: [
        { ServiceId: serviceId('BRK'), Quantity: 1 },
        { ServiceId: serviceId('FIZZ'), Quantity: 2 },
        { ServiceId: serviceId('TASTING'), Quantity: 1 },
      ].sort((a, b) => a.ServiceId - b.ServiceId),
      added: expect.arrayContaining([
        { ServiceId: serviceId('FIZZ'), Quantity: 2, TotalCost: 5000 },
        { ServiceId: serviceId('TASTING'), Quantity: 1, TotalCost: 4000 },
      ]),
    });
    // The hotel hears of the check-in when it is saved, and of the extras once they are paid for:
    // their notice lists them and the charge; the guest gets the amendment e-mail.
    expect(await mailKinds(booked.id)).toEqual([
      'booking_confirmation',
      'hotel_booking_created',
      'pre_check_in_completed',
      'hotel_booking_amended',
      'booking_amendment',
    ]);
    const notice = await amendedNoticeText(booked.id);
    expect(notice).toContain('Extras added: 2 × Prosecco (£50.00); 1 × Wine tasting (£40.00)');
    expect(notice).toContain('Charged to the card: £90.00');
    expect(notice).toContain('Total to pay: £290.00 → £380.00');

    // Reopened, the link shows the extras saved and the new total.
    const reopened = (await get(booked).expect(200)).body.Reservation;
    expect(reopened.Totals).toMatchObject({ ServicesTotal: 140, TotalToPay: 380 });
    expect(reopened.ReservationItems[0].Services.map((line: { ServiceId: number }) => line.ServiceId).sort()).toEqual(
      [serviceId('BRK'), serviceId('FIZZ'), serviceId('TASTING')].sort(),
    );

    // The same save again is the same target: nothing added, charged, recorded or sent.
    const after = await snapshot(booked.id);
    expect((await save(body).expect(200)).body).toEqual({
      Success: true,
      Message: PRE_CHECK_IN_SAVED,
      Payment: { Kind: 'None', Amount: 0 },
    });
    expect(await snapshot(booked.id)).toEqual(after);
  });

  it('charges the card kept on file at this save, per night and per person as create prices', async () => {
    // Monday 8 to Wednesday 10 March: 100 + 100 = 200, paid by Visa.
    const stay = { DateFrom: '2027-03-08', DateTo: '2027-03-10' };
    const booked = await book({ ...stay, Rooms: [aRoom(ids, { ...stay, TotalCost: 200 })] });
    // Breakfast, per night per person: 12.50 x 2 nights x 2 guests = 50.00;
    // Parking, per night: 15.00 x 2 nights = 30.00; 80.00 in all, to the Mastercard given now.
    const body = withExtras(
      booked,
      [
        { ServiceId: serviceId('BRK'), Quantity: 1 },
        { ServiceId: serviceId('PARK'), Quantity: 1 },
      ],
      { CardDetails: aMastercard() },
    );
    expect((await save(body).expect(200)).body).toMatchObject({ Payment: { Kind: 'Charge', Amount: 80 } });
    expect((await paymentsOf(booked.id)).at(-1)).toEqual({
      transaction_type: 'charge',
      status: 'succeeded',
      amount: 8000,
      card_last4: '4444',
    });
    // 280.00 with VAT included: 280 / 120 x 20 = 46.67.
    expect(await totalsOf(booked.id)).toMatchObject({ total: 28000, total_vat: 4667 });
    expect(await usedOf('PARK', '2027-03-08', '2027-03-10')).toEqual([1, 1]);
  });

  it('a booking not paid by card owes the extras at the hotel: totals rise, nothing is charged', async () => {
    const stay = { DateFrom: '2027-03-15', DateTo: '2027-03-16' };
    const booked = await book(
      {
        ...stay,
        PaymentType: 'PayByCompanyInvoice',
        CardDetails: null,
        AccountId: 'ACME01',
        PONumber: 'PO-9',
        // Monday 15 to Tuesday 16: one night at 100.
        Rooms: [aRoom(ids, { ...stay, TotalCost: 100 })],
      },
      await companyBookerSession(t, ids.propertyId),
    );
    expect((await get(booked).expect(200)).body.Totals).toMatchObject({ TotalToPay: 100, PaidByCard: false });
    // Prosecco 3 x 25.00 = 75.00, to settle at the hotel.
    const answer = await save(withExtras(booked, [{ ServiceId: serviceId('FIZZ'), Quantity: 3 }])).expect(200);
    expect(answer.body.Payment).toEqual({ Kind: 'None', Amount: 0 });
    // 175.00 with VAT included: 175 / 120 x 20 = 29.17.
    expect(await totalsOf(booked.id)).toMatchObject({ total_services: 7500, total: 17500, total_vat: 2917 });
    expect(await paymentsOf(booked.id)).toEqual([]);
    expect((await historyOf(booked.id))[0]!.details).toMatchObject({
      previousTotal: 10000,
      newTotal: 17500,
      payment: { kind: 'None', amount: 0, paymentIds: [] },
    });
    const notice = await noticeText(booked.id);
    expect(notice).toContain('To settle at the hotel: £75.00');
  });

  it('a card that declines the charge: 402 that says so; the details are saved, the extras not added, nothing taken', async () => {
    const stay = { DateFrom: '2027-03-16', DateTo: '2027-03-17' };
    const booked = await book({ ...stay, Rooms: [aRoom(ids, { ...stay, TotalCost: 100 })] });
    const before = await snapshot(booked.id);
    // The test gateway keeps this card on file but its bank declines every charge.
    const declining = { ...aMastercard(), CardNumber: '4000 0000 0000 0002', CreditCardTypeId: 1 };
    const answer = await save(withExtras(booked, [{ ServiceId: serviceId('TASTING'), Quantity: 1 }], { CardDetails: declining })).expect(
      402,
    );
    expect(answer.body).toMatchObject({
      Code: 'PAYMENT_DECLINED',
      Message: `Your check-in details have been saved, but the extras were not added: ${TEST_GATEWAY_MESSAGES.declined}`,
    });
    const after = await snapshot(booked.id);
    // The extras, the totals and what the card paid are as they were; the refused charge is on record.
    expect(after.extras).toEqual(before.extras);
    expect(after.totals).toEqual(before.totals);
    expect(after.payments).toEqual([...before.payments, expect.objectContaining({ transaction_type: 'charge', status: 'failed' })]);
    expect(await usedOf('TASTING', '2027-03-16', '2027-03-17')).toEqual([0]);
    // The check-in itself is saved, and the hotel told of it.
    expect(after.mails).toEqual([...before.mails, 'pre_check_in_completed']);
    expect(after.history).toHaveLength(before.history.length + 1);
  });

  it('a charge whose answer cannot be recorded: 503 that says the details are saved; the same save sent again with its key adds the extras, charged once', async () => {
    const stay = { DateFrom: '2027-03-17', DateTo: '2027-03-18' };
    const booked = await book({ ...stay, Rooms: [aRoom(ids, { ...stay, TotalCost: 100 })] });
    // Wine tasting, per stay per person: 20.00 x 2 guests = 40.00.
    const body = withExtras(booked, [{ ServiceId: serviceId('TASTING'), Quantity: 1 }]);
    const send = () => request(t.app).post('/api/PreCheckIn/Save').set('Idempotency-Key', `pre-check-in-${booked.id}`).send(body);
    await refuseAnswers(t);
    try {
      expect((await send().expect(503)).body).toMatchObject({ Message: MONEY_MESSAGES.extrasOutcomeUnknown });
    } finally {
      await allowAnswers(t);
    }
    // The details are saved; the extras wait for the charge's answer, their seats (one a guest) held.
    expect((await stored(booked.id)).reservation.pre_check_in_completed_at).not.toBeNull();
    expect(await usedOf('TASTING', '2027-03-17', '2027-03-18')).toEqual([2]);
    expect((await paymentsOf(booked.id)).at(-1)).toMatchObject({ transaction_type: 'charge', status: 'pending', amount: 4000 });

    expect((await send().expect(200)).body).toEqual({
      Success: true,
      Message: PRE_CHECK_IN_SAVED,
      Payment: { Kind: 'Charge', Amount: 40 },
    });
    expect((await paymentsOf(booked.id)).filter((payment) => payment.transaction_type === 'charge')).toEqual([
      { transaction_type: 'charge', status: 'succeeded', amount: 4000, card_last4: '4242' },
    ]);
    // 100.00 + 40.00 = 140.00.
    expect(await totalsOf(booked.id)).toMatchObject({ total: 14000 });
  });

  it('the last unit goes to one save only: two bookings at once, the other gets 409 and nothing saved', async () => {
    // Parking has one space a night.
    const stay = { DateFrom: '2027-03-22', DateTo: '2027-03-23' };
    const first = await book({ ...stay, Rooms: [aRoom(ids, { ...stay, TotalCost: 100 })] });
    const second = await book({ ...stay, Rooms: [aRoom(ids, { ...stay, TotalCost: 100 })] });
    const before = { first: await snapshot(first.id), second: await snapshot(second.id) };
    const parking = [{ ServiceId: serviceId('PARK'), Quantity: 1 }];
    const answers = await Promise.all([save(withExtras(first, parking)), save(withExtras(second, parking))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.findIndex((answer) => answer.status === 409);
    expect(answers[loser]!.body).toMatchObject({
      Code: 'SERVICE_SOLD_OUT',
      Message: 'Parking is no longer available in that quantity for your dates. Please remove it or choose fewer.',
    });
    const lost = loser === 0 ? first : second;
    expect(await snapshot(lost.id)).toEqual(loser === 0 ? before.first : before.second);
    expect(await usedOf('PARK', '2027-03-22', '2027-03-23')).toEqual([1]);
    // Sold out already: a later save is refused the same way.
    await save(withExtras(lost, parking)).expect(409);
  });

  it('refuses with 400, saving nothing: an extra not offered for the room, twice, a quantity a per-night extra cannot have, a booked one lowered', async () => {
    const booked = await book({ Rooms: [aRoom(ids, { Services: [{ ServiceId: serviceId('FIZZ'), Quantity: 2 }] })] });
    const before = await snapshot(booked.id);
    const refused = async (services: { ServiceId: number; Quantity: number }[]) =>
      (await save(withExtras(booked, services)).expect(400)).body.ModelState;
    // The gala dinner is offered on 14 March only, not for a stay of 4 to 6 March.
    expect(
      await refused([
        { ServiceId: serviceId('FIZZ'), Quantity: 2 },
        { ServiceId: serviceId('GALA'), Quantity: 1 },
      ]),
    ).toEqual({
      'ReservationItems[0].Services[1].ServiceId': ['This extra is not offered for this room and dates'],
    });
    expect(
      await refused([
        { ServiceId: 999999, Quantity: 1 },
        { ServiceId: serviceId('FIZZ'), Quantity: 2 },
      ]),
    ).toEqual({
      'ReservationItems[0].Services[0].ServiceId': ['This extra is not offered for this room and dates'],
    });
    expect(
      await refused([
        { ServiceId: serviceId('FIZZ'), Quantity: 2 },
        { ServiceId: serviceId('FIZZ'), Quantity: 2 },
      ]),
    ).toEqual({ 'ReservationItems[0].Services[1].ServiceId': ['Each extra once per room, with its quantity'] });
    expect(
      await refused([
        { ServiceId: serviceId('FIZZ'), Quantity: 2 },
        { ServiceId: serviceId('BRK'), Quantity: 2 },
      ]),
    ).toEqual({
      'ReservationItems[0].Services[1].Quantity': ['This extra can be added once per room'],
    });
    expect(await refused([{ ServiceId: serviceId('FIZZ'), Quantity: 1 }])).toEqual({
      'ReservationItems[0].Services': [
        'Prosecco is booked already (2); pre-check-in only adds extras. To remove or reduce it, manage your booking.',
      ],
    });
    expect(await snapshot(booked.id)).toEqual(before);
  });

  it('a cancelled booking adds nothing', async () => {
    const booked = await book();
    await rawRows(t.database.db, sql`UPDATE reservations SET status = 'cancelled', cancelled_at = now() WHERE id = ${booked.id}`);
    const before = await snapshot(booked.id);
    expect((await save(withExtras(booked, [{ ServiceId: serviceId('FIZZ'), Quantity: 1 }])).expect(200)).body).toEqual({
      Success: false,
      Message: PRE_CHECK_IN_NOTICES.cancelled.Message,
      Payment: null,
    });
    expect(await snapshot(booked.id)).toEqual(before);
  });
});
