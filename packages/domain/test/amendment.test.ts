import { describe, expect, it } from 'vitest';
import { AMENDMENT_POLICIES, amendedTotals, amendmentPayment, roomChangeKind } from '../src/amendment';

const inclusive20 = { rate: 20, isTaxExclusive: false };
const exclusive20 = { rate: 20, isTaxExclusive: true };

describe('amendedTotals: the new totals, the voucher discount kept as spent', () => {
  it('tax-inclusive: VAT is inside the total, the guest pays the total', () => {
    // Rooms 340.00 + extras 25.00 = 365.00; VAT inside = 36500 / 120 * 20 = 6083.33 -> 6083.
    expect(amendedTotals({ rooms: 34000, services: 2500, bookedVoucherDiscount: 0, vat: inclusive20 })).toEqual({
      rooms: 34000,
      services: 2500,
      voucherDiscount: 0,
      total: 36500,
      vat: 6083,
      due: 36500,
    });
  });

  it('tax-exclusive: VAT is added on top of what the guest pays', () => {
    // Rooms 240.00; VAT 20% of 240 = 48; due 288.
    expect(amendedTotals({ rooms: 24000, services: 0, bookedVoucherDiscount: 0, vat: exclusive20 })).toMatchObject({
      total: 24000,
      vat: 4800,
      due: 28800,
    });
  });

  it('a voucher discount stays as booked when the price rises', () => {
    // 240 booked less a 50 voucher = 190; moved to 340: 340 - 50 = 290.
    expect(amendedTotals({ rooms: 34000, services: 0, bookedVoucherDiscount: 5000, vat: inclusive20 })).toMatchObject({
      voucherDiscount: 5000,
      total: 29000,
      due: 29000,
    });
  });

  it('a voucher discount above the new price is cut to it: the total is never below nothing', () => {
    // Booked 100 discount; new price 60: discount 60, total 0.
    expect(amendedTotals({ rooms: 6000, services: 0, bookedVoucherDiscount: 10000, vat: inclusive20 })).toMatchObject({
      voucherDiscount: 6000,
      total: 0,
      vat: 0,
      due: 0,
    });
  });
});

describe('amendmentPayment: charge, refund or nothing', () => {
  it('a higher price charges the difference', () => {
    // 340 - 240 = 100 to charge.
    expect(amendmentPayment({ previousDue: 24000, newDue: 34000, paidByCard: true, withinFreeCancellation: true })).toEqual({
      kind: 'Charge',
      amount: 10000,
      policy: AMENDMENT_POLICIES.charge,
    });
  });

  it('a higher price is charged after the free-cancellation window too', () => {
    expect(amendmentPayment({ previousDue: 24000, newDue: 24550, paidByCard: true, withinFreeCancellation: false })).toMatchObject({
      kind: 'Charge',
      amount: 550,
    });
  });

  it('a lower price refunds the difference inside the free-cancellation window', () => {
    // 240 - 200 = 40 back.
    expect(amendmentPayment({ previousDue: 24000, newDue: 20000, paidByCard: true, withinFreeCancellation: true })).toEqual({
      kind: 'Refund',
      amount: 4000,
      policy: AMENDMENT_POLICIES.refund,
    });
  });

  it('a lower price refunds nothing once the window has passed', () => {
    expect(amendmentPayment({ previousDue: 24000, newDue: 20000, paidByCard: true, withinFreeCancellation: false })).toEqual({
      kind: 'None',
      amount: 0,
      policy: AMENDMENT_POLICIES.noRefundAfterDeadline,
    });
  });

  it('the same price moves nothing', () => {
    expect(amendmentPayment({ previousDue: 24000, newDue: 24000, paidByCard: true, withinFreeCancellation: true })).toEqual({
      kind: 'None',
      amount: 0,
      policy: AMENDMENT_POLICIES.unchanged,
    });
  });

  it('a booking not paid by card moves nothing on a card', () => {
    expect(amendmentPayment({ previousDue: 24000, newDue: 34000, paidByCard: false, withinFreeCancellation: true })).toEqual({
      kind: 'None',
      amount: 0,
      policy: AMENDMENT_POLICIES.settledByHotel,
    });
  });
});

describe('roomChangeKind: which rule a change of a room falls under', () => {
  const extras = (entries: [number, number][]) => new Map(entries);
  it.each([
    ['nothing changed', false, [], [], false, 'none'],
    ['new dates', true, [], [], false, 'stay'],
    ['a guest renamed', false, [], [], true, 'edit'],
    [
      'an extra added',
      false,
      [[1, 1]],
      [
        [1, 1],
        [2, 1],
      ],
      false,
      'edit',
    ],
    ['more of an extra', false, [[3, 1]], [[3, 2]], false, 'edit'],
    ['an extra removed', false, [[1, 1]], [], false, 'stay'],
    ['fewer of an extra', false, [[3, 2]], [[3, 1]], true, 'stay'],
  ] as const)('%s', (_, stayChanged, booked, now, detailsChanged, expected) => {
    expect(
      roomChangeKind({
        stayChanged,
        bookedExtras: extras(booked as unknown as [number, number][]),
        newExtras: extras(now as unknown as [number, number][]),
        detailsChanged,
      }),
    ).toBe(expected);
  });
});
