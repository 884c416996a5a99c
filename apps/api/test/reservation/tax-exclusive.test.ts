import { sql } from 'drizzle-orm';
import { request } from '../support/request';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rawRows } from '../../src/database/raw-rows';
import { getAccount, givenUser, logIn } from '../account/account-fixture';
import { aProperty } from '../support/builders';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, givenBookingProperty, type Ids } from './reservation-fixture';
import { opened } from '../support/outbox';

/**
 * A New York hotel whose prices are before tax: 8.875 % is added on top (docs/pricing.md).
 * Today is Monday 1 March 2027 (04:00 in New York); the stay is Thursday 4 March, one night.
 */
const newYork = aProperty({
  Code: 'NYC',
  Name: 'Hudson Hotel',
  TimeZone: 'America/New_York',
  Currency: 'USD',
  StandardVatRate: 8.875,
  IsStandardTaxExclusive: true,
  RoomTypes: [
    { Code: 'DBL', Name: 'King', Rooms: ['1', '2', '3'], MaximumOccupancy: 2 },
    { Code: 'STE', Name: 'Suite', Rooms: ['9'], MaximumOccupancy: 2 },
  ],
  RatePlans: [
    {
      Code: 'BAR',
      Name: 'Best Available',
      Prices: [
        { RoomType: 'DBL', BaseRate: 100 },
        { RoomType: 'STE', BaseRate: 1026.67 },
      ],
    },
  ],
  Services: [
    { Code: 'BRK', Name: 'Breakfast', ChargeType: 'PerDay', ChargePerPerson: true, Articles: [{ Name: 'Breakfast', Price: 12.5 }] },
  ],
  GiftVouchers: [{ Code: 'GIFT-50', Balance: 50 }],
});

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t, newYork);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.execute(sql`UPDATE room_type_inventory SET sold = 0`);
  await t.database.db.execute(sql`UPDATE gift_vouchers SET balance = initial_amount`);
});

const oneNight = { DateFrom: '2027-03-04', DateTo: '2027-03-05' };
const king = (overrides: Record<string, unknown> = {}) => aRoom(ids, { ...oneNight, TotalCost: 100, ...overrides });
const booking = (overrides: Record<string, unknown> = {}) => aBooking(ids, { ...oneNight, Rooms: [king()], ...overrides });
const create = (body: object) => request(t.app).post('/api/Reservation/Create').send(body);
const confirmation = (token: string) =>
  request(t.app).get('/api/Reservation/Confirmation').query({ propertyId: ids.propertyId, confirmationToken: token });
const mailOf = async (reservationNumber: string) =>
  opened(
    t,
    (
      await rawRows<{ html: string; text: string }>(
        t.database.db,
        sql`SELECT m.html, m.text FROM mail_outbox m JOIN reservations r ON r.id = m.reservation_id WHERE r.reservation_number = ${reservationNumber}`,
      )
    )[0]!,
  );
const paymentOf = async (reservationNumber: string) =>
  (
    await rawRows<{ amount: number; currency: string }>(
      t.database.db,
      sql`SELECT p.amount, p.currency FROM payments p JOIN reservations r ON r.id = p.reservation_id WHERE r.reservation_number = ${reservationNumber}`,
    )
  )[0];

