import { describe, expect, it } from 'vitest';
import type { Clock } from '../../src/app-context';
import type { AuthorisationRequest, CardDetails } from '../../src/payments/payment-gateway';
import { isSameOriginPath, openReturnUrl } from '../../src/payments/return-url';
import { createTestGateway, TEST_GATEWAY_MESSAGES } from '../../src/payments/test-gateway';

let now = new Date('2027-03-01T09:00:00Z');
const clock: Clock = { now: () => new Date(now) };
const secret = 'a-test-secret-of-at-least-32-characters!';
const gateway = createTestGateway({ clock, secret });

function aCard(number: string, overrides: Partial<CardDetails> = {}): CardDetails {
  return {
    number,
    nameOnCard: 'Ann Lee',
    expiryMonth: 12,
    expiryYear: 2030,
    securityCode: /^3[47]/.test(number) ? '1234' : '123',
    ...overrides,
  };
}

let keys = 0;
/** A fresh movement key: each call here is a movement of its own. */
const key = () => `R1-${(keys += 1)}`;

function authorise(card: AuthorisationRequest['card'], extra: Partial<AuthorisationRequest> = {}) {
  return gateway.authorise({ idempotencyKey: key(), amount: 12_345, currency: 'GBP', reference: 'R1', card, ...extra });
}

describe('the test cards', () => {
  it.each([
    ['4242 4242 4242 4242', 'visa', '4242'],
    ['5555 5555 5555 4444', 'mastercard', '4444'],
    ['2223 0031 2200 3222', 'mastercard', '3222'],
    ['3782 822463 10005', 'amex', '0005'],
    ['6011 1111 1111 1117', 'discover', '1117'],
    ['3056 9300 0902 0004', 'diners', '0004'],
    ['3566 0020 2036 0505', 'jcb', '0505'],
    ['6200 0000 0000 0005', 'unionpay', '0005'],
  ])('%s (%s) is authorised', async (number, brand, last4) => {
    const result = await authorise(aCard(number));
    expect(result).toEqual({
      status: 'authorised',
      gatewayReference: expect.stringMatching(/^tg_[0-9a-f]{32}$/),
      // The card again, for an off-session charge later: it behaves as this card and names its brand and digits.
      cardToken: expect.stringMatching(new RegExp(`^tt_a_${brand}_${last4}_122030_[0-9a-f]{32}$`)),
      brand,
      last4,
      expiryMonth: 12,
      expiryYear: 2030,
    });
  });

  it('4000 0000 0000 0002 is declined with a message for the guest', async () => {
    expect(await authorise(aCard('4000 0000 0000 0002'))).toEqual({
      status: 'declined',
      gatewayReference: expect.stringMatching(/^tg_/),
      declineMessage: 'Your card was declined. Please use another card or contact your bank.',
      brand: 'visa',
      last4: '0002',
      expiryMonth: 12,
      expiryYear: 2030,
    });
  });

  it('4000 0000 0000 9995 is declined for insufficient funds', async () => {
    expect(await authorise(aCard('4000000000009995'))).toMatchObject({
      status: 'declined',
      declineMessage: TEST_GATEWAY_MESSAGES.insufficientFunds,
    });
  });

  it('4000 0000 0000 3220 asks for a 3-D Secure challenge on a page of this API, carrying the sealed return path', async () => {
    const result = await authorise(aCard('4000000000003220'), { returnUrl: '/Book/TEST/Status/token-123' });
    expect(result).toMatchObject({ status: 'requires_action', brand: 'visa', last4: '3220' });
    if (result.status !== 'requires_action') throw new Error('expected a challenge');
    const url = new URL(result.challengeUrl, 'http://localhost');
    expect(url.pathname).toBe(`/api/Payments/TestChallenge/${result.gatewayReference}`);
    // The return path carries the booking's token: it travels encrypted, never in clear.
    expect(result.challengeUrl).not.toContain('token-123');
    expect(openReturnUrl(secret, result.gatewayReference, url.searchParams.get('r')!)).toBe('/Book/TEST/Status/token-123');
    expect(openReturnUrl(secret, 'tg_00000000000000000000000000000000', url.searchParams.get('r')!)).toBeUndefined();
    expect(openReturnUrl('another-secret-of-at-least-32-characters', result.gatewayReference, url.searchParams.get('r')!)).toBeUndefined();

    const plain = await authorise(aCard('4000000000003220'));
    expect(plain.status === 'requires_action' && plain.challengeUrl).toBe(`/api/Payments/TestChallenge/${plain.gatewayReference}`);
  });

  it('completes a challenge as the guest answers it', async () => {
    const reference = 'tg_0123456789abcdef0123456789abcdef';
    expect(await gateway.completeChallenge!(reference, 'approve')).toEqual({ status: 'authorised', gatewayReference: reference });
    expect(await gateway.completeChallenge!(reference, 'fail')).toEqual({
      status: 'declined',
      gatewayReference: reference,
      declineMessage: TEST_GATEWAY_MESSAGES.challengeFailed,
    });
  });
});

