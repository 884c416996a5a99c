import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { currencyDecimalsMessage } from '@hotel/domain/messages';
import { toMinor as minorOf } from '@hotel/domain/money';
import { rawRows } from '../../src/database/raw-rows';
import { aProperty } from '../support/builders';
import { opened } from '../support/outbox';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { bookAndFind, oneRoomChange, type Booked } from '../manage-booking/manage-fixture';
import { aBooking, aRoom, givenBookingProperty, type Ids } from './reservation-fixture';

/**
 * A stay at a property whose currency has no minor unit (JPY) and at one whose minor unit is a
 * thousandth (KWD), booked, changed twice and cancelled, paid with the test gateway. Every
 * figure is worked by hand below, in the currency's own minor unit (yen, fils), with the one
 * rounding rule: half away from zero, once per line.
 *
 * Today is Monday 1 March 2027, 09:00 in London. The stay is Thursday 4 to Saturday 6 March for
 * 2 adults on the flexible rate, cancellable free until 48 hours before check-in (15:00).
 */

type Case = {
  currency: string;
  /** The rate: a weeknight, a Friday or Saturday night, each child; breakfast per person a day. */
  weeknight: number;
  weekend: number;
  child: number;
  breakfast: number;
  vat: { rate: number; taxExclusive: boolean };
  /** What each step comes to, in major units as the wire carries them and minor units as stored and charged. */
  expected: {
    stay: number;
    stayVat: number;
    paid: number;
    /** The search's price of one night for 2 adults and a child with the promotion, and without it. */
    promoted: { total: number; original: number; vat: number };
    addBreakfast: { due: number; charged: number };
    dropFriday: { roomTotal: number; due: number; refunded: number };
    cancelRefund: number;
    /** How the e-mails write the amounts. */
    written: { paid: string; vat: string; charged: string; refunded: string; cancelRefund: string };
  };
};

const cases: Case[] = [
  {
    currency: 'JPY',
    weeknight: 85087,
    weekend: 85086,
    child: 1005,
    breakfast: 2750,
    vat: { rate: 10, taxExclusive: false },
    expected: {
      // The oracle's stay: Thu ¥85,087 + Fri ¥85,086 = ¥170,173, charged as 170,173 yen (never ¥170,178.55).
      stay: 170173,
      // VAT inside a tax-inclusive total: 170,173 x 10 / 110 = 15,470.27... -> ¥15,470.
      stayVat: 15470,
      paid: 170173,
      // 10 % off each component of Thursday: 8,508.7 -> ¥8,509 off 85,087 = 76,578; the child's
      // 1,005 less 100.5 -> ¥101 (half away from zero) = 904. 76,578 + 904 = ¥77,482, before
      // 85,087 + 1,005 = ¥86,092. VAT inside: 77,482 x 10 / 110 = 7,043.8... -> ¥7,044.
      promoted: { total: 77482, original: 86092, vat: 7044 },
      // Breakfast for 2 adults on 2 nights at ¥2,750: ¥11,000 more: 170,173 + 11,000 = ¥181,173.
      addBreakfast: { due: 181173, charged: 11000 },
      // Thursday night alone: ¥85,087 + breakfast 2 x 2,750 = ¥90,587; 181,173 - 90,587 = ¥90,586 back
      // (the ¥11,000 charge, then ¥79,586 of the authorisation).
      dropFriday: { roomTotal: 85087, due: 90587, refunded: 90586 },
      // Cancelled within the free period: the ¥90,587 the card still holds comes back.
      cancelRefund: 90587,
      written: { paid: 'JP¥170,173', vat: 'JP¥15,470', charged: 'JP¥11,000', refunded: 'JP¥90,586', cancelRefund: 'JP¥90,587' },
    },
  },
  {
    currency: 'KWD',
    weeknight: 61.725,
    weekend: 61.625,
    child: 1.005,
    breakfast: 1.25,
    vat: { rate: 5, taxExclusive: true },
    expected: {
      // Thu 61.725 + Fri 61.625 = 123.350 KWD = 123,350 fils.
      stay: 123.35,
      // VAT added on top: 123,350 x 5 / 100 = 6,167.5 fils -> 6,168 (half away from zero).
      stayVat: 6.168,
      // The guest pays 123,350 + 6,168 = 129,518 fils = 129.518 KWD.
      paid: 129.518,
      // 10 % off each component of Thursday: 6,172.5 -> 6,173 fils off 61,725 = 55,552; the
      // child's 1,005 less 100.5 -> 101 = 904. 55,552 + 904 = 56,456 fils, before 61,725 + 1,005 =
      // 62,730. VAT added: 56,456 x 5 / 100 = 2,822.8 -> 2,823 fils.
      promoted: { total: 56.456, original: 62.73, vat: 2.823 },
      // Breakfast for 2 adults on 2 nights at 1,250 fils: 5,000 more, 128,350 before tax; VAT
      // 6,417.5 -> 6,418; due 134,768 fils; charged 134,768 - 129,518 = 5,250 fils.
      addBreakfast: { due: 134.768, charged: 5.25 },
      // Thursday night alone: 61,725 + breakfast 2 x 1,250 = 64,225 before tax; VAT 3,211.25 ->
      // 3,211; due 67,436 fils; 134,768 - 67,436 = 67,332 fils back (the 5,250 charge, then 62,082).
      dropFriday: { roomTotal: 61.725, due: 67.436, refunded: 67.332 },
      cancelRefund: 67.436,
      written: { paid: 'KWD 129.518', vat: 'KWD 6.168', charged: 'KWD 5.250', refunded: 'KWD 67.332', cancelRefund: 'KWD 67.436' },
    },
  },
];

