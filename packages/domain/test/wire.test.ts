import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../src/messages';
import { parsePaymentType } from '../src/checkout';
import { modelStateFromIssues } from '../src/model-state';
import {
  authenticateRequestSchema,
  changePasswordRequestSchema,
  passwordResetRequestSchema,
  registerFormSchema,
  registerRequestSchema,
  requestPasswordResetRequestSchema,
  updateAccountRequestSchema,
} from '../src/wire/account-requests';
import { CAPTURE_AMOUNT_NOT_POSITIVE, capturePaymentParamsSchema, capturePaymentRequestSchema } from '../src/wire/admin-payment';
import { cardDetailsSchema } from '../src/wire/card-details';
import { checkVoucherCodeRequestSchema } from '../src/wire/check-voucher-code-request';
import { guestSchema } from '../src/wire/contact';
import { manageBookingSearchFormSchema, manageBookingSearchQuerySchema } from '../src/wire/manage-booking-search';
import { reservationCreateRequestSchema } from '../src/wire/reservation-create-request';
import { restaurantBookingRequestSchema } from '../src/wire/restaurant-booking-request';
import { wireDate, wireMoney } from '../src/wire/scalars';
import { searchRequestSchema } from '../src/wire/search-request';

function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  return result.success ? {} : modelStateFromIssues(result.error.issues);
}

const search = {
  PropertyId: 1,
  LanguageCode: 'en',
  PromoCode: null,
  RatePlanCode: 'CORP',
  DateFrom: '2027/04/01',
  DateTo: '2027-04-03',
  LocationId: null,
  Rooms: [{ NumberOfAdults: 2, NumberOfChildren: 1, NumberOfInfants: 0 }],
};

const booker = {
  FirstName: 'Ada',
  LastName: 'Lovelace',
  Email: 'ada@example.co.uk',
  Phone: '+44 117 000 0000',
  Street: '1 Quay Street',
  City: null,
  CountryId: 77,
  StateOrCounty: null,
  OptInToReceiveUpdates: false,
  ZipCode: 'BS1 4XX',
};

const room = {
  ReservationItemId: 'item-1',
  DateFrom: '2027-04-01',
  DateTo: '2027-04-03',
  RoomTypeId: 1,
  RatePlanId: 2,
  RoomConfigurationDropdownOptionId: 3,
  Promotion: { Code: 'SPRING10' },
  NumberOfAdults: 2,
  NumberOfChildren: 0,
  NumberOfInfants: 0,
  LeadGuest: { FirstName: 'Ada', LastName: 'Lovelace' },
  Guests: [{ FirstName: 'Ada', LastName: 'Lovelace', Email: null }],
  Services: [{ ReservationItemId: 'item-1', ServiceId: 4, Quantity: 1, Service: { Price: 14.5 } }],
  TotalCost: 220.5,
};

const create = {
  LanguageCode: 'en',
  IsAppBooking: false,
  PropertyId: 1,
  DateFrom: '2027/04/01',
  DateTo: '2027/04/03',
  Notes: 'Late arrival',
  Comment: null,
  Booker: booker,
  CardDetails: {
    CreditCardId: null,
    SaveCreditCardToIndividual: false,
    CardNumber: '4111111111111111',
    NameOnCard: 'Ada Lovelace',
    EmailAddress: 'ada@example.co.uk',
    CreditCardTypeId: 1,
    ExpiryMonth: 12,
    ExpiryYear: 2028,
    SecurityCode: '123',
  },
  PaymentType: 'PayByCard',
  AccountId: null,
  PONumber: null,
  PromoCode: 'SPRING10',
  HopGiftVoucherCode: null,
  Rooms: [room],
  BrowserData: {
    ColorDepthInBits: 24,
    JavaScriptEnabled: true,
    BrowserLanguage: 'en-GB',
    ScreenHeight: 1080,
    ScreenWidth: 1920,
    UserAgent: 'Mozilla/5.0',
    TimezoneOffSet: '-60',
  },
};

describe('wire scalars', () => {
  it.each([
    ['2027-04-01', true],
    ['2027/04/01', true],
    ['2027-02-30', false],
    ['2027-04/01', false],
    ['01/04/2027', false],
    [20270401, false],
  ])('date %j accepted: %s', (value, ok) => {
    expect(wireDate.safeParse(value).success).toBe(ok);
  });

  it('gives one date message for a malformed date', () => {
    expect(errorsOf(wireDate, '2027-4-1')).toEqual({ '': ['A valid date is required (YYYY-MM-DD or YYYY/MM/DD)'] });
  });

  it.each([
    [220.5, true],
    [0.1 + 0.2, true],
    [19.99, true],
    [0, true],
    [14.575, true], // a KWD amount: the API refuses it for a GBP property, where it knows the currency
    [12.3456, true],
    [12.34565, false],
    [-1, false],
    ['14.50', false],
    [Number.NaN, false],
  ])('money %j accepted: %s', (value, ok) => {
    expect(wireMoney.safeParse(value).success).toBe(ok);
  });
});

