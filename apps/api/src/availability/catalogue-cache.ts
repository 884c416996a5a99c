import { addDays, type IsoDate } from '@hotel/domain/dates';
import { withOriginals, type PricedNight, type RatePrices } from '@hotel/domain/pricing';
import type { NightRestrictions } from '@hotel/domain/restrictions';
import type { Db, Tx } from '../database';
import { findAcceptedCardTypes, findProperty, type AcceptedCardType, type PropertyRow } from '../property';
import {
  findCatalogueVersion,
  findMonthPrices,
  findPromotions,
  findSellableRatePlans,
  findSellableRoomTypes,
  type MonthPriceRow,
  type PromotionRow,
  type RatePlanRow,
  type RoomTypeRow,
} from './availability-queries';

/**
 * What a property sells and at what price changes only when its definition is imported, and
 * every import raises `properties.catalogue_version` in its transaction. So the room types,
 * rate plans, promotions and nightly prices (and the property row itself) are read once per
 * version and kept here; a search reads the versions and the live inventory, nothing else.
 * Several API processes stay correct: each compares the version it just read with its own.
 */
export type Catalogue = {
  version: number;
  property: PropertyRow;
  roomTypes: RoomTypeRow[];
  ratePlans: RatePlanRow[];
  /** By lower-cased code: codes are unique per property regardless of case. */
  promotions: Map<string, PromotionRow>;
  acceptedCardTypes: AcceptedCardType[];
};

/**
 * One night of a rate plan for a room type, in the domain's terms: its prices with their
 * Original* twins (the same before any promotion) and its restrictions, which are shared
 * between nights: neither may be changed. It is the night as sold without a promotion (no
 * amount off), so a quote prices a stay from these objects as they are.
 */
export type NightlyPrice = PricedNight & {
  readonly prices: Readonly<RatePrices>;
  readonly restrictions: Readonly<NightRestrictions>;
  readonly amountOff: 0;
};

// One night of one rate plan and room type, packed as integers (money is in minor units):
// a month of 14 room types and 12 rate plans is 80 kB instead of 5,000 objects.
const BASE_RATE = 0;
const BASE_ADULTS = 1;
const COST_PER_ROOM = 2;
const COST_PER_ADULT = 3;
const COST_PER_CHILD = 4;
const COST_PER_INFANT = 5;
const PER_PERSON_ADULT = 6;
const PER_PERSON_CHILD = 7;
const PER_PERSON_INFANT = 8;
const MIN_LENGTH_OF_STAY = 9;
// 0 where the night sets none (the stored values are at least 1).
const MAX_LENGTH_OF_STAY = 10;
const MIN_LENGTH_OF_STAY_THROUGH = 11;
const MIN_ADVANCE_BOOKING_DAYS = 12;
const MAX_ADVANCE_BOOKING_DAYS = 13;
const FLAGS = 14;
const FIELDS = 15;
const PRICED = 1;
const CLOSED_TO_ARRIVAL = 2;
const CLOSED_TO_DEPARTURE = 4;
const STOP_SELL = 8;

/** Nightly prices of one calendar month, looked up by rate plan, room type and night. */
class PriceMonth {
  private readonly byPlanAndRoomType = new Map<string, Int32Array>();

  constructor(rows: MonthPriceRow[]) {
    for (const row of rows) {
      const key = `${row.rate_plan_id}:${row.room_type_id}`;
      let days = this.byPlanAndRoomType.get(key);
      if (!days) this.byPlanAndRoomType.set(key, (days = new Int32Array(32 * FIELDS)));
      const at = row.day * FIELDS;
      days[at + BASE_RATE] = row.base_rate;
      days[at + BASE_ADULTS] = row.base_number_of_adults;
      days[at + COST_PER_ROOM] = row.cost_per_room;
      days[at + COST_PER_ADULT] = row.cost_per_adult;
      days[at + COST_PER_CHILD] = row.cost_per_child;
      days[at + COST_PER_INFANT] = row.cost_per_infant;
      days[at + PER_PERSON_ADULT] = row.per_person_cost_per_adult;
      days[at + PER_PERSON_CHILD] = row.per_person_cost_per_child;
      days[at + PER_PERSON_INFANT] = row.per_person_cost_per_infant;
      days[at + MIN_LENGTH_OF_STAY] = row.min_length_of_stay;
      days[at + MAX_LENGTH_OF_STAY] = row.max_length_of_stay ?? 0;
      days[at + MIN_LENGTH_OF_STAY_THROUGH] = row.min_length_of_stay_through ?? 0;
      days[at + MIN_ADVANCE_BOOKING_DAYS] = row.min_advance_booking_days ?? 0;
      days[at + MAX_ADVANCE_BOOKING_DAYS] = row.max_advance_booking_days ?? 0;
      days[at + FLAGS] =
        PRICED |
        (row.closed_to_arrival ? CLOSED_TO_ARRIVAL : 0) |
        (row.closed_to_departure ? CLOSED_TO_DEPARTURE : 0) |
        (row.stop_sell ? STOP_SELL : 0);
    }
  }

