import { and, eq } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, reservations } from '@hotel/db/schema';
import { confirmedBookingOf, enqueueBookingConfirmation } from '../../src/booking/booking-confirmation-mail';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, givenBookingProperty, type Ids } from './reservation-fixture';
import { opened } from '../support/outbox';

// A new booking writes its confirmation from what it has just written, without reading it
// back; a booking confirmed after 3-D Secure reads it from the database. Both must say the same.

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
});
afterAll(() => t.close());

class RollBack extends Error {}

describe('the booking confirmation e-mail', () => {
  it('is the same whether written while booking or read back from the database', async () => {
    const twoRooms = [
      aRoom(ids, {
        RoomConfigurationDropdownOptionId: null,
        Services: [{ ServiceId: ids.services.FIZZ, Quantity: 2 }],
        TotalCost: 240,
      }),
      aRoom(ids, { ReservationItemId: 2, RoomTypeId: ids.roomTypes.SGL, NumberOfAdults: 1, TotalCost: 120 }),
    ];
    const { body } = await request(t.app)
      .post('/api/Reservation/Create')
      .send(aBooking(ids, { Rooms: twoRooms }))
      .expect(200);
    const [reservation] = await t.database.db
      .select({ id: reservations.id })
      .from(reservations)
      .where(eq(reservations.reservationNumber, body.ReservationNumber));

    let written: { subject: string; html: string; text: string }[] = [];
    await t.database.db
      .transaction(async (tx) => {
        await enqueueBookingConfirmation(tx, t.context, await confirmedBookingOf(tx, reservation!.id));
        written = (
          await tx
            .select({ subject: mailOutbox.subject, html: mailOutbox.html, text: mailOutbox.text })
            .from(mailOutbox)
            .where(and(eq(mailOutbox.reservationId, reservation!.id), eq(mailOutbox.kind, 'booking_confirmation')))
            .orderBy(mailOutbox.id)
        ).map((row) => opened(t, row));
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });

    expect(written).toHaveLength(2);
    expect(written[0]!.text).toContain('Prosecco');
    expect(written[0]!.text).toContain('4242');
    expect(written[1]).toEqual(written[0]);
  });
});
