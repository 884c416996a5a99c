import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { aRoom, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';
import { bookAndFind, manageProperty, type Booked } from './manage-fixture';

/**
 * A property whose manage pages ask every guest's e-mail and the booker's post code. Today is
 * Monday 1 March 2027; the stay is Thursday 1 April, one night on the flexible rate (100).
 */
const property = {
  ...manageProperty,
  ManageBookingConfiguration: {
    ...manageProperty.ManageBookingConfiguration,
    GuestConfiguration: { FirstNameRequired: true, LastNameRequired: true, EmailRequired: true },
    BookerConfiguration: { PostCodeRequired: true },
  },
};

let t: TestApp;
let ids: Ids;

beforeAll(async () => {
  t = await createTestApp();
  ids = await givenBookingProperty(t, property);
});
afterAll(() => t.close());
beforeEach(() => t.setNow('2027-03-01T09:00:00Z'));

/** The booking as Search answers it now. */
async function reread(booking: Booked) {
  const { body } = await request(t.app)
    .post('/api/ManageBooking/Search')
    .query({ propertyId: ids.propertyId, reservationNumber: booking.number, hash: booking.code })
    .expect(200);
  return body.Reservation;
}

/** The booking's one room as it stands, with `room` and `body` overriding. */
async function changeOf(booking: Booked, room: Record<string, unknown> = {}, body: Record<string, unknown> = {}) {
  const [current] = (await reread(booking)).Rooms;
  return {
    PropertyId: ids.propertyId,
    ReservationId: booking.id,
    Code: booking.code,
    ReservationItems: [
      {
        ReservationItemId: current.ReservationItemId,
        DateFrom: current.DateFrom,
        DateTo: current.DateTo,
        RoomTypeId: current.RoomTypeId,
        RatePlanId: current.RatePlanId,
        NumberOfAdults: current.NumberOfAdults,
        NumberOfChildren: current.NumberOfChildren,
        NumberOfInfants: current.NumberOfInfants,
        RoomConfigurationDropdownOptionId: current.RoomConfigurationDropdownOptionId,
        Guests: current.Guests,
        Services: [],
        TotalCost: current.TotalCost,
        ...room,
      },
    ],
    ...body,
  };
}

const update = (body: object) => request(t.app).post('/api/ManageBooking/Update').send(body);

describe('POST /api/ManageBooking/Update: the details the manage configuration requires', () => {
  it('guests left as booked are not checked again: the requests change although no guest has an e-mail', async () => {
    const booking = await bookAndFind(t, ids, {
      DateFrom: '2027-04-01',
      DateTo: '2027-04-02',
      Rooms: [aRoom(ids, { DateFrom: '2027-04-01', DateTo: '2027-04-02', TotalCost: 100 })],
    });
    const { body } = await update(await changeOf(booking, {}, { SpecialRequests: 'A cot please' })).expect(200);
    expect(body).toMatchObject({ Success: true, Reservation: { SpecialRequests: 'A cot please' } });
  });

  it('a guest renamed without the e-mail it needs, and a booker changed without a post code: 400 naming each, nothing saved', async () => {
    const booking = await bookAndFind(t, ids, {
      DateFrom: '2027-04-01',
      DateTo: '2027-04-02',
      Rooms: [aRoom(ids, { DateFrom: '2027-04-01', DateTo: '2027-04-02', TotalCost: 100 })],
    });
    const before = await reread(booking);
    const [lead] = before.Rooms[0].Guests;
    const renamed = [{ ...lead, LastName: 'King', Email: null }];
    const booker = { FirstName: 'Ada', LastName: 'King', Email: 'ada@example.com', Phone: '+441234567890', ZipCode: ' ' };
    const { body } = await update(await changeOf(booking, { Guests: renamed }, { Booker: booker })).expect(400);
    expect(Object.keys(body.ModelState).sort()).toEqual(['Booker.ZipCode', 'ReservationItems[0].Guests[0].Email']);
    expect(await reread(booking)).toEqual(before);

    const complete = renamed.map((guest) => ({ ...guest, Email: 'ada.king@example.com' }));
    const saved = await update(await changeOf(booking, { Guests: complete }, { Booker: { ...booker, ZipCode: 'NW1 6XE' } })).expect(200);
    expect(saved.body).toMatchObject({ Success: true, Reservation: { Booker: { LastName: 'King', ZipCode: 'NW1 6XE' } } });
  });
});