  get(ratePlanId: number, roomTypeId: number, night: IsoDate): NightlyPrice | undefined {
    const days = this.daysOf(ratePlanId, roomTypeId);
    return days && nightAt(days, dayOfMonth(night));
  }

  /** A night's restrictions alone: the shared set, where `get` would build the whole night. */
  restrictions(ratePlanId: number, roomTypeId: number, night: IsoDate): Readonly<NightRestrictions> | undefined {
    const days = this.daysOf(ratePlanId, roomTypeId);
    if (!days) return undefined;
    const at = dayOfMonth(night) * FIELDS;
    return (days[at + FLAGS]! & PRICED) === 0 ? undefined : restrictionsOf(days, at);
  }

  /** The packed nights of one rate plan and room type, day of month d at d * FIELDS; undefined when it has none this month. */
  daysOf(ratePlanId: number, roomTypeId: number): Int32Array | undefined {
    return this.byPlanAndRoomType.get(`${ratePlanId}:${roomTypeId}`);
  }
}

/** Whether two packed nights are the same price and restrictions (a stay's weekdays mostly are). */
function sameNight(days: Int32Array, day: number, otherDays: Int32Array, otherDay: number): boolean {
  const at = day * FIELDS;
  const otherAt = otherDay * FIELDS;
  for (let field = 0; field < FIELDS; field += 1) if (days[at + field] !== otherDays[otherAt + field]) return false;
  return true;
}

function nightAt(days: Int32Array, day: number): NightlyPrice | undefined {
  const at = day * FIELDS;
  const flags = days[at + FLAGS]!;
  if ((flags & PRICED) === 0) return undefined;
  return {
    amountOff: 0,
    // A night as the catalogue sells it is a price before any promotion: its Original* twins are its components.
    prices: withOriginals({
      BaseRate: days[at + BASE_RATE]!,
      BaseNumberOfAdults: days[at + BASE_ADULTS]!,
      CostPerRoom: days[at + COST_PER_ROOM]!,
      CostPerAdult: days[at + COST_PER_ADULT]!,
      CostPerChild: days[at + COST_PER_CHILD]!,
      CostPerInfant: days[at + COST_PER_INFANT]!,
      PerPersonCostPerAdult: days[at + PER_PERSON_ADULT]!,
      PerPersonCostPerChild: days[at + PER_PERSON_CHILD]!,
      PerPersonCostPerInfant: days[at + PER_PERSON_INFANT]!,
    }),
    restrictions: restrictionsOf(days, at),
  };
}

/** Restriction sets by their values: a property uses a handful, so each is one frozen object. */
const restrictionSets = new Map<number | string, Readonly<NightRestrictions>>();

