import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { rawRows } from '../../src/database/raw-rows';
import { aProperty, aDefinition, givenDefinition } from '../support/builders';
import type { TestApp } from '../support/test-app';
import { givenUser, logIn, PASSWORD } from '../account/account-fixture';

/**
 * A property for booking tests. Today is Monday 1 March 2027 (09:00 in London); the stay used
 * is Thursday 4 to Saturday 6 March: a weekday night at 100 and a Friday night at 140.
 */
export const bookingProperty = aProperty({
  Code: 'BOOK',
  StandardVatRate: 20,
  IsStandardTaxExclusive: false,
  CreditCards: ['Visa', 'Mastercard'],
  BookingConfiguration: {
    MaxNumberOfRoomsOnBooking: 3,
    EnablePayByCompanyInvoice: true,
    SameDayBookingRestrictionEnabled: true,
    SameDayBookingRestrictionHour: 18,
    SameDayBookingRestrictionMinute: 0,
    SameDayBookingRestrictionMessage: 'Bookings for tonight close at 18:00. Please call us.',
  },
  RoomTypes: [
    {
      Code: 'DBL',
      Name: 'Double',
      Rooms: ['101', '102'],
      MaximumOccupancy: 3,
      AdultMaximumOccupancy: 2,
      ChildMaximumOccupancy: 1,
      Configurations: ['King', 'Twin'],
    },
    { Code: 'SGL', Name: 'Single', Rooms: ['001'], MaximumOccupancy: 1 },
  ],
  RatePlans: [
    {
      Code: 'BAR',
      Name: 'Flexible',
      CanPayByCompanyInvoice: true,
      Prices: [
        { RoomType: 'DBL', BaseRate: 100, CostPerChild: 15 },
        { RoomType: 'DBL', Weekdays: [5, 6], BaseRate: 140, CostPerChild: 15 },
        { RoomType: 'SGL', BaseRate: 60, BaseNumberOfAdults: 1 },
      ],
    },
    { Code: 'NRF', Name: 'Non-refundable', Prices: [{ RoomType: 'DBL', BaseRate: 90 }] },
    { Code: 'CORP', Name: 'Corporate', RequiresCode: true, Prices: [{ RoomType: 'DBL', BaseRate: 70 }] },
  ],
  Promotions: [{ Code: 'TENOFF', Name: 'Ten off', DiscountPercent: 10, RatePlans: ['BAR'] }],
  Services: [
    { Code: 'BRK', Name: 'Breakfast', ChargeType: 'PerDay', ChargePerPerson: true, Articles: [{ Name: 'Breakfast', Price: 12.5 }] },
    { Code: 'PARK', Name: 'Parking', ChargeType: 'PerDay', Articles: [{ Name: 'Space', Price: 15 }], StartingInventory: 1 },
    { Code: 'FIZZ', Name: 'Prosecco', ChargeType: 'PerQuantity', Articles: [{ Name: 'Bottle', Price: 25 }] },
    {
      Code: 'GALA',
      Name: 'Gala dinner',
      ChargeType: 'PerDay',
      ChargePerPerson: true,
      Articles: [{ Name: 'Dinner', Price: 30 }],
      From: '2027-03-14',
      To: '2027-03-14',
    },
    {
      Code: 'TASTING',
      Name: 'Wine tasting',
      ChargeType: 'PerStay',
      ChargePerPerson: true,
      Articles: [{ Name: 'Seat', Price: 20 }],
      StartingInventory: 2,
    },
  ],
  GiftVouchers: [
    { Code: 'GIFT-50', Balance: 50 },
    { Code: 'GIFT-1000', Balance: 1000 },
    { Code: 'SPA-DAY', Balance: 80, IsExperience: true },
    { Code: 'OLD-GIFT', Balance: 50, ExpiresOn: '2027-01-31' },
  ],
  // Its bookers have addresses at example.com, as `aBooking`'s booker does.
  Companies: [{ AccountId: 'ACME01', Name: 'Acme Engineering Ltd', BookerEmailDomains: ['example.com'] }],
});

export type Ids = {
  propertyId: number;
  roomTypes: Record<string, number>;
  ratePlans: Record<string, number>;
  services: Record<string, number>;
};

/** Imports the booking property and answers the ids a client would learn from search and Service/Get. */
export async function givenBookingProperty(t: TestApp, property = bookingProperty): Promise<Ids> {
  await givenDefinition(t.context, aDefinition(property));
  const code = property.Code as string;
  const propertyId = (await request(t.app).get(`/api/Property/${code}`)).body.PropertyId as number;
  const rows = await rawRows<{ kind: string; code: string; id: number }>(
    t.database.db,
    sql`SELECT 'rt' AS kind, rt.code, rt.id FROM room_types rt JOIN properties p ON p.id = rt.property_id WHERE p.code = ${code}
      UNION ALL SELECT 'rp', rp.code, rp.id FROM rate_plans rp JOIN properties p ON p.id = rp.property_id WHERE p.code = ${code}
      UNION ALL SELECT 'sv', s.code, s.id FROM services s JOIN properties p ON p.id = s.property_id WHERE p.code = ${code}`,
  );
  const ids: Ids = { propertyId, roomTypes: {}, ratePlans: {}, services: {} };
  for (const row of rows) {
    const target = row.kind === 'rt' ? ids.roomTypes : row.kind === 'rp' ? ids.ratePlans : ids.services;
    target[row.code] = row.id;
  }
  return ids;
}

