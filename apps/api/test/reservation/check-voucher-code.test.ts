import { request } from '../support/request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { aRoom, givenBookingProperty, type Ids } from './reservation-fixture';

let t: TestApp;
let ids: Ids;
beforeAll(async () => {
  t = await createTestApp({ now: '2027-03-01T09:00:00Z' });
  ids = await givenBookingProperty(t);
});
afterAll(() => t.close());

const check = (code: string, rooms?: object[], codes: { PromoCode?: string; RatePlanCode?: string } = {}) =>
  request(t.app)
    .post('/api/Reservation/CheckVoucherCode')
    .send({ PropertyId: ids.propertyId, LanguageCode: 'en', VoucherCode: code, Rooms: rooms ?? [aRoom(ids)], ...codes });

describe('POST /api/Reservation/CheckVoucherCode', () => {
  it('answers the discount: the balance when the stay costs more', async () => {
    expect((await check('gift-50').expect(200)).body).toEqual({
      IsValid: true,
      TotalDiscount: 50,
      Message: 'Gift voucher applied: £50.00 off your booking.',
      ShowExperienceWarningMessage: false,
    });
  });

  it('answers at most the total, extras included, priced by the server', async () => {
    const room = aRoom(ids, { TotalCost: 1, Services: [{ ServiceId: ids.services.FIZZ, Quantity: 1 }] });
    expect((await check('GIFT-1000', [room]).expect(200)).body).toMatchObject({ IsValid: true, TotalDiscount: 265 });
  });

  it('prices the rooms as Create will: with the promo code, and a code-only rate only with its code', async () => {
    // 10 % off Thursday and Friday: (100 + 140) x 0.9 = 216, so a 1000 voucher takes 216, not 240.
    expect((await check('GIFT-1000', [aRoom(ids, { TotalCost: 216 })], { PromoCode: 'TENOFF' }).expect(200)).body).toMatchObject({
      TotalDiscount: 216,
    });
    const corporate = aRoom(ids, { RatePlanId: ids.ratePlans.CORP, TotalCost: 140 });
    expect((await check('GIFT-1000', [corporate]).expect(400)).body.ModelState).toEqual({
      'Rooms[0].RatePlanId': ['The Corporate rate needs its rate code. Please search again with the code.'],
    });
    // 70 x 2 nights
    expect((await check('GIFT-1000', [corporate], { RatePlanCode: 'CORP' }).expect(200)).body).toMatchObject({ TotalDiscount: 140 });
  });

  it('warns about experience vouchers', async () => {
    expect((await check('SPA-DAY').expect(200)).body).toMatchObject({
      IsValid: true,
      TotalDiscount: 80,
      ShowExperienceWarningMessage: true,
    });
  });

  it('says why a voucher cannot be used', async () => {
    expect((await check('NOPE').expect(200)).body).toEqual({
      IsValid: false,
      TotalDiscount: 0,
      Message: 'This gift voucher code is not recognised. Please check it and try again.',
      ShowExperienceWarningMessage: false,
    });
    expect((await check('OLD-GIFT').expect(200)).body).toMatchObject({
      IsValid: false,
      Message: 'This gift voucher expired on Sunday 31st January 2027.',
    });
  });

  it('answers 400 without a code or rooms', async () => {
    const response = await request(t.app)
      .post('/api/Reservation/CheckVoucherCode')
      .send({ PropertyId: ids.propertyId, LanguageCode: 'en', VoucherCode: ' ', Rooms: [] })
      .expect(400);
    expect(Object.keys(response.body.ModelState).sort()).toEqual(['Rooms', 'VoucherCode']);
  });
});