describe('refusals', () => {
  const declinedWithoutCard = (declineMessage: string) => ({
    status: 'declined',
    gatewayReference: expect.stringMatching(/^tg_/),
    declineMessage,
    brand: null,
    last4: null,
    expiryMonth: null,
    expiryYear: null,
  });

  it('declines a number failing the Luhn check', async () => {
    expect(await authorise(aCard('4242 4242 4242 4241'))).toEqual(declinedWithoutCard(TEST_GATEWAY_MESSAGES.invalidNumber));
    expect(await authorise(aCard('not a number'))).toEqual(declinedWithoutCard(TEST_GATEWAY_MESSAGES.invalidNumber));
  });

  it('declines a card whose expiry month is past on the injected clock, and takes one valid through its month', async () => {
    expect(await authorise(aCard('4242424242424242', { expiryMonth: 2, expiryYear: 2027 }))).toEqual(
      declinedWithoutCard(TEST_GATEWAY_MESSAGES.expired),
    );
    expect(await authorise(aCard('4242424242424242', { expiryMonth: 3, expiryYear: 27 }))).toMatchObject({
      status: 'authorised',
      expiryYear: 2027,
    });
    expect(await authorise(aCard('4242424242424242', { expiryMonth: 13, expiryYear: 2030 }))).toEqual(
      declinedWithoutCard(TEST_GATEWAY_MESSAGES.invalidExpiry),
    );
  });

  it('declines a security code of the wrong length for the brand', async () => {
    expect(await authorise(aCard('4242424242424242', { securityCode: '12' }))).toEqual(
      declinedWithoutCard(TEST_GATEWAY_MESSAGES.invalidSecurityCode),
    );
    expect(await authorise(aCard('378282246310005', { securityCode: '123' }))).toEqual(
      declinedWithoutCard(TEST_GATEWAY_MESSAGES.invalidSecurityCode),
    );
  });

  it('declines a valid number that is not a test card: no real card is ever charged', async () => {
    expect(await authorise(aCard('4111 1111 1111 1111'))).toEqual(declinedWithoutCard(TEST_GATEWAY_MESSAGES.notATestCard));
  });

  it('refuses a bad amount, currency or return address as programming errors', async () => {
    await expect(
      gateway.authorise({ idempotencyKey: key(), amount: 0, currency: 'GBP', reference: 'R', card: aCard('4242424242424242') }),
    ).rejects.toThrow(RangeError);
    await expect(
      gateway.authorise({ idempotencyKey: key(), amount: 10.5, currency: 'GBP', reference: 'R', card: aCard('4242424242424242') }),
    ).rejects.toThrow(RangeError);
    await expect(
      gateway.authorise({ idempotencyKey: key(), amount: 100, currency: 'gbp', reference: 'R', card: aCard('4242424242424242') }),
    ).rejects.toThrow(RangeError);
    await expect(authorise(aCard('4000000000003220'), { returnUrl: 'https://evil.example/' })).rejects.toThrow(RangeError);
  });
});