export const visa = {
  NameOnCard: 'Ada Lovelace',
  CardNumber: '4242 4242 4242 4242',
  SecurityCode: '123',
  ExpiryMonth: 12,
  ExpiryYear: 2029,
  CreditCardTypeId: 1,
};

export function aRoom(ids: Ids, overrides: Record<string, unknown> = {}) {
  return {
    ReservationItemId: 1,
    DateFrom: '2027-03-04',
    DateTo: '2027-03-06',
    RoomTypeId: ids.roomTypes.DBL,
    RatePlanId: ids.ratePlans.BAR,
    NumberOfAdults: 2,
    NumberOfChildren: 0,
    NumberOfInfants: 0,
    RoomConfigurationDropdownOptionId: null,
    Guests: [{ FirstName: 'Ada', LastName: 'Lovelace' }],
    Services: [],
    TotalCost: 240,
    ...overrides,
  };
}

export function aBooking(ids: Ids, overrides: Record<string, unknown> = {}) {
  return {
    LanguageCode: 'en',
    PropertyId: ids.propertyId,
    DateFrom: '2027-03-04',
    DateTo: '2027-03-06',
    Notes: 'Quiet room please',
    Comment: 'A friend',
    Booker: {
      FirstName: 'Ada',
      LastName: 'Lovelace',
      Email: 'ada@example.com',
      Phone: '+441234567890',
      Street: '1 Analytical Way',
      CountryId: 826,
      ZipCode: 'BS1 4QA',
      OptInToReceiveUpdates: false,
    },
    CardDetails: visa,
    PaymentType: 'PayByCard',
    Rooms: [aRoom(ids)],
    ...overrides,
  };
}

/** A booking as its guest holds it: its id and number, and the codes of its manage-booking and pre-check-in links. */
export type BookedWithLinks = { id: number; number: string; code: string; preCheckInCode: string };

/** Books `aBooking` (with `overrides`) and reads back the links its confirmation gives the guest. */
export async function bookWithLinks(
  t: TestApp,
  ids: Ids,
  overrides: Record<string, unknown> = {},
  session?: string,
): Promise<BookedWithLinks> {
  const call = request(t.app).post('/api/Reservation/Create');
  if (session) call.set('Cookie', session);
  const created = await call.send(aBooking(ids, overrides)).expect(200);
  const { body } = await request(t.app)
    .get('/api/Reservation/Confirmation')
    .query({ propertyId: ids.propertyId, confirmationToken: created.body.ConfirmationToken })
    .expect(200);
  const [row] = await rawRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM reservations WHERE reservation_number = ${created.body.ReservationNumber}`,
  );
  const lastPart = (url: unknown) => (url as string).split('/').at(-1)!;
  return {
    id: row!.id,
    number: created.body.ReservationNumber,
    code: lastPart(body.ManageBookingUrl),
    preCheckInCode: lastPart(body.PreCheckInUrl),
  };
}

/**
 * The session of ACME01's own booker: a logged-in account whose confirmed address is at the
 * company's domain, the only kind of booker who may book on its invoice. Made once per database.
 */
export async function companyBookerSession(t: TestApp, propertyId: number): Promise<string> {
  const email = 'company.booker@example.com';
  const [known] = await rawRows<{ id: number }>(t.database.db, sql`SELECT id FROM users WHERE email = ${email}`);
  if (!known) await givenUser(t, { email });
  const { cookie } = await logIn(t, propertyId, email, PASSWORD);
  if (!cookie) throw new Error(`could not log ${email} in`);
  return cookie;
}

/** A PreCheckIn/Save body for a one-room booking of `bookWithLinks`: the booker and one guest, no extras, no card. */
export function aPreCheckInSave(ids: Ids, booked: BookedWithLinks, reservationItemId: number, overrides: Record<string, unknown> = {}) {
  return {
    PropertyId: ids.propertyId,
    ReferenceNumber: booked.number,
    IsReservation: true,
    EntityId: booked.id,
    Code: booked.preCheckInCode,
    SpecialRequests: 'Late arrival, about 22:00',
    Booker: { FirstName: 'Ada', LastName: 'King', Email: 'ada.king@example.com', Phone: '+441234500000', CountryId: 826 },
    ReservationItems: [
      {
        ReservationItemId: reservationItemId,
        RoomConfigurationDropdownOptionId: null,
        Guests: [{ FirstName: 'Ada', LastName: 'Lovelace' }],
      },
    ],
    ...overrides,
  };
}
