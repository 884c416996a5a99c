import { request } from '../support/request';
import type { TestApp } from '../support/test-app';
import { aBooking, bookingProperty, type Ids } from '../reservation/reservation-fixture';

/**
 * The booking property with what changing a booking needs. Today is Monday 1 March 2027, 09:00
 * in London; check-in is at 15:00 and the flexible rate (BAR) may be cancelled free until 48
 * hours before. BAR prices the Double at 100 a night, 140 on Friday and Saturday nights, 15 per
 * child; arrivals are closed on Sunday 21 March and an arrival on Thursday 25 March needs 3
 * nights; Sunday 28 March is not sold. The Double upgrades to the Suite (one room): 180 a night, 220 on Friday and Saturday.
 */
export const manageProperty = {
  ...bookingProperty,
  ManageBookingConfiguration: { CheckInTime: '15:00', RequireCancellationReason: true },
  CancellationReasons: ['Change of plans', 'Found another hotel'],
  RoomTypes: [
    ...(bookingProperty.RoomTypes as Record<string, unknown>[]).map((roomType) =>
      roomType.Code === 'DBL' ? { ...roomType, UpgradesTo: ['SUP'] } : roomType,
    ),
    { Code: 'SUP', Name: 'Suite', Rooms: ['201'], MaximumOccupancy: 4, AdultMaximumOccupancy: 3, ChildMaximumOccupancy: 2 },
  ],
  RatePlans: (bookingProperty.RatePlans as Record<string, unknown>[]).map((plan) =>
    plan.Code === 'BAR'
      ? {
          ...plan,
          CancellationDeadlineHours: 48,
          Prices: [
            ...(plan.Prices as unknown[]),
            { RoomType: 'DBL', From: '2027-03-21', To: '2027-03-21', BaseRate: 100, CostPerChild: 15, ClosedToArrival: true },
            { RoomType: 'DBL', From: '2027-03-25', To: '2027-03-25', BaseRate: 100, CostPerChild: 15, MinLengthOfStay: 3 },
            { RoomType: 'DBL', From: '2027-03-28', To: '2027-03-28', BaseRate: 100, CostPerChild: 15, StopSell: true },
            { RoomType: 'SUP', BaseRate: 180 },
            { RoomType: 'SUP', Weekdays: [5, 6], BaseRate: 220 },
          ],
        }
      : plan,
  ),
};

export type Booked = { id: number; number: string; code: string; itemIds: number[] };

/** Books through Reservation/Create and finds the booking by its e-mailed link, as a guest would. */
export async function bookAndFind(t: TestApp, ids: Ids, overrides: Record<string, unknown> = {}): Promise<Booked> {
  const created = await request(t.app).post('/api/Reservation/Create').send(aBooking(ids, overrides)).expect(200);
  return findBooked(t, ids, created.body);
}

/** A booking Create made, found by the link of its confirmation. */
export async function findBooked(t: TestApp, ids: Ids, created: { ConfirmationToken: string; ReservationNumber: string }): Promise<Booked> {
  const { body } = await request(t.app)
    .get('/api/Reservation/Confirmation')
    .query({ propertyId: ids.propertyId, confirmationToken: created.ConfirmationToken })
    .expect(200);
  const code = (body.ManageBookingUrl as string).split('/').at(-1)!;
  const found = await request(t.app)
    .post('/api/ManageBooking/Search')
    .query({ propertyId: ids.propertyId, reservationNumber: created.ReservationNumber, hash: code })
    .expect(200);
  return {
    id: found.body.Reservation.ReservationId,
    number: created.ReservationNumber,
    code,
    itemIds: (found.body.Reservation.Rooms as { ReservationItemId: number }[]).map((room) => room.ReservationItemId),
  };
}

/** An Update body for a one-room booking: its room as Search answers it now, with `room` overriding (dates, extras, price). */
export async function oneRoomChange(t: TestApp, ids: Ids, booking: Booked, room: Record<string, unknown> = {}) {
  const { body } = await request(t.app)
    .post('/api/ManageBooking/Search')
    .query({ propertyId: ids.propertyId, reservationNumber: booking.number, hash: booking.code })
    .expect(200);
  const booked = body.Reservation.Rooms[0];
  return {
    PropertyId: ids.propertyId,
    ReservationId: booking.id,
    Code: booking.code,
    ReservationItems: [
      {
        ReservationItemId: booked.ReservationItemId,
        DateFrom: booked.DateFrom,
        DateTo: booked.DateTo,
        RoomTypeId: booked.RoomTypeId,
        RatePlanId: booked.RatePlanId,
        NumberOfAdults: booked.NumberOfAdults,
        NumberOfChildren: booked.NumberOfChildren,
        NumberOfInfants: booked.NumberOfInfants,
        RoomConfigurationDropdownOptionId: booked.RoomConfigurationDropdownOptionId,
        Guests: booked.Guests,
        Services: (booked.Services as { ServiceId: number; Quantity: number }[]).map(({ ServiceId, Quantity }) => ({
          ServiceId,
          Quantity,
        })),
        TotalCost: booked.TotalCost,
        ...room,
      },
    ],
  };
}
