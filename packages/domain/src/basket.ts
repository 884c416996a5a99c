/**
 * The basket of reservation items and the rooms left per room type: an item
 * is added only while its room type has a room left, and removing it gives the room back.
 */

/** Rooms left per room type id, as NumberOfRoomsPerRoomTypeId answers them. */
export type RoomsLeft = Readonly<Record<string, number>>;

/** What the basket needs of an item. */
export interface BasketItem {
  ReservationItemId: string | number;
  RoomTypeId: string | number;
  /** The searched room the item fills (1 for the first room). */
  roomNumber: number;
}

/** A basket with the availability it leaves. */
export interface Basket<T extends BasketItem> {
  items: readonly T[];
  roomsLeft: RoomsLeft;
}

/**
 * Adds an item when its room type has at least one room left: that count drops by one and
 * items stay sorted by room number. Null when no room is left.
 */
export function addToBasket<T extends BasketItem>(basket: Basket<T>, item: T): Basket<T> | null {
  const key = String(item.RoomTypeId);
  const left = basket.roomsLeft[key] ?? 0;
  if (left < 1) return null;
  return {
    items: [...basket.items, item].sort((a, b) => a.roomNumber - b.roomNumber),
    roomsLeft: { ...basket.roomsLeft, [key]: left - 1 },
  };
}

/** Removes an item and gives its room back to its room type; unchanged when absent. */
export function removeFromBasket<T extends BasketItem>(basket: Basket<T>, reservationItemId: T['ReservationItemId']): Basket<T> {
  const item = basket.items.find((candidate) => candidate.ReservationItemId === reservationItemId);
  if (item === undefined) return basket;
  const key = String(item.RoomTypeId);
  return {
    items: basket.items.filter((candidate) => candidate !== item),
    roomsLeft: { ...basket.roomsLeft, [key]: (basket.roomsLeft[key] ?? 0) + 1 },
  };
}

/**
 * The basket against a fresh availability answer (rooms free per room type, the basket's own
 * items not counted, as NumberOfRoomsPerRoomTypeId answers them): items of a room type that no
 * longer has a room for each of them are taken out, the last room numbers first, and the rooms
 * left are what the answer leaves once the kept items have theirs. A room type the answer does
 * not name has no room free.
 */
export function fitBasketToAvailability<T extends BasketItem>(
  items: readonly T[],
  free: RoomsLeft,
): { items: T[]; removed: T[]; roomsLeft: Record<string, number> } {
  const roomsLeft: Record<string, number> = { ...free };
  const kept: T[] = [];
  const removed: T[] = [];
  for (const item of [...items].sort((a, b) => a.roomNumber - b.roomNumber)) {
    const key = String(item.RoomTypeId);
    const left = roomsLeft[key] ?? 0;
    if (left < 1) {
      removed.push(item);
      continue;
    }
    roomsLeft[key] = left - 1;
    kept.push(item);
  }
  return { items: kept, removed, roomsLeft };
}