describe('search request', () => {
  it('accepts the wire shape with dates in either form', () => {
    expect(searchRequestSchema.parse(search)).toEqual(search);
    expect(searchRequestSchema.safeParse({ ...search, PromoCode: undefined, LocationId: 4 }).success).toBe(true);
  });

  it('refuses missing rooms, impossible dates and negative counts', () => {
    expect(Object.keys(errorsOf(searchRequestSchema, { ...search, Rooms: [] }))).toEqual(['Rooms']);
    expect(errorsOf(searchRequestSchema, { ...search, DateTo: '2027-02-30' })).toEqual({
      DateTo: ['A valid date is required (YYYY-MM-DD or YYYY/MM/DD)'],
    });
    expect(
      Object.keys(errorsOf(searchRequestSchema, { ...search, Rooms: [{ NumberOfAdults: -1, NumberOfChildren: 0, NumberOfInfants: 0 }] })),
    ).toEqual(['Rooms[0].NumberOfAdults']);
    expect(Object.keys(errorsOf(searchRequestSchema, {}))).toEqual(
      expect.arrayContaining(['PropertyId', 'LanguageCode', 'DateFrom', 'DateTo', 'Rooms']),
    );
  });

  it('refuses a room without an adult or a child: infants never stay alone', () => {
    for (const room of [
      { NumberOfAdults: 0, NumberOfChildren: 0, NumberOfInfants: 0 },
      { NumberOfAdults: 0, NumberOfChildren: 0, NumberOfInfants: 2 },
    ]) {
      expect(errorsOf(searchRequestSchema, { ...search, Rooms: [room] })).toEqual({
        'Rooms[0].NumberOfAdults': ['Each room needs at least one adult or child'],
      });
    }
    expect(
      searchRequestSchema.safeParse({ ...search, Rooms: [{ NumberOfAdults: 0, NumberOfChildren: 1, NumberOfInfants: 1 }] }).success,
    ).toBe(true);
  });
});

describe('reservation create request', () => {
  it('accepts the wire shape', () => {
    expect(reservationCreateRequestSchema.parse(create)).toEqual(create);
    expect(
      reservationCreateRequestSchema.safeParse({ ...create, CardDetails: null, PaymentType: '1', BrowserData: undefined }).success,
    ).toBe(true);
  });

  it('says what is wrong with the booker in the messages the guest reads', () => {
    const errors = errorsOf(reservationCreateRequestSchema, {
      ...create,
      Booker: { ...booker, FirstName: ' ', Email: 'ada@example', Phone: '01170000000' },
    });
    expect(errors).toEqual({
      'Booker.FirstName': ['First Name is required'],
      'Booker.Email': ['A valid email address is required'],
      'Booker.Phone': ['A valid phone number is required'],
    });
  });

  it('says the limit of a field that is too long, in words for the guest', () => {
    const errors = errorsOf(reservationCreateRequestSchema, {
      ...create,
      Notes: 'n'.repeat(2001),
      Booker: { ...booker, FirstName: 'A'.repeat(250), Street: 's'.repeat(201) },
    });
    expect(errors).toEqual({
      Notes: ['Please use 2,000 characters or fewer'],
      'Booker.FirstName': ['Please use 200 characters or fewer'],
      'Booker.Street': ['Please use 200 characters or fewer'],
    });
  });

  it('refuses an unknown payment type and a price with more decimals than any currency has (the API holds it to the property currency)', () => {
    expect(Object.keys(errorsOf(reservationCreateRequestSchema, { ...create, PaymentType: 'Cash' }))).toEqual(['PaymentType']);
    expect(errorsOf(reservationCreateRequestSchema, { ...create, Rooms: [{ ...room, TotalCost: 220.50005 }] })).toEqual({
      'Rooms[0].TotalCost': [VALIDATION_MESSAGES.amountInvalid],
    });
    for (const text of ['PayByCard', 'PayByPayStack', '0', '4']) expect(parsePaymentType(text)).not.toBeNull();
  });

  it("refuses a room of infants only, or of nobody, on the room's NumberOfAdults", () => {
    const infantsOnly = { ...room, NumberOfAdults: 0, NumberOfChildren: 0, NumberOfInfants: 1 };
    expect(errorsOf(reservationCreateRequestSchema, { ...create, Rooms: [room, infantsOnly] })).toEqual({
      'Rooms[1].NumberOfAdults': ['Each room needs at least one adult or child'],
    });
    expect(
      errorsOf(checkVoucherCodeRequestSchema, { PropertyId: 1, LanguageCode: 'en', VoucherCode: 'GIFT', Rooms: [infantsOnly] }),
    ).toEqual({ 'Rooms[0].NumberOfAdults': ['Each room needs at least one adult or child'] });
  });

  it("leaves guest fields to the property's configuration", () => {
    expect(guestSchema.safeParse({}).success).toBe(true);
    expect(cardDetailsSchema.safeParse({ ExpiryMonth: 13 }).success).toBe(false);
  });
});

