/**
 * What a room costs on a rate of a search answer. The search prices every searched room night
 * by night (each night's own base number of adults, fixed discounts per night), so the client
 * shows and sends exactly what the server charges (docs/pricing.md).
 */
import { toMinor } from '@hotel/domain/money';
import type { RoomCost } from '@hotel/domain/pricing';
import type { Rate as WireRate } from '@hotel/domain/wire/search-response';

/**
 * The stay price of the searched room `roomIndex` on a rate, and its undiscounted twin, in minor
 * units of the property's `currency` (yen, pence); null when its party does not fit.
 */
export function roomCostOf(rate: WireRate, roomIndex: number, currency: string): RoomCost | null {
  const cost = rate.RoomCosts[roomIndex];
  return cost ? { total: toMinor(cost.TotalCost, currency), original: toMinor(cost.OriginalTotalCost, currency) } : null;
}