/** A property of the case's currency, with a 10 % promotion (code OFF10) and breakfast. */
function propertyOf(c: Case) {
  return aProperty({
    Code: c.currency,
    Currency: c.currency,
    StandardVatRate: c.vat.rate,
    IsStandardTaxExclusive: c.vat.taxExclusive,
    ManageBookingConfiguration: { CheckInTime: '15:00' },
    RoomTypes: [
      {
        Code: 'DBL',
        Name: 'Double',
        Rooms: ['101', '102', '103', '104'],
        MaximumOccupancy: 3,
        AdultMaximumOccupancy: 2,
        ChildMaximumOccupancy: 1,
      },
    ],
    RatePlans: [
      {
        Code: 'BAR',
        Name: 'Flexible',
        CancellationDeadlineHours: 48,
        Prices: [
          { RoomType: 'DBL', BaseRate: c.weeknight, CostPerChild: c.child },
          { RoomType: 'DBL', Weekdays: [5, 6], BaseRate: c.weekend, CostPerChild: c.child },
        ],
      },
    ],
    Promotions: [{ Code: 'OFF10', Name: 'Ten off', DiscountPercent: 10, RatePlans: ['BAR'] }],
    Services: [
      {
        Code: 'BRK',
        Name: 'Breakfast',
        ChargeType: 'PerDay',
        ChargePerPerson: true,
        Articles: [{ Name: 'Breakfast', Price: c.breakfast }],
      },
    ],
  });
}

/** A major-unit amount of the case as stored and charged: yen as yen, dinars as fils. */
const toMinor = (currency: string, major: number) => minorOf(major, currency);

// ICU separates some currency codes from the figure with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
});
afterAll(() => t.close());