describe('CheckVoucherCode request', () => {
  it('needs a voucher code and priced rooms', () => {
    const { LeadGuest: _lead, Guests: _guests, RoomConfigurationDropdownOptionId: _option, ...priced } = room;
    expect(
      checkVoucherCodeRequestSchema.safeParse({ PropertyId: 1, LanguageCode: 'en', VoucherCode: 'GIFT-100-HVH', Rooms: [priced] }).success,
    ).toBe(true);
    expect(errorsOf(checkVoucherCodeRequestSchema, { PropertyId: 1, LanguageCode: 'en', VoucherCode: '', Rooms: [priced] })).toEqual({
      VoucherCode: ['Voucher Code is required'],
    });
  });
});

describe('restaurant booking request', () => {
  const booking = {
    PropertyId: 1,
    RestaurantId: 1,
    RestaurantName: 'The Quay Kitchen',
    VisitTime: '19:15',
    VisitDate: '2027/04/01',
    PartySize: 2,
    SpecialRequests: null,
    IsReservation: true,
    Identifier: 'HV-12345',
    PromotionId: null,
    Email: 'ada@example.com',
    ContactNumber: '00441170000000',
    IsLeaveTimeRequired: false,
  };

  it('accepts the wire request', () => {
    expect(restaurantBookingRequestSchema.parse(booking)).toEqual(booking);
  });

  it('needs contact number, email, identifier, restaurant, party size, date and time', () => {
    const errors = errorsOf(restaurantBookingRequestSchema, { PropertyId: 1, IsReservation: true });
    expect(errors).toMatchObject({
      ContactNumber: ['A valid phone number is required'],
      Email: ['A valid email address is required'],
      Identifier: ['Identifier is required'],
      RestaurantId: ['Restaurant is required'],
      PartySize: ['Party Size is required'],
      VisitDate: [expect.stringContaining('valid date')],
      VisitTime: [expect.stringContaining('valid time')],
    });
    expect(Object.keys(errorsOf(restaurantBookingRequestSchema, { ...booking, IsReservation: false }))).toEqual(['IsReservation']);
  });
});

describe('account requests', () => {
  const register = {
    LanguageCode: 'en',
    PropertyId: 1,
    EmailAddress: 'ada@example.com',
    Password: 'harbour-view',
    Firstname: 'Ada',
    Lastname: 'Lovelace',
    MobileNumber: '+447700900000',
  };

  it('registers with a strong password', () => {
    expect(registerRequestSchema.safeParse(register).success).toBe(true);
    expect(errorsOf(registerRequestSchema, { ...register, Password: '' })).toEqual({ Password: ['Password is required'] });
    expect(errorsOf(registerRequestSchema, { ...register, Password: 'harbourview' })).toEqual({
      Password: [expect.stringContaining('non-alphanumeric')],
    });
  });

  it('the register form also needs a matching confirmation', () => {
    expect(registerFormSchema.safeParse({ ...register, ConfirmPassword: 'harbour-view' }).success).toBe(true);
    expect(errorsOf(registerFormSchema, { ...register, ConfirmPassword: 'harbour-vue' })).toEqual({
      ConfirmPassword: ['Passwords do not match'],
    });
  });

  it('logs in with any non-empty password', () => {
    const login = { LanguageCode: 'en', PropertyId: 1, EmailAddress: 'ada@example.com', Password: 'x' };
    expect(authenticateRequestSchema.safeParse(login).success).toBe(true);
    expect(errorsOf(authenticateRequestSchema, { ...login, Password: '' })).toEqual({ Password: ['Password is required'] });
    expect(errorsOf(authenticateRequestSchema, { ...login, EmailAddress: 'ada' })).toEqual({
      EmailAddress: ['A valid email address is required'],
    });
  });

  it('resets, changes and updates with the same rules', () => {
    expect(
      requestPasswordResetRequestSchema.safeParse({ LanguageCode: 'en', PropertyId: 1, EmailAddress: 'ada@example.com' }).success,
    ).toBe(true);
    const reset = { LanguageCode: 'en', PropertyId: 1, Token: 't0k3n', Password: 'harbour-view', ConfirmPassword: 'harbour-view' };
    expect(passwordResetRequestSchema.safeParse(reset).success).toBe(true);
    expect(errorsOf(passwordResetRequestSchema, { ...reset, ConfirmPassword: 'other' })).toEqual({
      ConfirmPassword: ['Passwords do not match'],
    });
    const change = { PropertyId: 1, CurrentPassword: 'old', Password: 'harbour-view', ConfirmPassword: 'harbour-view' };
    expect(changePasswordRequestSchema.safeParse(change).success).toBe(true);
    expect(errorsOf(changePasswordRequestSchema, { ...change, CurrentPassword: '' })).toEqual({
      CurrentPassword: ['Password is required'],
    });
    const update = { PropertyId: 1, Firstname: 'Ada', Lastname: 'Lovelace', Telephone: '+441170000000', ReceiveBrandOffers: true };
    expect(updateAccountRequestSchema.safeParse(update).success).toBe(true);
    expect(errorsOf(updateAccountRequestSchema, { ...update, Telephone: '0117' })).toEqual({
      Telephone: ['A valid phone number is required'],
    });
  });
});

