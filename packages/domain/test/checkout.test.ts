import { describe, expect, it } from 'vitest';
import {
  canConfirmBooking,
  canPayByCompanyInvoice,
  canUserChoosePaymentMethod,
  companyBookerKey,
  confirmationBlockers,
  DEFAULT_PAYMENT_TYPE,
  isCompanyBooker,
  isInvoiceDetailsCaptured,
  isPaymentReady,
  isPaymentTypeAllowed,
  parsePaymentType,
  PaymentType,
  paymentTypeName,
  showsCustomTerms,
  type ConfirmationInput,
} from '../src/checkout';

describe('payment types: PayByCard=0, PayByIndividualInvoice=1, PayByVoucher=2, PayByCompanyInvoice=3, PayByPayStack=4', () => {
  it('numbers them as the wire does, card by default', () => {
    expect(PaymentType).toEqual({
      PayByCard: 0,
      PayByIndividualInvoice: 1,
      PayByVoucher: 2,
      PayByCompanyInvoice: 3,
      PayByPayStack: 4,
    });
    expect(DEFAULT_PAYMENT_TYPE).toBe(PaymentType.PayByCard);
    expect(paymentTypeName(PaymentType.PayByPayStack)).toBe('PayByPayStack');
  });

  it.each([
    ['PayByCard', 0],
    ['3', 3],
    [4, 4],
    [' PayByCompanyInvoice ', 3],
    ['5', null],
    ['toString', null],
    ['', null],
    ['payByCard', null],
  ])('parsePaymentType(%j) = %s', (text, type) => {
    expect(parsePaymentType(text)).toBe(type);
  });
});

describe('company invoice only when all rate plans allow it and EnablePayByCompanyInvoice is on', () => {
  it.each([
    [[{ CanPayByCompanyInvoice: true }, { CanPayByCompanyInvoice: true }], true, true],
    [[{ CanPayByCompanyInvoice: true }, { CanPayByCompanyInvoice: false }], true, false],
    [[{ CanPayByCompanyInvoice: true }], false, false],
    [[], true, false],
  ])('%o with the property switch %s -> %s', (ratePlans, enabled, allowed) => {
    expect(canPayByCompanyInvoice(ratePlans, { EnablePayByCompanyInvoice: enabled })).toBe(allowed);
  });

  it('counts invoice details as captured with both a PO number and a company', () => {
    expect(isInvoiceDetailsCaptured({ poNumber: 'PO-1', company: { AccountId: 'ACME01' } })).toBe(true);
    expect(isInvoiceDetailsCaptured({ poNumber: 'PO-1', company: null })).toBe(false);
    expect(isInvoiceDetailsCaptured({ poNumber: ' ', company: 'ACME01' })).toBe(false);
  });
});

describe('custom terms are shown when configured; only for company invoice when so configured', () => {
  it.each([
    [{ HasCustomTermsAndConditions: false }, PaymentType.PayByCompanyInvoice, false],
    [{ HasCustomTermsAndConditions: true }, PaymentType.PayByCard, true],
    [{ HasCustomTermsAndConditions: true, OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice: true }, PaymentType.PayByCard, false],
    [
      { HasCustomTermsAndConditions: true, OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice: true },
      PaymentType.PayByCompanyInvoice,
      true,
    ],
  ])('%o paying by %s -> %s', (config, paymentType, shown) => {
    expect(showsCustomTerms(config, paymentType)).toBe(shown);
  });
});

describe('the user may choose a payment method only if enabled, logged in, allowed, and not PayStack or company invoice', () => {
  const config = { EnableUserChoiceOfPaymentMethod: true };
  const user = { CanChoosePaymentMethod: true };

  it.each([
    [config, user, PaymentType.PayByCard, true],
    [config, user, PaymentType.PayByIndividualInvoice, true],
    [{}, user, PaymentType.PayByCard, false],
    [config, null, PaymentType.PayByCard, false],
    [config, { CanChoosePaymentMethod: false }, PaymentType.PayByCard, false],
    [config, user, PaymentType.PayByPayStack, false],
    [config, user, PaymentType.PayByCompanyInvoice, false],
  ])('%o %o %s -> %s', (configuration, account, paymentType, allowed) => {
    expect(canUserChoosePaymentMethod(configuration, account, paymentType)).toBe(allowed);
  });

  it('lets the server accept only the payment types the rules allow', () => {
    const base = {
      config: { ...config, EnablePayByCompanyInvoice: true },
      ratePlans: [{ CanPayByCompanyInvoice: true }],
      user,
      payByPaystack: false,
    };
    expect(isPaymentTypeAllowed({ ...base, paymentType: PaymentType.PayByCard })).toBe(true);
    expect(isPaymentTypeAllowed({ ...base, paymentType: PaymentType.PayByIndividualInvoice })).toBe(true);
    expect(isPaymentTypeAllowed({ ...base, user: null, paymentType: PaymentType.PayByIndividualInvoice })).toBe(false);
    expect(isPaymentTypeAllowed({ ...base, paymentType: PaymentType.PayByCompanyInvoice })).toBe(true);
    expect(
      isPaymentTypeAllowed({ ...base, ratePlans: [{ CanPayByCompanyInvoice: false }], paymentType: PaymentType.PayByCompanyInvoice }),
    ).toBe(false);
    expect(isPaymentTypeAllowed({ ...base, paymentType: PaymentType.PayByPayStack })).toBe(false);
    expect(isPaymentTypeAllowed({ ...base, payByPaystack: true, paymentType: PaymentType.PayByPayStack })).toBe(true);
    expect(isPaymentTypeAllowed({ ...base, paymentType: PaymentType.PayByVoucher })).toBe(false);
  });
});

