/**
 * The occupancy rule (docs/domain-rules.md), when a room type shows, and upgrade eligibility.
 * Occupancy counts adults, children and infants; a missing (null or absent) bound is ignored,
 * while 0 is a real bound (ChildMaximumOccupancy 0: no children).
 */

/** The guests of one room, named as the wire's room payload names them. */
export interface Party {
  NumberOfAdults: number;
  NumberOfChildren: number;
  NumberOfInfants: number;
}

/** Occupancy bounds of a room type or a rate plan. */
export interface OccupancyLimits {
  MaximumOccupancy?: number | null;
  MinimumOccupancy?: number | null;
  AdultMaximumOccupancy?: number | null;
  ChildMaximumOccupancy?: number | null;
}

/** A rate plan's occupancy: its bounds apply only with UseOccupancyForRatePlan. */
export interface RateOccupancy extends OccupancyLimits {
  UseOccupancyForRatePlan?: boolean | null;
}

/** The default party of a property that does not set one: 1 adult, 0 children, 0 infants. */
export const DEFAULT_PARTY: Party = { NumberOfAdults: 1, NumberOfChildren: 0, NumberOfInfants: 0 };

/** Guests counted for occupancy: adults + children + infants. */
export function occupancyGuests(party: Party): number {
  return party.NumberOfAdults + party.NumberOfChildren + party.NumberOfInfants;
}

/** True when the party can have a room: at least one adult or child, as infants never stay alone. */
export function canTakeRoom(party: Party): boolean {
  return party.NumberOfAdults + party.NumberOfChildren > 0;
}

/** True when the party satisfies every bound that is present. */
export function fitsOccupancy(party: Party, limits: OccupancyLimits): boolean {
  const total = occupancyGuests(party);
  return (
    (limits.MaximumOccupancy == null || total <= limits.MaximumOccupancy) &&
    (limits.MinimumOccupancy == null || total >= limits.MinimumOccupancy) &&
    (limits.AdultMaximumOccupancy == null || party.NumberOfAdults <= limits.AdultMaximumOccupancy) &&
    (limits.ChildMaximumOccupancy == null || party.NumberOfChildren + party.NumberOfInfants <= limits.ChildMaximumOccupancy)
  );
}

function smallest(a?: number | null, b?: number | null): number | null {
  if (a == null) return b ?? null;
  return b == null ? a : Math.min(a, b);
}

function largest(a?: number | null, b?: number | null): number | null {
  if (a == null) return b ?? null;
  return b == null ? a : Math.max(a, b);
}

/**
 * The bounds that apply to a room type sold on a rate: the room type's own, or with
 * UseOccupancyForRatePlan the smaller of the maxima and the larger of the minima.
 */
export function effectiveOccupancyLimits(roomType: OccupancyLimits, rate: RateOccupancy): OccupancyLimits {
  if (rate.UseOccupancyForRatePlan !== true) {
    return {
      MaximumOccupancy: roomType.MaximumOccupancy ?? null,
      MinimumOccupancy: roomType.MinimumOccupancy ?? null,
      AdultMaximumOccupancy: roomType.AdultMaximumOccupancy ?? null,
      ChildMaximumOccupancy: roomType.ChildMaximumOccupancy ?? null,
    };
  }
  return {
    MaximumOccupancy: smallest(roomType.MaximumOccupancy, rate.MaximumOccupancy),
    MinimumOccupancy: largest(roomType.MinimumOccupancy, rate.MinimumOccupancy),
    AdultMaximumOccupancy: smallest(roomType.AdultMaximumOccupancy, rate.AdultMaximumOccupancy),
    ChildMaximumOccupancy: smallest(roomType.ChildMaximumOccupancy, rate.ChildMaximumOccupancy),
  };
}

/** True when the party may stay in the room type on the rate. */
export function fitsRoomTypeAndRate(party: Party, roomType: OccupancyLimits, rate: RateOccupancy): boolean {
  // Without UseOccupancyForRatePlan the effective limits are the room type's own: checked once.
  return (
    fitsOccupancy(party, roomType) &&
    (rate.UseOccupancyForRatePlan !== true || fitsOccupancy(party, effectiveOccupancyLimits(roomType, rate)))
  );
}

/** What decides whether a room type is shown for a party. */
export interface RoomTypeShowInput<Id> {
  roomTypeId: Id;
  roomType: OccupancyLimits;
  rates: readonly RateOccupancy[];
  /** Rooms of this type still free for the stay (NumberOfRoomsPerRoomTypeId minus the basket). */
  roomsLeft: number;
  party: Party;
  /** The room types the guest filtered on; null or empty: no filter. */
  roomTypeFilter?: readonly Id[] | null;
}

/**
 * A room type shows only if rooms remain, the occupancy fits, at least one rate fits and any
 * chosen room type filter matches.
 */
export function roomTypeShows<Id>(input: RoomTypeShowInput<Id>): boolean {
  const filter = input.roomTypeFilter;
  return (
    input.roomsLeft > 0 &&
    fitsOccupancy(input.party, input.roomType) &&
    input.rates.some((rate) => fitsRoomTypeAndRate(input.party, input.roomType, rate)) &&
    (filter == null || filter.length === 0 || filter.includes(input.roomTypeId))
  );
}

/**
 * True when no room type fits the party: the "not enough rooms based on occupancy" warning
 * then replaces the no-availability message.
 */
export function noRoomTypeFitsOccupancy(roomTypes: readonly OccupancyLimits[], party: Party): boolean {
  return !roomTypes.some((roomType) => fitsOccupancy(party, roomType));
}

/** A room type offered as an upgrade, with the rates it is available on. */
export interface UpgradeRoomType<RatePlanId> extends OccupancyLimits {
  AvailableRates: readonly (RateOccupancy & { RatePlanId: RatePlanId })[];
}

/**
 * An upgrade is eligible when the room type has rooms remaining, a rate on the same rate
 * plan, and the party fits the room type (and that rate's limits with UseOccupancyForRatePlan).
 */
export function isUpgradeEligible<RatePlanId>(input: {
  upgrade: UpgradeRoomType<RatePlanId>;
  roomsLeft: number;
  currentRatePlanId: RatePlanId;
  party: Party;
}): boolean {
  const rate = input.upgrade.AvailableRates.find((candidate) => candidate.RatePlanId === input.currentRatePlanId);
  return input.roomsLeft > 0 && rate !== undefined && fitsRoomTypeAndRate(input.party, input.upgrade, rate);
}
