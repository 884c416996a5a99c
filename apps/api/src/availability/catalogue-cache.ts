import { addDays, type IsoDate } from '@hotel/domain/dates';
import { withOriginals, type RatePrices } from '@hotel/domain/pricing';
import type { NightRestrictions } from '@hotel/domain/restrictions';
import type { Db, Tx } from '../database/db';
import { findProperty, type PropertyRow } from '../property/property-queries';
import {
  findCatalogueVersion,
  findNightlyPrices,
  findPromotions,
  findSellableRatePlans,
  findSellableRoomTypes,
  type NightlyPriceRow,
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
};

/** One night of a rate plan for a room type, in the domain's terms, ready to sum. */
export type NightlyPrice = { prices: RatePrices; restrictions: NightRestrictions };

/** Nightly prices of one calendar month, looked up by rate plan, room type and night. */
class PriceMonth {
  private readonly byPlanAndRoomType = new Map<string, (NightlyPrice | undefined)[]>();

  constructor(rows: NightlyPriceRow[]) {
    for (const row of rows) {
      const key = `${row.ratePlanId}:${row.roomTypeId}`;
      let days = this.byPlanAndRoomType.get(key);
      if (!days) this.byPlanAndRoomType.set(key, (days = []));
      days[dayOfMonth(row.night)] = toNightlyPrice(row);
    }
  }

  get(ratePlanId: number, roomTypeId: number, night: IsoDate): NightlyPrice | undefined {
    return this.byPlanAndRoomType.get(`${ratePlanId}:${roomTypeId}`)?.[dayOfMonth(night)];
  }
}

/** The nightly prices of a stretch of nights; a night without a row has no price (not sellable). */
export type NightlyPriceTable = { get(ratePlanId: number, roomTypeId: number, night: IsoDate): NightlyPrice | undefined };

function dayOfMonth(night: string): number {
  return Number(night.slice(8, 10));
}

function monthOf(night: string): string {
  return night.slice(0, 7);
}

function toNightlyPrice(row: NightlyPriceRow): NightlyPrice {
  return {
    prices: withOriginals({
      BaseRate: row.baseRate,
      BaseNumberOfAdults: row.baseNumberOfAdults,
      CostPerRoom: row.costPerRoom,
      CostPerAdult: row.costPerAdult,
      CostPerChild: row.costPerChild,
      CostPerInfant: row.costPerInfant,
      PerPersonCostPerAdult: row.perPersonCostPerAdult,
      PerPersonCostPerChild: row.perPersonCostPerChild,
      PerPersonCostPerInfant: row.perPersonCostPerInfant,
    }),
    restrictions: {
      MinLengthOfStay: row.minLengthOfStay,
      ClosedToArrival: row.closedToArrival,
      ClosedToDeparture: row.closedToDeparture,
      StopSell: row.stopSell,
    },
  };
}

type PropertyEntry = {
  version: number;
  catalogue: Promise<Catalogue>;
  months: Map<string, Promise<PriceMonth>>;
};

/** A month of prices is 5,000 rows for 14 room types and 12 rate plans: keep a few years' worth across properties. */
const MAX_CACHED_MONTHS = 120;

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
    const months = new Map<string, PriceMonth>();
    for (let night = first; night <= last; night = addDays(night, 1)) {
      const month = monthOf(night);
      if (!months.has(month)) months.set(month, await this.month(entry, property.id, catalogue, month));
    }
    return {
      catalogue,
      prices: {
        get: (ratePlanId: number, roomTypeId: number, night: IsoDate) => months.get(monthOf(night))?.get(ratePlanId, roomTypeId, night),
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
    return new PriceMonth(await this.atVersion(propertyId, catalogue.version, (tx) => findNightlyPrices(tx, ids, first, last)));
  }

  private evict(): void {
    for (const [key, { propertyId, month }] of this.monthUse) {
      if (this.monthUse.size <= MAX_CACHED_MONTHS) return;
      this.monthUse.delete(key);
      this.properties.get(propertyId)?.months.delete(month);
    }
  }
}

const caches = new WeakMap<Db, CatalogueCache>();

/** The cache of one database (tests open several databases in one process). */
export function catalogueCache(db: Db): CatalogueCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new CatalogueCache(db)));
  return cache;
}
