import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_TYPE_NAMES,
  cardTypeMatchesName,
  cardTypeNamed,
  detectCardType,
  findAcceptedCardType,
  isCardDetailsComplete,
  isCardDetailsValid,
  isExpiryCurrent,
  isValidCardNumber,
  normalizeCardNumber,
  passesLuhn,
  validateCardDetails,
  withCardHolderFromBooker,
  type CardDetails,
  type CardType,
} from '../src/cards';

describe('card type from the number prefix', () => {
  it.each([
    ['4111 1111 1111 1111', 'visa'],
    ['4', 'visa'],
    ['378282246310005', 'amex'],
    ['341', 'amex'],
    ['35', null],
    ['5555-5555-5555-4444', 'mastercard'],
    ['51', 'mastercard'],
    ['56', null],
    ['2221000000000009', 'mastercard'],
    ['2720990000000007', 'mastercard'],
    ['2220990000000000', null],
    ['2721000000000000', null],
    ['6011111111111117', 'discover'],
    ['6500000000000002', 'discover'], // 65 is discover, not unionpay
    ['6445644564456445', 'discover'],
    ['6430000000000000', null],
    ['6200000000000005', 'unionpay'],
    ['9792030000000000', 'troy'],
    ['30569309025904', 'diners'],
    ['306', null],
    ['36227206271667', 'diners'], // 36 is diners
    ['38520000023237', 'diners'],
    ['3530111333300000', 'jcb'],
    ['3589000000000000', 'jcb'],
    ['3527000000000000', null],
    ['3590000000000000', null],
    ['', null],
    ['4111x', null],
  ])('%j -> %s', (number, type) => {
    expect(detectCardType(number)).toBe(type);
  });

  const prefixes: [string, CardType][] = [
    ['4', 'visa'],
    ['34', 'amex'],
    ['37', 'amex'],
    ['51', 'mastercard'],
    ['55', 'mastercard'],
    ['2221', 'mastercard'],
    ['2720', 'mastercard'],
    ['6011', 'discover'],
    ['65', 'discover'],
    ['644', 'discover'],
    ['649', 'discover'],
    ['62', 'unionpay'],
    ['9792', 'troy'],
    ['300', 'diners'],
    ['305', 'diners'],
    ['36', 'diners'],
    ['38', 'diners'],
    ['3528', 'jcb'],
    ['3589', 'jcb'],
  ];
  const digits = fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 16 }).map((list) => list.join(''));

  it('is stable under random digit suffixes of every prefix', () => {
    fc.assert(
      fc.property(fc.constantFrom(...prefixes), digits, ([prefix, type], suffix) => {
        expect(detectCardType(prefix + suffix)).toBe(type);
      }),
    );
  });

  it('never changes its answer once it has one, whatever digits follow', () => {
    fc.assert(
      fc.property(digits, digits, (start, more) => {
        const type = detectCardType(start);
        if (type !== null) expect(detectCardType(start + more)).toBe(type);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('matching accepted card types by text', () => {
  const accepted = ['Visa', 'Master Card', 'American Express', 'Diners Club International', 'JCB'];

  it.each([
    ['visa', 'Visa'],
    ['mastercard', 'Master Card'],
    ['amex', 'American Express'], // amex also matches American Express
    ['diners', 'Diners Club International'],
    ['jcb', 'JCB'],
    ['discover', undefined],
    ['unionpay', undefined],
  ] as const)('%s -> %s', (type, name) => {
    expect(findAcceptedCardType(type, accepted)).toBe(name);
  });

  it("matches names on objects and the brand's own names", () => {
    const types = [
      { Id: 1, Name: 'AMEX' },
      { Id: 2, Name: 'Union Pay' },
    ];
    expect(findAcceptedCardType('amex', types, (type) => type.Name)?.Id).toBe(1);
    expect(findAcceptedCardType('unionpay', types, (type) => type.Name)?.Id).toBe(2);
    for (const [type, name] of Object.entries(CARD_TYPE_NAMES)) {
      expect(cardTypeMatchesName(type as CardType, name)).toBe(true);
    }
    expect(cardTypeMatchesName('visa', 'Mastercard')).toBe(false);
  });

  it("reads the brand a provider's name for a card type names, or none", () => {
    expect(cardTypeNamed('visa ')).toBe('visa');
    expect(cardTypeNamed('Visa Debit')).toBe('visa');
    expect(cardTypeNamed('american express')).toBe('amex');
    expect(cardTypeNamed('mastercard')).toBe('mastercard');
    expect(cardTypeNamed('verve')).toBeNull();
    expect(cardTypeNamed('')).toBeNull();
  });
});

describe('Luhn and expiry', () => {
  it.each([
    ['4111111111111111', true],
    ['4111111111111112', false],
    ['378282246310005', true],
    ['5555 5555 5555 4444', true],
    ['79927398713', true],
    ['0', false],
    ['abc', false],
  ])('passesLuhn(%j) = %s', (number, valid) => {
    expect(passesLuhn(number)).toBe(valid);
  });

  it('accepts 12 to 19 digits that pass Luhn', () => {
    expect(isValidCardNumber('4111-1111-1111-1111')).toBe(true);
    expect(isValidCardNumber('79927398713')).toBe(false);
    expect(normalizeCardNumber('4111 1111-1111 1111')).toBe('4111111111111111');
  });

  it.each([
    [11, 2026, true, 'the current month is still valid'],
    [10, 2026, false, 'last month has expired'],
    [1, 2027, true, 'next year'],
    [12, 26, true, 'a two-digit year is 20YY'],
    [10, 26, false, 'a two-digit year in the past'],
  ])('expiry %s/%s on 2026-11-22: %s (%s)', (month, year, current) => {
    expect(isExpiryCurrent(month, year, '2026-11-22')).toBe(current);
  });
});

describe('card details', () => {
  const card: CardDetails = {
    CardNumber: '4111 1111 1111 1111',
    NameOnCard: 'Ada Lovelace',
    SecurityCode: '123',
    ExpiryMonth: 12,
    ExpiryYear: 2028,
    CreditCardTypeId: 1,
  };
  const options = { today: '2026-11-22', acceptedCardTypes: ['Visa', 'American Express'] };

  it('complete with name, number, security code, non-zero expiry month and year, and a card type', () => {
    expect(isCardDetailsComplete(card)).toBe(true);
    for (const change of [
      { NameOnCard: '' },
      { CardNumber: null },
      { SecurityCode: ' ' },
      { ExpiryMonth: 0 },
      { ExpiryYear: 0 },
      { CreditCardTypeId: 0 },
      { CreditCardTypeId: null },
    ]) {
      expect(isCardDetailsComplete({ ...card, ...change })).toBe(false);
    }
  });

  it('checks Luhn, expiry, security code and accepted brands before payment', () => {
    expect(isCardDetailsValid(card, options)).toBe(true);
    expect(validateCardDetails({}, options)).toEqual({
      NameOnCard: ['Name on Card is required'],
      CardNumber: ['A valid card number is required'],
      SecurityCode: ['A valid security code is required'],
      ExpiryMonth: ['A valid expiry month is required'],
      ExpiryYear: ['A valid expiry year is required'],
      CreditCardTypeId: ['Card Type is required'],
    });
    expect(validateCardDetails({ ...card, CardNumber: '5555555555554444', ExpiryMonth: 10, ExpiryYear: 2026 }, options)).toEqual({
      CardNumber: ['This card type is not accepted'],
      ExpiryYear: ['The card has expired'],
    });
    expect(validateCardDetails({ ...card, CardNumber: '5555555555554444' }, { today: '2026-11-22' })).toEqual({});
    expect(validateCardDetails({ ...card, CardNumber: '7000000000000005' }, options)).toEqual({
      CardNumber: ['This card type is not accepted'],
    });
  });

  it('does not check the number of a saved card', () => {
    expect(validateCardDetails({ ...card, CreditCardId: 9, CardNumber: '**** 1111' }, options)).toEqual({});
  });

  it('copies holder name and e-mail from the booker when empty', () => {
    const booker = { FirstName: 'Ada', LastName: ' Lovelace ', Email: 'ada@example.com' };
    expect(withCardHolderFromBooker({ NameOnCard: '', EmailAddress: null }, booker)).toMatchObject({
      NameOnCard: 'Ada Lovelace',
      EmailAddress: 'ada@example.com',
    });
    expect(withCardHolderFromBooker({ NameOnCard: 'A L', EmailAddress: 'al@example.com' }, booker)).toMatchObject({
      NameOnCard: 'A L',
      EmailAddress: 'al@example.com',
    });
    expect(withCardHolderFromBooker({}, {}).EmailAddress).toBeNull();
  });
});