describe('a tax-exclusive property', () => {
  it('keeps its VAT rate exactly: 8.875, not 8.88', async () => {
    const { body } = await request(t.app).get('/api/Property/NYC').expect(200);
    expect(body).toMatchObject({ StandardVatRate: 8.875, IsStandardTaxExclusive: true, Currency: 'USD' });
  });

  it('searches at its prices before tax: the room costs 100.00, the tax comes at checkout', async () => {
    const { body } = await request(t.app)
      .post('/api/Availability/Search')
      .send({
        PropertyId: ids.propertyId,
        LanguageCode: 'en',
        ...oneNight,
        Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 0, NumberOfInfants: 0 }],
      })
      .expect(200);
    const entry = body.RoomTypes.find((roomType: { RoomType: { RoomTypeCode: string } }) => roomType.RoomType.RoomTypeCode === 'DBL');
    expect(entry).toMatchObject({
      LowestRate: 100,
      Rates: [expect.objectContaining({ BaseRate: 100, RoomCosts: [{ TotalCost: 100, OriginalTotalCost: 100 }] })],
    });
  });

  it('charges the card the price plus its tax, and says so in the confirmation and the e-mail', async () => {
    const authorise = vi.spyOn(t.context.paymentGateways.byName('test'), 'authorise');
    try {
      // One night at 100.00 with 8.875 % added: 100.00 x 8.875 / 100 = 8.875 -> 8.88; the guest pays 108.88.
      const { body } = await create(booking()).expect(200);
      expect(authorise).toHaveBeenCalledWith(expect.objectContaining({ amount: 10888, currency: 'USD' }));
      expect(await paymentOf(body.ReservationNumber)).toEqual({ amount: 10888, currency: 'USD' });

      const answer = (await confirmation(body.ConfirmationToken).expect(200)).body;
      expect(answer).toMatchObject({
        TotalAccommodationPrice: 100,
        TotalServicesPrice: 0,
        GiftVoucherDiscount: 0,
        TotalVat: 8.88,
        TotalCost: 108.88,
        VatRate: 8.875,
        IsTaxExclusive: true,
        Currency: 'USD',
        Rooms: [expect.objectContaining({ TotalCost: 100, Vat: 8.88 })],
      });

      const mail = await mailOf(body.ReservationNumber);
      expect(mail.text).toContain('Rooms: $100.00\nVAT (8.875%): $8.88\nTotal: $108.88\n');
      expect(mail.text).not.toContain('Of which VAT');
      expect(mail.html).toContain('$108.88');
    } finally {
      authorise.mockRestore();
    }
  });

  it('works out the tax on the exact rate: 1026.67 at 8.875 % is 91.12 (8.88 % would say 91.17)', async () => {
    // 1026.67 x 8.875 / 100 = 91.1169... -> 91.12; the guest pays 1026.67 + 91.12 = 1117.79.
    const suite = king({ RoomTypeId: ids.roomTypes.STE, TotalCost: 1026.67 });
    const { body } = await create(booking({ Rooms: [suite] })).expect(200);
    expect((await confirmation(body.ConfirmationToken)).body).toMatchObject({ TotalVat: 91.12, TotalCost: 1117.79 });
    expect(await paymentOf(body.ReservationNumber)).toEqual({ amount: 111779, currency: 'USD' });
  });

  it('takes a gift voucher off the price before tax, and taxes what is left', async () => {
    // Room 100.00 + breakfast 12.50 x 2 guests = 125.00; the voucher takes 50.00, leaving 75.00;
    // 75.00 x 8.875 / 100 = 6.65625 -> 6.66; the guest pays 75.00 + 6.66 = 81.66.
    const room = king({ Services: [{ ServiceId: ids.services.BRK, Quantity: 1 }] });
    const check = await request(t.app)
      .post('/api/Reservation/CheckVoucherCode')
      .send({ PropertyId: ids.propertyId, LanguageCode: 'en', VoucherCode: 'GIFT-50', Rooms: [room] })
      .expect(200);
    expect(check.body).toMatchObject({ IsValid: true, TotalDiscount: 50, Message: 'Gift voucher applied: $50.00 off your booking.' });

    const { body } = await create(booking({ Rooms: [room], HopGiftVoucherCode: 'GIFT-50' })).expect(200);
    expect((await confirmation(body.ConfirmationToken)).body).toMatchObject({
      TotalAccommodationPrice: 100,
      TotalServicesPrice: 25,
      GiftVoucherDiscount: 50,
      TotalVat: 6.66,
      TotalCost: 81.66,
    });
    expect(await paymentOf(body.ReservationNumber)).toEqual({ amount: 8166, currency: 'USD' });
    expect((await mailOf(body.ReservationNumber)).text).toContain(
      'Rooms: $100.00\nExtras: $25.00\nGift voucher: -$50.00\nVAT (8.875%): $6.66\nTotal: $81.66\n',
    );
  });

  it('lists the booking in the account at what the guest paid', async () => {
    const user = await givenUser(t, { email: 'grace@example.com', confirmed: true });
    const { cookie } = await logIn(t, ids.propertyId, user.email, user.password);
    await request(t.app).post('/api/Reservation/Create').set('Cookie', cookie!).send(booking()).expect(200);
    const { body } = await getAccount(t, cookie, ids.propertyId).expect(200);
    expect(body.Reservations).toEqual([expect.objectContaining({ PropertyCode: 'NYC', TotalCost: 108.88, Currency: 'USD' })]);
  });
});
