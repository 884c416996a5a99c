import { describe, expect, it } from 'vitest';
import { globalRegistry, type z } from 'zod';
import { ORIGINAL_PRICE_FIELDS, PRICE_FIELDS } from '../src/pricing';
import * as account from '../src/wire/account-response';
import * as adminPayment from '../src/wire/admin-payment';
import * as ari from '../src/wire/ari';
import * as bookConfig from '../src/wire/book-config-response';
import * as calendar from '../src/wire/calendar-response';
import * as company from '../src/wire/company-response';
import * as confirmation from '../src/wire/confirmation-response';
import * as exchangeRates from '../src/wire/currency-exchange-rate-response';
import * as manageBookingChange from '../src/wire/manage-booking-change';
import * as manageBookingConfig from '../src/wire/manage-booking-config-response';
import * as manageBookingSearch from '../src/wire/manage-booking-search';
import { errorResponseSchema } from '../src/wire/error-response';
import * as errors from '../src/wire/error-response';
import { propertyIdOrCodeParams, queryId } from '../src/wire/parameters';
import * as preCheckIn from '../src/wire/pre-check-in';
import * as propertyGroup from '../src/wire/property-group';
import * as property from '../src/wire/property-response';
import * as reservation from '../src/wire/reservation-response';
import * as reservationsFeed from '../src/wire/reservations-feed';
import * as restaurant from '../src/wire/restaurant-response';
import * as roomConfiguration from '../src/wire/room-type-configuration-response';
import { searchResponseSchema } from '../src/wire/search-response';
import * as search from '../src/wire/search-response';
import * as services from '../src/wire/service-response';
import * as staticData from '../src/wire/static-data-response';
import * as webhookDeliveries from '../src/wire/webhook-deliveries';

// Every answer's module, so that no two schemas of the whole contract claim one OpenAPI name.
const modules = [
  account,
  adminPayment,
  ari,
  bookConfig,
  calendar,
  company,
  confirmation,
  exchangeRates,
  errors,
  manageBookingChange,
  manageBookingConfig,
  manageBookingSearch,
  preCheckIn,
  property,
  propertyGroup,
  reservation,
  reservationsFeed,
  restaurant,
  roomConfiguration,
  search,
  services,
  staticData,
  webhookDeliveries,
];

describe('ids in a query string or a path', () => {
  const propertyId = queryId('propertyId');

  it('read the text of a query as a database id', () => {
    expect(propertyId.parse('42')).toBe(42);
    expect(propertyId.parse('2147483647')).toBe(2_147_483_647);
  });

  it('refuse what is not an id a Postgres integer column holds, naming the parameter', () => {
    for (const text of ['0', '-1', '1.5', '2147483648']) expect(propertyId.safeParse(text).success, text).toBe(false);
    expect(propertyId.safeParse('abc').error?.issues[0]?.message).toBe('A valid propertyId is required');
  });

  it('name a property in a path by its code or its number, and nothing that could leave the path', () => {
    expect(propertyIdOrCodeParams.parse({ id: ' HARBOUR ' })).toEqual({ id: 'HARBOUR' });
    expect(propertyIdOrCodeParams.parse({ id: '12' })).toEqual({ id: '12' });
    for (const id of ['', 'a/b', '..%2F', 'x'.repeat(41)]) expect(propertyIdOrCodeParams.safeParse({ id }).success, id).toBe(false);
  });
});

describe('the answers of the API', () => {
  it('give each schema the OpenAPI document names a name of its own', () => {
    const ids = modules
      .flatMap((module) => Object.values(module))
      .filter((value): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value)
      .map((schema) => globalRegistry.get(schema)?.id)
      .filter((id): id is string => id !== undefined);
    expect(ids).toEqual(expect.arrayContaining(['Property', 'Rate', 'ReservationStatus', 'Error', 'ModelState']));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('price a searched rate with every component and its original before the promotion', () => {
    const rate = searchResponseSchema.shape.RoomTypes.element.shape.Rates.element;
    expect(Object.keys(rate.shape)).toEqual(expect.arrayContaining([...PRICE_FIELDS, ...ORIGINAL_PRICE_FIELDS]));
  });

  it('carry the new prices of each room when the price changed, and the fields at fault when the request was invalid', () => {
    const priceChanged = {
      Message: 'The price of your stay has changed. Please check the new price and confirm your booking again.',
      Code: 'PRICE_CHANGED',
      Rooms: [
        {
          ReservationItemId: 'room-1',
          TotalCost: 240,
          OriginalTotalCost: 300,
          ServicesCost: 15,
          Services: [{ ServiceId: 3, TotalCost: 15 }],
        },
      ],
      TotalCost: 255,
    };
    expect(errorResponseSchema.parse(priceChanged)).toEqual(priceChanged);
    const invalid = {
      Message: 'The request is invalid.',
      Code: 'VALIDATION_FAILED',
      ModelState: { 'Booker.Email': ['A valid email address is required'] },
    };
    expect(errorResponseSchema.parse(invalid)).toEqual(invalid);
    expect(errorResponseSchema.safeParse({ Code: 'NOT_FOUND' }).success).toBe(false);
  });
});
