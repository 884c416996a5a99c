import type { Minor } from '@hotel/domain/money';
import type { Party } from '@hotel/domain/occupancy';
import { cheapestPlacement } from '@hotel/domain/room-placement';
import type { PromoCodeOutcome } from '@hotel/domain/promotion';
import { answeredPromoCode, sellableRoomTypes, type StayQuote } from '../availability';

/** Every searched room placed on its own unit at the lowest total, and the fewest units left among the room types it uses. */
export type PlacedParty = { total: Minor; roomsLeft: number };

export type PartyPlacement = {
  /** Room types with a unit free and an open rate fitting at least one searched room (what the single search lists). */
  availableRoomTypes: number;
  placed: PlacedParty | null;
  /** What the single search answers about the promo code here: judged on the same rates. */
  promoCode: PromoCodeOutcome;
};

/**
 * Places the searched rooms on a quote exactly as the single search prices them. Units are
 * counted per room type, so a room placed on a room type takes its cheapest fitting rate
 * there whatever the other rooms take: the placement is over rooms x room types.
 */
export function placeParty(quote: StayQuote, parties: readonly Party[]): PartyPlacement {
  const offered = sellableRoomTypes(quote, parties);
  const promoCode = answeredPromoCode(quote, offered);
  const sellable = [...offered.values()];
  const costs = parties.map((_, room) =>
    sellable.map((entry) => {
      let cheapest: Minor | null = null;
      for (const { roomCosts } of entry.rates) {
        const cost = roomCosts[room];
        if (cost && (cheapest === null || cost.total < cheapest)) cheapest = cost.total;
      }
      return cheapest;
    }),
  );
  const availableRoomTypes = sellable.filter((_, type) => costs.some((row) => row[type] !== null)).length;
  const placement = cheapestPlacement(
    costs,
    sellable.map((entry) => entry.freeUnits),
  );
  if (!placement) return { availableRoomTypes, placed: null, promoCode };
  const roomsLeft = Math.min(...placement.roomTypeOfRoom.map((type) => sellable[type]!.freeUnits));
  return { availableRoomTypes, placed: { total: placement.total, roomsLeft }, promoCode };
}
