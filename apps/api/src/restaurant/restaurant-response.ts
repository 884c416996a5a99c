import type { RestaurantsResponse, RestaurantSetupResponse, AvailabilityResponse } from '@hotel/domain/wire/restaurant-response';
import { localeForCurrency } from '@hotel/domain/money';
import type { AvailableTime } from '@hotel/domain/restaurant';
import type { RestaurantPromotionRow, RestaurantRow } from './restaurant-queries';

/** The restaurants list: id and name only. */
export function toRestaurantsResponse(rows: RestaurantRow[]): RestaurantsResponse {
  return rows.map((row) => ({ Id: row.id, Name: row.name }));
}

/** The symbol people read for a currency ("£", "$", "€"), as Intl writes it in the currency's locale. */
export function currencySymbol(currency: string): string {
  const parts = new Intl.NumberFormat(localeForCurrency(currency), {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).formatToParts(0);
  return parts.find((part) => part.type === 'currency')?.value ?? currency;
}

/** A restaurant's setup: party-size bounds and the text shown when no time is free. */
export function toRestaurantSetupResponse(row: RestaurantRow, currency: string): RestaurantSetupResponse {
  return {
    CurrencySymbol: currencySymbol(currency),
    MinOnlinePartySize: row.minOnlinePartySize,
    MaxOnlinePartySize: row.maxOnlinePartySize,
    NoAvailabilityText: row.noAvailabilityText,
  };
}

/** Offered times without the table each would take (which stays inside). */
export function toAvailabilityResponse(times: AvailableTime<number, RestaurantPromotionRow>[]): AvailabilityResponse {
  return times.map((time) => ({
    Time: time.time,
    IsLeaveTimeRequired: time.IsLeaveTimeRequired,
    LeaveTime: time.LeaveTime,
    Promotions: time.Promotions.map((promotion) => ({
      PromotionId: promotion.id,
      Name: promotion.name,
      Description: promotion.description,
    })),
  }));
}