describe('manage-booking search', () => {
  it("the form says 'Reservation Number is required' and 'Guest Name is required'", () => {
    expect(errorsOf(manageBookingSearchFormSchema, { reservationNumber: ' ', guestName: '' })).toEqual({
      reservationNumber: ['Reservation Number is required'],
      guestName: ['Guest Name is required'],
    });
    expect(errorsOf(manageBookingSearchFormSchema, {})).toEqual({
      reservationNumber: ['Reservation Number is required'],
      guestName: ['Guest Name is required'],
    });
  });

  it("the query accepts a guest name or a link's hash, with propertyId as text", () => {
    expect(manageBookingSearchQuerySchema.parse({ propertyId: '1', reservationNumber: 'HV-1', guestName: 'Lovelace' })).toMatchObject({
      propertyId: 1,
    });
    expect(manageBookingSearchQuerySchema.safeParse({ propertyId: '1', reservationNumber: 'HV-1', hash: 'abc' }).success).toBe(true);
    expect(errorsOf(manageBookingSearchQuerySchema, { propertyId: '1', reservationNumber: 'HV-1' })).toEqual({
      guestName: ['Guest Name is required'],
    });
  });
});

describe('capture request (admin)', () => {
  it('takes no Amount (everything held) or a positive amount with at most 4 decimals (the API then holds it to its currency)', () => {
    expect(capturePaymentRequestSchema.parse({})).toEqual({});
    expect(capturePaymentRequestSchema.parse({ Amount: null })).toEqual({ Amount: null });
    expect(capturePaymentRequestSchema.parse({ Amount: 199.99 })).toEqual({ Amount: 199.99 });
    expect(errorsOf(capturePaymentRequestSchema, { Amount: 0 })).toEqual({ Amount: [CAPTURE_AMOUNT_NOT_POSITIVE] });
    expect(errorsOf(capturePaymentRequestSchema, { Amount: -1 })).toEqual({ Amount: [VALIDATION_MESSAGES.amountInvalid] });
    expect(capturePaymentRequestSchema.parse({ Amount: 5.124 })).toEqual({ Amount: 5.124 });
    expect(errorsOf(capturePaymentRequestSchema, { Amount: 1.00005 })).toEqual({ Amount: [VALIDATION_MESSAGES.amountInvalid] });
  });

  it('names the booking by its reservation number in the path', () => {
    expect(capturePaymentParamsSchema.parse({ reservationNumber: 'K7M2XQ9T' })).toEqual({ reservationNumber: 'K7M2XQ9T' });
    expect(capturePaymentParamsSchema.safeParse({ reservationNumber: 'K7M 2X' }).success).toBe(false);
  });
});

describe('JSON Schema for the OpenAPI document', () => {
  it('every request schema converts, with PascalCase names exactly as the wire writes them', () => {
    for (const schema of [
      searchRequestSchema,
      reservationCreateRequestSchema,
      checkVoucherCodeRequestSchema,
      restaurantBookingRequestSchema,
      registerRequestSchema,
      authenticateRequestSchema,
      passwordResetRequestSchema,
    ]) {
      expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
    }
    const json = z.toJSONSchema(reservationCreateRequestSchema, { io: 'input' }) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(json.properties)).toEqual([
      'LanguageCode',
      'IsAppBooking',
      'PropertyId',
      'DateFrom',
      'DateTo',
      'Notes',
      'Comment',
      'Booker',
      'CardDetails',
      // Not in the spec's list: Stripe's payment method, instead of a card number (docs/payments.md).
      'PaymentMethodId',
      'PaymentType',
      'AccountId',
      'PONumber',
      'PromoCode',
      // Not in the spec's list: the code a code-only rate is booked with (docs/pricing.md).
      'RatePlanCode',
      'HopGiftVoucherCode',
      'Rooms',
      'BrowserData',
    ]);
    expect(json.required).toEqual(expect.arrayContaining(['PropertyId', 'DateFrom', 'DateTo', 'Booker', 'PaymentType', 'Rooms']));
  });
});
