import { describe, expect, it } from 'vitest';
import { sanitizeText, sanitizeUrl } from '../../src/log-sanitizer';

describe('sanitizeText', () => {
  it.each([
    ['card 4111111111111111 declined', 'card [removed] declined'],
    ['card 4111 1111 1111 1111 declined', 'card [removed] declined'],
    ['card 3782-822463-10005 declined', 'card [removed] declined'],
    ['12 digits 123456789012 and 19 digits 1234567890123456789', '12 digits [removed] and 19 digits [removed]'],
    ['a longer run 12345678901234567890123 may hold one', 'a longer run [removed] may hold one'],
    ['{"CardNumber":"5555555555554444","SecurityCode":"123"}', '{"CardNumber":"[removed]","SecurityCode":"[removed]"}'],
    ['booker ann.lee+hotel@example.co.uk failed', 'booker [removed] failed'],
    ['password=hunter2&next=1', 'password=[removed]&next=1'],
    ['{"Password": "hunter2", "ConfirmPassword":"hunter2"}', '{"Password": "[removed]", "ConfirmPassword":"[removed]"}'],
    ['smtp password: s3cret!', 'smtp password: [removed]'],
    ['reset token=abcDEF123', 'reset token=[removed]'],
    ['card declined, cvv 739, security code: 846, CVC2=7391', 'card declined, cvv [removed], security code: [removed], CVC2=[removed]'],
    // Card numbers however they are typed: doubled spaces, dots, slashes, full-width digits.
    ['card 4111  1111  1111  1111 declined', 'card [removed] declined'],
    ['card 4111.1111.1111.1111 declined', 'card [removed] declined'],
    ['card 4111 / 1111 / 1111 / 1111 declined', 'card [removed] declined'],
    ['card ４１１１ １１１１ １１１１ １１１１ declined', 'card [removed] declined'],
    ['card ４１１１１１１１１１１１１１１１ declined', 'card [removed] declined'],
    ['ref 12.4111.1111.1111.1111 declined', 'ref [removed] declined'],
    ['card ٤١١١٤١١١٤١١١٤١١١ declined', 'card [removed] declined'],
    // Secrets in prose: whatever follows the word on its line goes.
    ['Login failed. Password is Tidal-marsh-5512! (third try)', 'Login failed. Password [removed]'],
    ['Login failed. Password is Tidal-marsh-5512!\nnext line', 'Login failed. Password [removed]\nnext line'],
    ['sent Authorization: Bearer eyJhbGciOiJIUzI1NiJ9', 'sent Authorization: Bearer [removed]'],
    // A token with no name before it.
    ['lost answer for Zq3xVbN81kLmPq0rStUvWx-_yz0123456789', 'lost answer for [removed]'],
    ['retry with ab12cd34ef56gh78ij90 failed', 'retry with [removed] failed'],
  ])('%s', (text, expected) => {
    expect(sanitizeText(text)).toBe(expected);
  });

  it('keeps what helps diagnose: statuses, short numbers, dates, codes', () => {
    const text = 'POST /api/Reservation/Create answered 409 ROOM_SOLD_OUT for room 101 on 2027-03-10 after 1500 ms';
    expect(sanitizeText(text)).toBe(text);
  });

  it('keeps dotted dates, addresses and route names: too few digits for a card', () => {
    for (const text of [
      'at 2027.03.01 the page at 192.168.10.20 reloaded',
      'RoomTypeConfiguration failed',
      'Invalid token',
      'RequestPasswordReset answered 429',
    ]) {
      expect(sanitizeText(text)).toBe(text);
    }
  });
});

describe('sanitizeUrl', () => {
  it.each([
    ['/Book/TEST/Confirmation/Zq3xVbN81kLmPq0rStUvWx-_yz', '/Book/TEST/Confirmation/[removed]'],
    ['/api/Reservation/Status?propertyId=1&referenceNumber=ABC123', '/api/Reservation/Status?propertyId=1&referenceNumber=ABC123'],
    [
      '/api/Reservation/Confirmation?propertyId=1&confirmationToken=abc',
      '/api/Reservation/Confirmation?propertyId=1&confirmationToken=[removed]',
    ],
    ['https://hotel.example/Manage?ref=AB12&code=f00d', 'https://hotel.example/Manage?ref=AB12&code=[removed]'],
    ['https://ann:hunter2@hotel.example/Book/TEST', 'https://hotel.example/Book/TEST'],
    ['/Book/TEST/Checkout?email=ann%40example.com', '/Book/TEST/Checkout?email=[removed]'],
    ['/Book/TEST/Checkout?card=4111%201111%201111%201111', '/Book/TEST/Checkout?card=[removed]'],
    ['/Book/TEST/Rooms-And-Rates', '/Book/TEST/Rooms-And-Rates'],
    ['/Book/TEST/Status/ZqxVbNkLmPqrStUvWxyzABCDEFGHIJKLMNOPQRS_-', '/Book/TEST/Status/[removed]'],
    ['/api/RoomTypeConfiguration/Get?propertyId=1', '/api/RoomTypeConfiguration/Get?propertyId=1'],
    ['/api/Account/RequestPasswordReset', '/api/Account/RequestPasswordReset'],
    // Codes everyone knows stay readable; a value that looks like a token goes whatever its name.
    ['/api/Availability?propertyId=1&languageCode=en', '/api/Availability?propertyId=1&languageCode=en'],
    ['/api/Service/List?currencyCode=GBP&countryCode=GB', '/api/Service/List?currencyCode=GBP&countryCode=GB'],
    ['/api/Availability?languageCode=Zq3xVbN81kLmPq0rStUvWx-_yz0123456789', '/api/Availability?languageCode=[removed]'],
    ['/Manage?promoCode=SPRING&code=f00d', '/Manage?promoCode=[removed]&code=[removed]'],
    // The e-mailed links' code, even without a digit, in the page's path and in the calls' hash.
    ['/Manage/TEST/Reservation/KZDAKVFT/abcdefghijABCDEFGHIJ-_', '/Manage/TEST/Reservation/KZDAKVFT/[removed]'],
    ['/PreCheckIn/TEST/KZDAKVFT/abcdefghijABCDEFGHIJ-_', '/PreCheckIn/TEST/KZDAKVFT/[removed]'],
    [
      '/api/ManageBooking/Search?propertyId=1&reservationNumber=KZDAKVFT&hash=abcdefghijABCDEFGHIJ-_',
      '/api/ManageBooking/Search?propertyId=1&reservationNumber=KZDAKVFT&hash=[removed]',
    ],
    [
      '/api/PreCheckIn/Get?propertyId=1&referenceNumber=KZDAKVFT&hash=abc',
      '/api/PreCheckIn/Get?propertyId=1&referenceNumber=KZDAKVFT&hash=[removed]',
    ],
    ['/Manage/TEST', '/Manage/TEST'],
  ])('%s', (url, expected) => {
    expect(sanitizeUrl(url)).toBe(expected);
    // Asked again (addresses with nothing to remove are remembered): the same answer.
    expect(sanitizeUrl(url)).toBe(expected);
  });

  it('keeps sanitising however many clean addresses it has seen', () => {
    for (let i = 0; i < 2500; i++) expect(sanitizeUrl(`/api/Property/${i}`)).toBe(`/api/Property/${i}`);
    expect(sanitizeUrl('/Book/TEST/Confirmation/Zq3xVbN81kLmPq0rStUvWx-_yz')).toBe('/Book/TEST/Confirmation/[removed]');
  });
});
