/** The restaurant table booking calls. */
import type {
  AvailabilityResponse,
  CreateTableBookingResponse,
  RestaurantSetupResponse,
  RestaurantsResponse,
} from '@hotel/domain/wire/restaurant-response';
import useSWR from 'swr';
import type { RestaurantBookingRequest } from '@hotel/domain/wire/restaurant-booking-request';
import { apiGet, apiPost } from '../../lib/api-client';

export type Restaurant = RestaurantsResponse[number];

export type RestaurantSetup = RestaurantSetupResponse;

export type RestaurantPromotion = RestaurantTime['Promotions'][number];

export type RestaurantTime = AvailabilityResponse[number];

export type TableBookingCreated = CreateTableBookingResponse;

export function useRestaurants(propertyId: number) {
  return useSWR(
    ['RestaurantBooking/Restaurants', propertyId] as const,
    ([, id]) => apiGet<Restaurant[]>('/RestaurantBooking/Restaurants', { propertyId: id }),
    {
      revalidateOnFocus: false,
    },
  );
}

export function useRestaurantSetup(propertyId: number, restaurantId: number | null, date: string, identifier: string) {
  return useSWR(
    restaurantId === null || date === '' ? null : (['RestaurantBooking/RestaurantSetup', propertyId, restaurantId, date] as const),
    ([, id, restaurant, day]) =>
      apiGet<RestaurantSetup>('/RestaurantBooking/RestaurantSetup', {
        propertyId: id,
        restaurantId: restaurant,
        date: day,
        isReservation: true,
        identifier: identifier || undefined,
      }),
    { revalidateOnFocus: false },
  );
}

export function useRestaurantTimes(
  propertyId: number,
  restaurantId: number | null,
  date: string,
  partySize: number | undefined,
  currencySymbol: string | undefined,
) {
  return useSWR(
    restaurantId === null || date === '' || partySize === undefined
      ? null
      : (['RestaurantBooking/Availability', propertyId, restaurantId, date, partySize] as const),
    ([, id, restaurant, day, size]) =>
      apiGet<RestaurantTime[]>('/RestaurantBooking/Availability', {
        propertyId: id,
        restaurantId: restaurant,
        date: day,
        partySize: size,
        currencySymbol,
      }),
    { revalidateOnFocus: false },
  );
}

/** Books a table; the Idempotency-Key makes a resend after a lost answer replay the first answer instead of booking twice. */
export function createTableBooking(request: RestaurantBookingRequest, idempotencyKey: string): Promise<TableBookingCreated> {
  return apiPost<TableBookingCreated>('/RestaurantBooking/Create', request, { 'Idempotency-Key': idempotencyKey });
}