/** The packed night at `at`'s restrictions. */
function restrictionsOf(days: Int32Array, at: number): Readonly<NightRestrictions> {
  const minLengthOfStay = days[at + MIN_LENGTH_OF_STAY]!;
  const flags = days[at + FLAGS]!;
  const maxLengthOfStay = days[at + MAX_LENGTH_OF_STAY]!;
  const minLengthOfStayThrough = days[at + MIN_LENGTH_OF_STAY_THROUGH]!;
  const minAdvanceBookingDays = days[at + MIN_ADVANCE_BOOKING_DAYS]!;
  const maxAdvanceBookingDays = days[at + MAX_ADVANCE_BOOKING_DAYS]!;
  // Most nights set none of the restrictions beyond minimum stay and the flags: a number keys those, a text the rest.
  const key =
    (maxLengthOfStay | minLengthOfStayThrough | minAdvanceBookingDays | maxAdvanceBookingDays) === 0
      ? minLengthOfStay * (STOP_SELL * 2) + flags
      : `${minLengthOfStay},${flags},${maxLengthOfStay},${minLengthOfStayThrough},${minAdvanceBookingDays},${maxAdvanceBookingDays}`;
  let restrictions = restrictionSets.get(key);
  if (!restrictions) {
    restrictions = Object.freeze({
      MinLengthOfStay: minLengthOfStay,
      MaxLengthOfStay: maxLengthOfStay || null,
      MinLengthOfStayThrough: minLengthOfStayThrough || null,
      MinAdvanceBookingDays: minAdvanceBookingDays || null,
      MaxAdvanceBookingDays: maxAdvanceBookingDays || null,
      ClosedToArrival: (flags & CLOSED_TO_ARRIVAL) !== 0,
      ClosedToDeparture: (flags & CLOSED_TO_DEPARTURE) !== 0,
      StopSell: (flags & STOP_SELL) !== 0,
    });
    restrictionSets.set(key, restrictions);
  }
  return restrictions;
}

/** The nightly prices of a stretch of nights; a night without a row has no price (not sellable). */
export type NightlyPriceTable = {
  get(ratePlanId: number, roomTypeId: number, night: IsoDate): NightlyPrice | undefined;
  /** A night's restrictions (undefined: the night has no price), without building the night. */
  restrictions(ratePlanId: number, roomTypeId: number, night: IsoDate): Readonly<NightRestrictions> | undefined;
  /** The given nights (in date order) of one rate plan and room type: one lookup per month, not per night. */
  series(ratePlanId: number, roomTypeId: number, nights: readonly IsoDate[]): (NightlyPrice | undefined)[];
};

function dayOfMonth(night: string): number {
  return Number(night.slice(8, 10));
}

function monthOf(night: string): string {
  return night.slice(0, 7);
}

type PropertyEntry = {
  version: number;
  catalogue: Promise<Catalogue>;
  months: Map<string, Promise<PriceMonth>>;
};

/** A month of 14 room types and 12 rate plans packs into 80 kB: 400 months (three years of ten properties) is 32 MB. */
const MAX_CACHED_MONTHS = 400;

/** Raised when an import committed between reading a property's version and reading its prices. */
class CatalogueChanged extends Error {}

export class CatalogueCache {
  private readonly properties = new Map<number, PropertyEntry>();
  /** Every cached month, oldest use first (Map order), for eviction. */
  private readonly monthUse = new Map<string, { propertyId: number; month: string }>();

  constructor(private readonly db: Db) {}

  /** The catalogue of this version of the property (the version the caller just read), or of a newer one. */
  catalogue(property: { id: number; catalogueVersion: number }): Promise<Catalogue> {
    return this.retryOnChange(property, (current) => this.entry(current).catalogue);
  }

  /** The catalogue and the nightly prices of the nights `first` to `last` (both included). */
  pricedCatalogue(
    property: { id: number; catalogueVersion: number },
    first: IsoDate,
    last: IsoDate,
  ): Promise<{ catalogue: Catalogue; prices: NightlyPriceTable }> {
    return this.retryOnChange(property, (current) => this.load(current, first, last));
  }

  private async retryOnChange<T>(
    property: { id: number; catalogueVersion: number },
    read: (property: { id: number; catalogueVersion: number }) => Promise<T>,
  ): Promise<T> {
    try {
      return await read(property);
    } catch (error) {
      if (!(error instanceof CatalogueChanged)) throw error;
      // The property was re-imported a moment ago: read everything again at its new version.
      const current = await findCatalogueVersion(this.db, property.id);
      return read({ id: property.id, catalogueVersion: current ?? property.catalogueVersion });
    }
  }