describe.each(cases)('a $currency property', (c) => {
  const { expected } = c;
  let ids: Ids;
  beforeAll(async () => {
    ids = await givenBookingProperty(t, propertyOf(c));
  });

  const search = (rooms: object[], DateTo = '2027-03-06', PromoCode: string | null = null) =>
    request(t.app)
      .post('/api/Availability/Search')
      .send({ PropertyId: ids.propertyId, LanguageCode: 'en', DateFrom: '2027-03-04', DateTo, Rooms: rooms, PromoCode })
      .expect(200);
  const stayOf = (overrides: Record<string, unknown> = {}) => ({ Rooms: [aRoom(ids, { TotalCost: expected.stay, ...overrides })] });
  const mailText = async (booking: Booked, kind: string) =>
    plain(
      opened(
        t,
        (
          await rawRows<{ html: string; text: string }>(
            t.database.db,
            sql`SELECT html, text FROM mail_outbox WHERE reservation_id = ${booking.id} AND kind = ${kind} ORDER BY id DESC LIMIT 1`,
          )
        )[0]!,
      ).text,
    );
  const movements = (booking: Booked) =>
    rawRows<{ type: string; amount: number; currency: string }>(
      t.database.db,
      sql`SELECT transaction_type AS type, amount, currency FROM payments WHERE reservation_id = ${booking.id} AND status = 'succeeded' ORDER BY id`,
    );
  const change = (booking: Booked, room: Record<string, unknown>) => oneRoomChange(t, ids, booking, room);

  it('prices the stay in the currency: the search answers it, Create books it, the card and the e-mail take exactly that', async () => {
    const found = await search([{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }]);
    const bar = found.body.RoomTypes[0].Rates[0];
    expect(bar.RoomCosts).toEqual([{ TotalCost: expected.stay, OriginalTotalCost: expected.stay }]);
    expect(found.body.RoomTypes[0].LowestRate).toBe(expected.stay);

    const authorise = vi.spyOn(t.context.paymentGateways.byName('test'), 'authorise');
    const booking = await bookAndFind(t, ids, stayOf());
    expect(authorise).toHaveBeenCalledWith(expect.objectContaining({ amount: toMinor(c.currency, expected.paid), currency: c.currency }));
    authorise.mockRestore();
    expect(await movements(booking)).toEqual([{ type: 'authorisation', amount: toMinor(c.currency, expected.paid), currency: c.currency }]);

    const managed = await request(t.app)
      .post('/api/ManageBooking/Search')
      .query({ propertyId: ids.propertyId, reservationNumber: booking.number, hash: booking.code })
      .expect(200);
    expect(managed.body.Reservation).toMatchObject({ TotalAccommodationPrice: expected.stay, Currency: c.currency });
    const [row] = await rawRows<{ total: number; totalVat: number }>(
      t.database.db,
      sql`SELECT total, total_vat AS "totalVat" FROM reservations WHERE id = ${booking.id}`,
    );
    expect(row).toEqual({ total: toMinor(c.currency, expected.stay), totalVat: toMinor(c.currency, expected.stayVat) });

    const text = await mailText(booking, 'booking_confirmation');
    expect(text).toContain(expected.written.paid);
    expect(text).toContain(expected.written.vat);
  });

  it('answers the confirmation in major units of the currency, with its VAT', async () => {
    const created = await request(t.app).post('/api/Reservation/Create').send(aBooking(ids, stayOf())).expect(200);
    const { body } = await request(t.app)
      .get('/api/Reservation/Confirmation')
      .query({ propertyId: ids.propertyId, confirmationToken: created.body.ConfirmationToken })
      .expect(200);
    expect(body).toMatchObject({
      Currency: c.currency,
      TotalAccommodationPrice: expected.stay,
      TotalVat: expected.stayVat,
      TotalCost: expected.paid,
      VatRate: c.vat.rate,
      IsTaxExclusive: c.vat.taxExclusive,
    });
    expect(body.Rooms[0]).toMatchObject({ TotalCost: expected.stay, OriginalTotalCost: expected.stay });
  });

  it('rounds a percentage promotion to a whole minor unit, half away from zero, and books it at that price', async () => {
    const party = { NumberOfAdults: 2, NumberOfChildren: 1, NumberOfInfants: 0 };
    const found = await search([party], '2027-03-05', 'OFF10');
    expect(found.body.RoomTypes[0].Rates[0].RoomCosts).toEqual([
      { TotalCost: expected.promoted.total, OriginalTotalCost: expected.promoted.original },
    ]);
    const created = await request(t.app)
      .post('/api/Reservation/Create')
      .send(
        aBooking(ids, {
          DateTo: '2027-03-05',
          PromoCode: 'OFF10',
          Rooms: [aRoom(ids, { DateTo: '2027-03-05', NumberOfChildren: 1, TotalCost: expected.promoted.total })],
        }),
      )
      .expect(200);
    const { body } = await request(t.app)
      .get('/api/Reservation/Confirmation')
      .query({ propertyId: ids.propertyId, confirmationToken: created.body.ConfirmationToken })
      .expect(200);
    expect(body).toMatchObject({ TotalAccommodationPrice: expected.promoted.total, TotalVat: expected.promoted.vat });
  });

  it('changes the stay: dearer (the difference charged), cheaper (refunded), then cancelled (the rest refunded), each to the minor unit', async () => {
    const booking = await bookAndFind(t, ids, stayOf());
    const breakfast = { Services: [{ ServiceId: ids.services.BRK, Quantity: 1 }] };

    const dearer = await change(booking, breakfast);
    const quoted = await request(t.app).post('/api/ManageBooking/Quote').send(dearer).expect(200);
    expect(quoted.body).toMatchObject({
      PreviousTotal: expected.paid,
      NewTotal: expected.addBreakfast.due,
      Payment: { Kind: 'Charge', Amount: expected.addBreakfast.charged },
      Currency: c.currency,
    });
    const updated = await request(t.app).post('/api/ManageBooking/Update').send(dearer).expect(200);
    expect(updated.body.Payment).toEqual({ Kind: 'Charge', Amount: expected.addBreakfast.charged });
    expect(await mailText(booking, 'booking_amendment')).toContain(expected.written.charged);

    const cheaper = await change(booking, { DateTo: '2027-03-05', TotalCost: expected.dropFriday.roomTotal, ...breakfast });
    const refunded = await request(t.app).post('/api/ManageBooking/Update').send(cheaper).expect(200);
    expect(refunded.body.Payment).toEqual({ Kind: 'Refund', Amount: expected.dropFriday.refunded });
    expect(await mailText(booking, 'booking_amendment')).toContain(expected.written.refunded);

    const cancelled = await request(t.app)
      .post('/api/ManageBooking/Cancel')
      .send({ PropertyId: ids.propertyId, ReservationId: booking.id, Code: booking.code })
      .expect(200);
    expect(cancelled.body).toMatchObject({ Success: true, RefundAmount: expected.cancelRefund });
    expect(await mailText(booking, 'booking_cancellation')).toContain(expected.written.cancelRefund);

    // A refund is taken from the latest movements first: the charge, then the authorisation.
    const chargeMinor = toMinor(c.currency, expected.addBreakfast.charged);
    expect(await movements(booking)).toEqual([
      { type: 'authorisation', amount: toMinor(c.currency, expected.paid), currency: c.currency },
      { type: 'charge', amount: chargeMinor, currency: c.currency },
      { type: 'refund', amount: chargeMinor, currency: c.currency },
      { type: 'refund', amount: toMinor(c.currency, expected.dropFriday.refunded) - chargeMinor, currency: c.currency },
      { type: 'refund', amount: toMinor(c.currency, expected.cancelRefund), currency: c.currency },
    ]);
  });

  it('refuses a price with more decimals than the currency has, naming the field, and books nothing', async () => {
    // Half a yen, or a ten-thousandth of a dinar: no such amount exists.
    const extra = c.currency === 'JPY' ? 0.5 : 0.0005;
    const { body } = await request(t.app)
      .post('/api/Reservation/Create')
      .send(aBooking(ids, stayOf({ TotalCost: expected.stay + extra })))
      .expect(400);
    expect(body.ModelState).toEqual({ 'Rooms[0].TotalCost': [currencyDecimalsMessage(c.currency, c.currency === 'JPY' ? 0 : 3)] });
  });
});
