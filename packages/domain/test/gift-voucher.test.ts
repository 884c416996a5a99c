import { describe, expect, it } from 'vitest';
import { giftVoucherAppliedMessage, giftVoucherRefusal, giftVoucherRefusalMessage } from '../src/gift-voucher';

describe('gift vouchers', () => {
  it.each([
    [undefined, 'UNKNOWN'],
    [{ balance: 1000, expiresOn: '2027-02-28' }, 'EXPIRED'],
    [{ balance: 0, expiresOn: null }, 'SPENT'],
    [{ balance: 1000, expiresOn: '2027-03-01' }, null],
    [{ balance: 1, expiresOn: null }, null],
  ] as const)('%j on 2027-03-01 is refused for %s', (voucher, refusal) => {
    expect(giftVoucherRefusal(voucher, '2027-03-01')).toBe(refusal);
  });

  it('says why it is refused', () => {
    expect(giftVoucherRefusalMessage('UNKNOWN')).toBe('This gift voucher code is not recognised. Please check it and try again.');
    expect(giftVoucherRefusalMessage('EXPIRED', { balance: 100, expiresOn: '2027-02-28' })).toBe(
      'This gift voucher expired on Sunday 28th February 2027.',
    );
    expect(giftVoucherRefusalMessage('SPENT')).toBe('This gift voucher has no balance left.');
  });

  it('says what it takes off', () => {
    expect(giftVoucherAppliedMessage({ amount: 2550, currency: 'GBP' })).toBe('Gift voucher applied: £25.50 off your booking.');
  });
});