  private async load(property: { id: number; catalogueVersion: number }, first: IsoDate, last: IsoDate) {
    const entry = this.entry(property);
    const catalogue = await entry.catalogue;
    const names: string[] = [];
    for (let month = monthOf(first); month <= monthOf(last); month = monthOf(addDays(`${month}-01`, 31))) names.push(month);
    // Read together: a calendar of 36 months needs 37 and more, each one query when not cached yet.
    const read = await Promise.all(names.map((month) => this.month(entry, property.id, catalogue, month)));
    const months = new Map(names.map((month, index) => [month, read[index]!]));
    return {
      catalogue,
      prices: {
        get: (ratePlanId: number, roomTypeId: number, night: IsoDate) => months.get(monthOf(night))?.get(ratePlanId, roomTypeId, night),
        restrictions: (ratePlanId: number, roomTypeId: number, night: IsoDate) =>
          months.get(monthOf(night))?.restrictions(ratePlanId, roomTypeId, night),
        series: (ratePlanId: number, roomTypeId: number, nights: readonly IsoDate[]) => {
          let month: string | undefined;
          let days: Int32Array | undefined;
          // A night equal to the one before it is that night's object: fewer short-lived objects per search.
          let previousDays: Int32Array | undefined;
          let previousDay = 0;
          let previous: NightlyPrice | undefined;
          return nights.map((night) => {
            if (monthOf(night) !== month) {
              month = monthOf(night);
              days = months.get(month)?.daysOf(ratePlanId, roomTypeId);
            }
            if (!days) return undefined;
            const day = dayOfMonth(night);
            if (!previousDays || !sameNight(days, day, previousDays, previousDay)) previous = nightAt(days, day);
            previousDays = days;
            previousDay = day;
            return previous;
          });
        },
      },
    };
  }

  private entry(property: { id: number; catalogueVersion: number }): PropertyEntry {
    const cached = this.properties.get(property.id);
    if (cached && cached.version >= property.catalogueVersion) return cached;
    const entry: PropertyEntry = { version: property.catalogueVersion, catalogue: this.readCatalogue(property), months: new Map() };
    // A failed read must not stay cached: the next request tries again.
    entry.catalogue.catch(() => {
      if (this.properties.get(property.id) === entry) this.properties.delete(property.id);
    });
    for (const month of cached?.months.keys() ?? []) this.monthUse.delete(`${property.id}:${month}`);
    this.properties.set(property.id, entry);
    return entry;
  }

  /** Reads in one snapshot that must still be at `version`, so what is cached is exactly that version. */
  private atVersion<T>(propertyId: number, version: number, read: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(
      async (tx) => {
        if ((await findCatalogueVersion(tx, propertyId)) !== version) throw new CatalogueChanged();
        return read(tx);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  private readCatalogue(property: { id: number; catalogueVersion: number }): Promise<Catalogue> {
    return this.atVersion(property.id, property.catalogueVersion, async (tx) => ({
      version: property.catalogueVersion,
      property: (await findProperty(tx, property.id))!,
      roomTypes: await findSellableRoomTypes(tx, property.id),
      ratePlans: await findSellableRatePlans(tx, property.id),
      promotions: new Map((await findPromotions(tx, property.id)).map((promotion) => [promotion.code.toLowerCase(), promotion])),
      acceptedCardTypes: await findAcceptedCardTypes(tx, property.id),
    }));
  }

  private month(entry: PropertyEntry, propertyId: number, catalogue: Catalogue, month: string): Promise<PriceMonth> {
    const useKey = `${propertyId}:${month}`;
    let loading = entry.months.get(month);
    if (!loading) {
      loading = this.readMonth(propertyId, catalogue, month);
      entry.months.set(month, loading);
      loading.catch(() => entry.months.delete(month));
    }
    this.monthUse.delete(useKey);
    this.monthUse.set(useKey, { propertyId, month });
    this.evict();
    return loading;
  }

  private async readMonth(propertyId: number, catalogue: Catalogue, month: string): Promise<PriceMonth> {
    const first = `${month}-01`;
    const last = addDays(`${monthOf(addDays(first, 31))}-01`, -1);
    const ids = catalogue.roomTypes.map((roomType) => roomType.id);
    return new PriceMonth(await this.atVersion(propertyId, catalogue.version, (tx) => findMonthPrices(tx, ids, first, last)));
  }

  private evict(): void {
    for (const [key, { propertyId, month }] of this.monthUse) {
      if (this.monthUse.size <= MAX_CACHED_MONTHS) return;
      this.monthUse.delete(key);
      this.properties.get(propertyId)?.months.delete(month);
    }
  }
}