describe('saved cards', () => {
  it('tokenises a card and authorises later payments with the token alone', async () => {
    const saved = await gateway.tokenise(aCard('5555555555554444'));
    expect(saved).toEqual({
      status: 'tokenised',
      token: expect.stringMatching(/^tt_/),
      brand: 'mastercard',
      last4: '4444',
      expiryMonth: 12,
      expiryYear: 2030,
    });
    if (saved.status !== 'tokenised') throw new Error('expected a token');
    expect(await authorise({ token: saved.token })).toMatchObject({
      status: 'authorised',
      brand: 'mastercard',
      last4: '4444',
      expiryMonth: 12,
      expiryYear: 2030,
    });
  });

  it('keeps each test card behaviour behind its token', async () => {
    const tokenOf = async (number: string) => {
      const saved = await gateway.tokenise(aCard(number));
      return saved.status === 'tokenised' ? saved.token : '';
    };
    expect((await authorise({ token: await tokenOf('4000000000000002') })).status).toBe('declined');
    expect((await authorise({ token: await tokenOf('4000000000003220') })).status).toBe('requires_action');
  });

  it('refuses to tokenise an invalid card, and declines an unknown or since expired token', async () => {
    expect(await gateway.tokenise(aCard('4242424242424241'))).toEqual({
      status: 'declined',
      declineMessage: TEST_GATEWAY_MESSAGES.invalidNumber,
    });
    expect(await authorise({ token: 'tt_a_visa_4242_122030_nothex' })).toMatchObject({
      status: 'declined',
      declineMessage: TEST_GATEWAY_MESSAGES.unknownToken,
    });

    const saved = await gateway.tokenise(aCard('4242424242424242', { expiryMonth: 3, expiryYear: 2027 }));
    if (saved.status !== 'tokenised') throw new Error('expected a token');
    now = new Date('2027-04-01T00:00:00Z');
    try {
      expect(await authorise({ token: saved.token })).toMatchObject({ status: 'declined', declineMessage: TEST_GATEWAY_MESSAGES.expired });
    } finally {
      now = new Date('2027-03-01T09:00:00Z');
    }
  });
});

describe('what comes back', () => {
  it('is the brand, last four digits, expiry and random references: nothing else of the number, never the security code', async () => {
    const card = aCard('4000 0000 0000 3220', { securityCode: '987' });
    const authorised = await authorise(card, { returnUrl: '/Book/TEST/Status/x' });
    expect(Object.keys(authorised).sort()).toEqual([
      'brand',
      'cardToken',
      'challengeUrl',
      'expiryMonth',
      'expiryYear',
      'gatewayReference',
      'last4',
      'status',
    ]);
    expect(authorised).toMatchObject({ brand: 'visa', last4: '3220', expiryMonth: 12, expiryYear: 2030 });
    expect(authorised.gatewayReference).toMatch(/^tg_[0-9a-f]{32}$/);
    expect(authorised.status === 'requires_action' && authorised.cardToken).toMatch(/^tt_c_visa_3220_122030_[0-9a-f]{32}$/);

    const saved = await gateway.tokenise(card);
    expect(Object.keys(saved).sort()).toEqual(['brand', 'expiryMonth', 'expiryYear', 'last4', 'status', 'token']);
    // The token is behaviour, brand, last four, expiry and 128 random bits.
    expect(saved.status === 'tokenised' && saved.token).toMatch(/^tt_c_visa_3220_122030_[0-9a-f]{32}$/);
  });
});

describe('same-origin return paths', () => {
  it.each([
    ['/Book/DEMO/Status/abc', true],
    ['/Book/DEMO/Status/abc?x=1#top', true],
    ['//evil.example/path', false],
    ['/\\evil.example', false],
    ['https://evil.example/', false],
    ['javascript:alert(1)', false],
    ['Book/DEMO', false],
    ['/Book DEMO', false],
    ['/Book/\nDEMO', false],
    ['', false],
  ])('%j is allowed: %s', (url, allowed) => {
    expect(isSameOriginPath(url)).toBe(allowed);
  });
});

