import { describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, nightsText, requiredMessage, SUCCESS_MESSAGES, tooLongMessage, welcomeMessage } from '../src/messages';
import {
  hasNoErrors,
  isBookerAddressValid,
  isBookerPersonalDetailsValid,
  isContactValid,
  isStrongPassword,
  isValidEmail,
  isValidPhone,
  passwordErrors,
  validateBookerAddress,
  validateBookerPersonalDetails,
  validateContact,
  validateManageBookingSearch,
  validateRestaurantBooking,
  type BookerDetails,
  type ContactFieldsConfiguration,
} from '../src/validation';

describe('e-mail: letters or digits, an at sign, letters, a dot, then 2 to 3 letters', () => {
  it.each([
    ['guest@example.com', true],
    ['Guest99@Example.co.uk', true],
    ['name.surname@example.com', true],
    ['first_last-x@mail-server.org', true],
    ['a@b.io', true],
    ["mary.o'neill@example.com", true], // apostrophes and plus signs are allowed in the local name
    ['ada+hotel@example.co.uk', true],
    ["o'brien-smith+tag@mail-server.ie", true],
    ['guest..name@example.com', false],
    ['.guest@example.com', false],
    ['guest<x>@example.com', false],
    ['guest"@example.com', false],
    ['guest,name@example.com', false],
    ['guest@example.info', false], // the top-level domain has 2 to 3 letters
    ['guest@example.c', false],
    ['guest@example', false],
    ['@example.com', false],
    ['guest@@example.com', false],
    ['guest@.com', false],
    ['guest name@example.com', false],
    ['guest.@example.com', false],
    ['guest@example.com.', false],
    ['', false],
  ])('%j -> %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  // A pattern with nested ambiguity would backtrack for ages here and time the test out.
  it('rejects long hostile input', () => {
    expect(isValidEmail(`${'a'.repeat(200)}@${'b.'.repeat(20)}!`)).toBe(false);
    expect(isValidEmail(`${'a-'.repeat(100)}@${'a-b'.repeat(20)}.c0m`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(250)}@b.com`)).toBe(false);
  });
});

describe('phone: must start with + or 00 (international dialling code)', () => {
  it.each([
    ['+441170000000', true],
    ['+44 117 000 0000', true],
    ['0044 (0)117-000-0000', true],
    ['+1 212 555 0100', true],
    ['01170000000', false],
    ['441170000000', false],
    ['+0441170000', false],
    ['+44 117 abc', false],
    ['+4412', false],
    ['+4411700000000000000', false],
    ['', false],
  ])('%j -> %s', (phone, valid) => {
    expect(isValidPhone(phone)).toBe(valid);
  });
});

describe('password: required, ten or more characters with a non-alphanumeric one, confirmed', () => {
  it.each([
    ['', '', { Password: ['Password is required'] }],
    ['short!', 'short!', { Password: [expect.stringContaining('at least 10 characters')] }],
    ['longenough1', 'longenough1', { Password: [expect.stringContaining('non-alphanumeric')] }],
    ['long enough', 'long enough', {}],
    ['harbour-view', 'harbour-view', {}],
    ['harbour-view', 'harbour-vew', { ConfirmPassword: ['Passwords do not match'] }],
  ])('%j / %j', (password, confirmation, errors) => {
    expect(passwordErrors(password, confirmation)).toEqual(errors);
  });

  it('counts letters of any script as alphanumeric', () => {
    expect(isStrongPassword('ÅngströmÅngström')).toBe(false);
    expect(isStrongPassword('Ångström-Ångström')).toBe(true);
    expect(passwordErrors('harbour-view')).toEqual({});
  });
});

describe('booker details', () => {
  const booker: BookerDetails = {
    FirstName: 'Ada',
    LastName: 'Lovelace',
    Email: 'ada@example.co.uk',
    Phone: '+441170000000',
    Street: '1 Quay Street',
    CountryId: 77,
    ZipCode: 'BS1 4XX',
  };

  it('personal details are valid only with first name, last name, email and telephone', () => {
    expect(isBookerPersonalDetailsValid(booker)).toBe(true);
    expect(validateBookerPersonalDetails({ ...booker, FirstName: ' ', LastName: null, Email: 'ada', Phone: '0117' })).toEqual({
      FirstName: ['First Name is required'],
      LastName: ['Last Name is required'],
      Email: ['A valid email address is required'],
      Phone: ['A valid phone number is required'],
    });
    expect(validateBookerPersonalDetails({})).toMatchObject({ Email: ['A valid email address is required'] });
  });

  it('address is valid with street, country and post code', () => {
    expect(isBookerAddressValid(booker)).toBe(true);
    expect(validateBookerAddress({})).toEqual({
      Street: ['Street is required'],
      CountryId: ['Country is required'],
      ZipCode: ['Post Code is required'],
    });
  });
});

describe('guest and contact fields are required only as configured', () => {
  const everything: ContactFieldsConfiguration = {
    FirstNameRequired: true,
    LastNameRequired: true,
    EmailRequired: true,
    PhoneRequired: true,
    CountryRequired: true,
    StreetRequired: true,
    CityRequired: true,
    StateOrCountyRequired: true,
    PostCodeRequired: true,
  };

  it('names every missing required field', () => {
    expect(validateContact({}, everything)).toEqual({
      FirstName: [requiredMessage('First Name')],
      LastName: ['Last Name is required'],
      Street: ['Street is required'],
      City: ['City is required'],
      StateOrCounty: ['State or County is required'],
      ZipCode: ['Post Code is required'],
      Email: ['A valid email address is required'],
      Phone: ['A valid phone number is required'],
      Country: ['Country is required'],
    });
  });

  it('requires nothing that is not configured, but checks an e-mail or phone that is given', () => {
    expect(validateContact({}, {})).toEqual({});
    expect(validateContact({ Email: 'nope', Phone: '0117' }, {})).toEqual({
      Email: ['A valid email address is required'],
      Phone: ['A valid phone number is required'],
    });
  });

  it.each([
    [{ Country: 'GB' }, true],
    [{ Country: { Id: 77 } }, true],
    [{ Country: { Id: null } }, false],
    [{ CountryId: 77 }, true],
    [{ Country: '' }, false],
  ])('a country given as %o: %s', (contact, valid) => {
    expect(isContactValid(contact, { CountryRequired: true })).toBe(valid);
  });
});

describe('manage-booking search and restaurant booking fields', () => {
  it('needs a reservation number and a guest name', () => {
    expect(validateManageBookingSearch({ reservationNumber: 'HV-12345', guestName: 'Lovelace' })).toEqual({});
    expect(validateManageBookingSearch({ reservationNumber: '', guestName: '  ' })).toEqual({
      reservationNumber: ['Reservation Number is required'],
      guestName: ['Guest Name is required'],
    });
  });

  it('a restaurant booking needs contact number, email, identifier, restaurant, party size, date and time', () => {
    const booking = {
      ContactNumber: '+441170000000',
      Email: 'ada@example.com',
      Identifier: 'HV-12345',
      RestaurantId: 3,
      PartySize: 2,
      VisitDate: '2027/04/01',
      VisitTime: '19:15',
    };
    expect(hasNoErrors(validateRestaurantBooking(booking))).toBe(true);
    expect(Object.keys(validateRestaurantBooking({}))).toEqual([
      'ContactNumber',
      'Email',
      'Identifier',
      'RestaurantId',
      'PartySize',
      'VisitDate',
      'VisitTime',
    ]);
    expect(validateRestaurantBooking({ ...booking, VisitDate: '2027-02-30', VisitTime: '25:00', PartySize: 0 })).toEqual({
      PartySize: ['Party Size is required'],
      VisitDate: [expect.stringContaining('valid date')],
      VisitTime: [expect.stringContaining('valid time')],
    });
  });
});

describe('the texts', () => {
  it('quotes the catalogue verbatim', () => {
    expect(ERROR_MESSAGES.roomsNoLongerAvailable).toBe(
      'Your combination of rooms is not available, please retry your search or contact us directly',
    );
    expect(ERROR_MESSAGES.loginFailed).toBe('Failed to login, please check your email address and password');
    expect(SUCCESS_MESSAGES.selectionAvailable).toBe('Good news, your selection is available');
  });

  it('counts nights as a guest reads them, and says the limit of a field', () => {
    expect([1, 2, 14].map(nightsText)).toEqual(['1 night', '2 nights', '14 nights']);
    expect(tooLongMessage(50)).toBe('Please use 50 characters or fewer');
    expect(tooLongMessage(2000)).toBe('Please use 2,000 characters or fewer');
    expect(tooLongMessage(1_000_000)).toBe('Please use 1,000,000 characters or fewer');
  });

  it("greets by first name, 'Guest' by default", () => {
    expect(welcomeMessage('Ada')).toBe('Welcome back Ada');
    expect(welcomeMessage(' ')).toBe('Welcome back Guest');
    expect(welcomeMessage(null)).toBe('Welcome back Guest');
  });
});
