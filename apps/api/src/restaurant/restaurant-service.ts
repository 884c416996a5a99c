import { parseDate } from '@hotel/domain/dates';
import { availableTimes, bookingsOnDate } from '@hotel/domain/restaurant';
import type { AppContext } from '../app-context';
import type { Queryable } from '../database';
import { notFound } from '../errors';
import { findProperty, type PropertyRow } from '../property';
import {
  findActiveRestaurant,
  findActiveRestaurants,
  findActiveTables,
  findPromotions,
  findSittings,
  findStandingBookings,
  type RestaurantRow,
} from './restaurant-queries';
import type { AvailabilityResponse, RestaurantSetupResponse, RestaurantsResponse } from '@hotel/domain/wire/restaurant-response';
import { toAvailabilityResponse, toRestaurantSetupResponse, toRestaurantsResponse } from './restaurant-response';

/** The property, or a 404 naming it. */
export async function propertyOrNotFound(db: Queryable, propertyId: number): Promise<PropertyRow> {
  const property = await findProperty(db, propertyId);
  if (!property) throw notFound(`There is no property ${propertyId}.`);
  return property;
}

/** One of the property's restaurants still offered, or a 404. */
export async function restaurantOrNotFound(db: Queryable, property: PropertyRow, restaurantId: number): Promise<RestaurantRow> {
  const restaurant = await findActiveRestaurant(db, property.id, restaurantId);
  if (!restaurant) throw notFound(`${property.name} has no restaurant ${restaurantId} taking bookings.`);
  return restaurant;
}

/** GET /api/RestaurantBooking/Restaurants: the property's restaurants in the definition's order. */
export async function listRestaurants(context: AppContext, propertyId: number): Promise<RestaurantsResponse> {
  const db = context.database.db;
  const property = await propertyOrNotFound(db, propertyId);
  return toRestaurantsResponse(await findActiveRestaurants(db, property.id));
}

/** GET /api/RestaurantBooking/RestaurantSetup: party-size bounds, the no-availability text and the property's currency symbol. */
export async function restaurantSetup(
  context: AppContext,
  query: { propertyId: number; restaurantId: number },
): Promise<RestaurantSetupResponse> {
  const db = context.database.db;
  const property = await propertyOrNotFound(db, query.propertyId);
  const restaurant = await restaurantOrNotFound(db, property, query.restaurantId);
  return toRestaurantSetupResponse(restaurant, property.currency);
}

/**
 * GET /api/RestaurantBooking/Availability: the times a party can book on a date, from the
 * sittings of its weekday in the property's zone, none already past, with leave times and
 * promotions (the domain's `availableTimes`). A party the restaurant does not take online gets none.
 */
export async function restaurantAvailability(
  context: AppContext,
  query: { propertyId: number; restaurantId: number; date: string; partySize: number },
): Promise<AvailabilityResponse> {
  const db = context.database.db;
  const property = await propertyOrNotFound(db, query.propertyId);
  const restaurant = await restaurantOrNotFound(db, property, query.restaurantId);
  if (query.partySize < restaurant.minOnlinePartySize || query.partySize > restaurant.maxOnlinePartySize) return [];
  const date = parseDate(query.date)!;
  const [sittings, tables, promotions, held] = await Promise.all([
    findSittings(db, restaurant.id),
    findActiveTables(db, restaurant.id),
    findPromotions(db, restaurant.id),
    findStandingBookings(db, restaurant.id, date),
  ]);
  const times = availableTimes({
    date,
    now: context.clock.now(),
    timeZone: property.timeZone,
    sittings,
    tables,
    bookings: bookingsOnDate(date, property.timeZone, held),
    partySize: query.partySize,
    promotions,
  });
  return toAvailabilityResponse(times);
}