/** A card's token for off-session charges, as an authorisation of it answers. */
async function offSessionToken(number: string, overrides: Partial<CardDetails> = {}): Promise<string> {
  const result = await authorise(aCard(number, overrides));
  if (result.status === 'declined') {
    // Declined cards never pay, so no booking holds their token; a saved one may still be tried.
    const saved = await gateway.tokenise(aCard(number, overrides));
    if (saved.status !== 'tokenised') throw new Error('expected a token');
    return saved.token;
  }
  // The test gateway answers a token with every card it accepts, challenged or not.
  if (result.cardToken === null) throw new Error('expected a token');
  return result.cardToken;
}

const charge = (cardToken: string, amount = 2_500) =>
  gateway.charge({ idempotencyKey: key(), amount, currency: 'GBP', reference: 'R1', cardToken });

describe("off-session charges (an amendment's difference)", () => {
  it.each([
    '4242424242424242',
    '5555555555554444',
    '2223003122003222',
    '378282246310005',
    '6011111111111117',
    '3056930009020004',
    '3566002020360505',
    '6200000000000005',
  ])('%s is charged again with the token its authorisation gave, with no guest present', async (number) => {
    const result = await charge(await offSessionToken(number));
    expect(result).toMatchObject({
      status: 'charged',
      gatewayReference: expect.stringMatching(/^tg_[0-9a-f]{32}$/),
      last4: number.slice(-4),
    });
  });

  it('the saved card token of a card charges as that card', async () => {
    const saved = await gateway.tokenise(aCard('4242424242424242'));
    if (saved.status !== 'tokenised') throw new Error('expected a token');
    expect(await authorise({ token: saved.token })).toMatchObject({ status: 'authorised', cardToken: saved.token });
    expect((await charge(saved.token)).status).toBe('charged');
  });

  it('4000 0000 0000 3220: its bank insists on 3-D Secure, which an off-session charge cannot pass (authentication_required)', async () => {
    expect(await charge(await offSessionToken('4000000000003220'))).toEqual({
      status: 'declined',
      gatewayReference: expect.stringMatching(/^tg_/),
      declineCode: 'authentication_required',
      declineMessage: TEST_GATEWAY_MESSAGES.authenticationRequired,
    });
  });

  it('4000 0000 0000 0002 and 4000 0000 0000 9995 are declined off-session as they are on-session', async () => {
    expect(await charge(await offSessionToken('4000000000000002'))).toMatchObject({
      status: 'declined',
      declineCode: 'card_declined',
      declineMessage: TEST_GATEWAY_MESSAGES.declined,
    });
    expect(await charge(await offSessionToken('4000000000009995'))).toMatchObject({
      status: 'declined',
      declineCode: 'insufficient_funds',
      declineMessage: TEST_GATEWAY_MESSAGES.insufficientFunds,
    });
  });

  it('declines an unknown token, and the token of a card that has expired since', async () => {
    expect(await charge('tt_a_visa_4242_122030_nothex')).toMatchObject({ status: 'declined', declineCode: 'unknown_card' });
    const token = await offSessionToken('4242424242424242', { expiryMonth: 3, expiryYear: 2027 });
    now = new Date('2027-04-01T00:00:00Z');
    try {
      expect(await charge(token)).toMatchObject({
        status: 'declined',
        declineCode: 'expired_card',
        declineMessage: TEST_GATEWAY_MESSAGES.expired,
      });
    } finally {
      now = new Date('2027-03-01T09:00:00Z');
    }
  });

  it('refuses a bad amount or currency as programming errors', async () => {
    const token = await offSessionToken('4242424242424242');
    await expect(charge(token, 0)).rejects.toThrow(RangeError);
    await expect(charge(token, 1.5)).rejects.toThrow(RangeError);
    await expect(gateway.charge({ idempotencyKey: key(), amount: 100, currency: 'gbp', reference: 'R', cardToken: token })).rejects.toThrow(
      RangeError,
    );
  });
});