const card = {
  CardNumber: '4111111111111111',
  NameOnCard: 'Ada Lovelace',
  SecurityCode: '123',
  ExpiryMonth: 12,
  ExpiryYear: 2028,
  CreditCardTypeId: 1,
};

describe('payment is ready: PayStack; card with valid details, a Stripe payment method or a card Stripe keeps; individual invoice; company invoice with invoice details', () => {
  it.each([
    [{ paymentType: PaymentType.PayByCard, card: null, paymentMethodId: 'pm_1Abc' }, true],
    [{ paymentType: PaymentType.PayByCard, card: null, paymentMethodId: '' }, false],
    [{ paymentType: PaymentType.PayByCard, card: null, providerCardId: 12 }, true],
    [{ paymentType: PaymentType.PayByCard, card: null, providerCardId: '' }, false],
    [{ paymentType: PaymentType.PayByPayStack }, true],
    [{ paymentType: PaymentType.PayByCard, card }, true],
    [{ paymentType: PaymentType.PayByCard, card: { ...card, SecurityCode: '' } }, false],
    [{ paymentType: PaymentType.PayByCard, card: null }, false],
    [{ paymentType: PaymentType.PayByIndividualInvoice }, true],
    [{ paymentType: PaymentType.PayByCompanyInvoice, poNumber: 'PO-1', company: 'ACME01' }, true],
    [{ paymentType: PaymentType.PayByCompanyInvoice, poNumber: 'PO-1' }, false],
    [{ paymentType: PaymentType.PayByVoucher }, false],
  ])('%o -> %s', (input, ready) => {
    expect(isPaymentReady(input)).toBe(ready);
  });
});

describe('the booking can be confirmed only when every condition holds', () => {
  const ready: ConfirmationInput = {
    booker: {
      FirstName: 'Ada',
      LastName: 'Lovelace',
      Email: 'ada@example.com',
      Phone: '+441170000000',
      Street: '1 Quay Street',
      CountryId: 77,
      ZipCode: 'BS1 4XX',
    },
    paymentType: PaymentType.PayByCard,
    card,
    agreeToTermsAndConditions: true,
    hasAcceptedCustomTermsAndConditions: false,
    config: { HasCustomTermsAndConditions: true, OnlyUseCustomTermsAndConditionsForPayByCompanyInvoice: true },
    bookingInProgress: false,
  };

  it('confirms a complete checkout', () => {
    expect(canConfirmBooking(ready)).toBe(true);
  });

  it.each([
    [{ booker: { ...ready.booker, Email: 'ada' } }, 'BOOKER_PERSONAL_DETAILS'],
    [{ booker: { ...ready.booker, ZipCode: '' } }, 'BOOKER_ADDRESS'],
    [{ card: { ...card, NameOnCard: '' } }, 'PAYMENT_NOT_READY'],
    [{ agreeToTermsAndConditions: false }, 'TERMS_NOT_AGREED'],
    [{ paymentType: PaymentType.PayByCompanyInvoice, poNumber: 'PO-1', company: 'ACME01' }, 'CUSTOM_TERMS_NOT_ACCEPTED'],
    [{ bookingInProgress: true }, 'BOOKING_IN_PROGRESS'],
  ] as const)('%o is blocked by %s', (change, blocker) => {
    const input = { ...ready, ...change };
    expect(confirmationBlockers(input)).toEqual([blocker]);
    expect(canConfirmBooking(input)).toBe(false);
  });

  it('confirms company invoice once the custom terms are accepted', () => {
    expect(
      canConfirmBooking({
        ...ready,
        paymentType: PaymentType.PayByCompanyInvoice,
        poNumber: 'PO-1',
        company: 'ACME01',
        hasAcceptedCustomTermsAndConditions: true,
      }),
    ).toBe(true);
  });
});

describe('a company’s own bookers: a logged-in account whose confirmed address the company lists', () => {
  const acme = { linkedAccounts: ['buyer@globex.com'], bookerEmailDomains: ['acme.example'] };
  it.each([
    ['an address in LinkedAccounts, in any case', { email: ' Buyer@Globex.COM ', emailConfirmed: true }, true],
    ['an address at one of BookerEmailDomains', { email: 'ada@ACME.example', emailConfirmed: true }, true],
    ['an unconfirmed address, listed or at the domain', { email: 'ada@acme.example', emailConfirmed: false }, false],
    ['an address at a subdomain of the domain', { email: 'ada@mail.acme.example', emailConfirmed: true }, false],
    ['an address elsewhere', { email: 'mallory@evil.example', emailConfirmed: true }, false],
    ['no account at all', null, false],
  ] as const)('%s: %s', (_, account, expected) => {
    expect(isCompanyBooker(acme, account)).toBe(expected);
  });

  it('matches on the address and its domain in lower case, the domain after the last @', () => {
    expect(companyBookerKey(' "a@b"@Acme.Example ')).toEqual({ email: '"a@b"@acme.example', domain: 'acme.example' });
    expect(companyBookerKey('no-at-sign')).toEqual({ email: 'no-at-sign', domain: '' });
  });
});