describe('refunds', () => {
  const reference = 'tg_0123456789abcdef0123456789abcdef';
  const refund = (amount: number, payment: { amount: number; refunded: number }) =>
    gateway.refund({
      idempotencyKey: key(),
      amount,
      currency: 'GBP',
      reference: 'R1',
      payment: { gatewayReference: reference, ...payment },
    });

  it('gives back part of a payment, then the rest, and never a penny more than it took net of earlier refunds', async () => {
    // £123.45 taken: £23.45 back, then the £100.00 left.
    expect(await refund(2_345, { amount: 12_345, refunded: 0 })).toEqual({
      status: 'refunded',
      gatewayReference: expect.stringMatching(/^tg_[0-9a-f]{32}$/),
    });
    expect((await refund(10_000, { amount: 12_345, refunded: 2_345 })).status).toBe('refunded');
    // 12,345 - 12,345 = 0 left: one penny more is refused.
    expect(await refund(1, { amount: 12_345, refunded: 12_345 })).toEqual({
      status: 'declined',
      gatewayReference: expect.stringMatching(/^tg_/),
      declineCode: 'refund_exceeds_payment',
      declineMessage: TEST_GATEWAY_MESSAGES.refundExceedsPayment,
    });
    // 12,345 - 2,345 = 10,000 left: 10,001 is refused.
    expect((await refund(10_001, { amount: 12_345, refunded: 2_345 })).status).toBe('declined');
  });

  it('refuses a reference it never gave, a bad amount or currency as programming errors', async () => {
    await expect(
      gateway.refund({
        idempotencyKey: key(),
        amount: 100,
        currency: 'GBP',
        reference: 'R',
        payment: { gatewayReference: 'ch_1', amount: 100, refunded: 0 },
      }),
    ).rejects.toThrow(RangeError);
    await expect(refund(0, { amount: 100, refunded: 0 })).rejects.toThrow(RangeError);
    await expect(
      gateway.refund({
        idempotencyKey: key(),
        amount: 100,
        currency: 'EURO',
        reference: 'R',
        payment: { gatewayReference: reference, amount: 100, refunded: 0 },
      }),
    ).rejects.toThrow(RangeError);
  });
});

describe('capture, void and the provider’s answer', () => {
  it('captures and voids its own authorisations, and refuses a reference it never gave', async () => {
    const authorised = await authorise(aCard('4242424242424242'));
    if (authorised.status !== 'authorised') throw new Error('the approve card should be authorised');
    const reference = authorised.gatewayReference;
    // All of the 12,345 authorised, or part of it: the rest is released.
    expect(await gateway.capture({ idempotencyKey: key(), gatewayReference: reference, amount: 12_345, currency: 'GBP' })).toEqual({
      status: 'captured',
      gatewayReference: reference,
    });
    expect(await gateway.void({ idempotencyKey: key(), gatewayReference: reference })).toEqual({
      status: 'voided',
      gatewayReference: reference,
    });
    await expect(gateway.capture({ idempotencyKey: key(), gatewayReference: 'pi_1', amount: 100, currency: 'GBP' })).rejects.toThrow(
      RangeError,
    );
    await expect(gateway.capture({ idempotencyKey: key(), gatewayReference: reference, amount: 0, currency: 'GBP' })).rejects.toThrow(
      RangeError,
    );
    await expect(gateway.void({ idempotencyKey: key(), gatewayReference: 'pi_1' })).rejects.toThrow(RangeError);
  });

  it('keeps no books: asked what it did with a movement, it knows of none, and the same key gives the same answer', async () => {
    const query = {
      kind: 'authorisation' as const,
      idempotencyKey: 'R9-1',
      gatewayReference: null,
      target: null,
      amount: 100,
      currency: 'GBP',
      createdAt: new Date(),
    };
    expect(await gateway.lookup(query)).toEqual({ status: 'not_found' });
    const card = aCard('4242424242424242');
    const first = await gateway.authorise({ idempotencyKey: 'R9-2', amount: 100, currency: 'GBP', reference: 'R9', card });
    const again = await gateway.authorise({ idempotencyKey: 'R9-2', amount: 100, currency: 'GBP', reference: 'R9', card });
    expect(again).toEqual(first);
  });

  it('takes no provider payment method and reads no webhooks', async () => {
    await expect(authorise({ paymentMethodId: 'pm_123' })).rejects.toThrow(RangeError);
    expect(gateway.webhooks).toBeUndefined();
  });
});
