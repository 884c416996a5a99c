import { sql } from 'drizzle-orm';
import { addDays, daysBetween, type IsoDate } from '@hotel/domain/dates';
import { type Db, preparedRows, rawRows } from '../database';
import { maxNightsPerStay } from './stay-request';

/** Units free per night, from `first`, of each active room type of a property: `free[day]` for night first + day. */
export type FreeUnitsByNight = Map<number, Int32Array>;

/** The versions a request read for a property (AvailabilityReads.propertyVersions): the mirror answers as of them or newer. */
export type InventoryVersions = { id: number; catalogueVersion: number; inventoryVersion: number };

/** One property's rooms free as this process holds them, and the versions they are as of. */
type PropertyInventory = {
  /** The property's catalogue version when loaded: an import or ARI update raises it, and everything is read again. */
  catalogueVersion: number;
  /** The night of index 0 of every array. */
  base: IsoDate;
  /** The inventory version held per room type of the property (active or not: the property's version sums them all). */
  versions: Map<number, number>;
  versionSum: number;
  /** Rooms free per night from `base`, per active room type; a night without an inventory row has none. */
  free: Map<number, Int32Array>;
};

/** What the mirror has read since it started, for tests and the operator. */
export type InventoryMirrorStats = { fullLoads: number; deltaLoads: number; nightsRead: number };

/**
 * Every property's sellable inventory (rooms free per active room type and night) kept in this
 * process's memory, so search and calendar read no rows for it. Every request still reads the
 * property's versions first (one small query, shared with concurrent requests): when they have
 * moved past what is held, the mirror reads only the nights changed since, which the
 * commit-time trigger records per night (migration 0021). So a booking committed through any
 * process is seen by the next request here, and an import or ARI update, which raise the
 * catalogue version, has the property read afresh.
 */
export class InventoryMirror {
  private readonly properties = new Map<number, PropertyInventory>();
  /** The read under way per property: requests that need newer rows wait for it, then look again. */
  private readonly reading = new Map<number, Promise<void>>();
  readonly stats: InventoryMirrorStats = { fullLoads: 0, deltaLoads: 0, nightsRead: 0 };

  constructor(
    private readonly db: Db,
    private readonly clock: { now(): Date },
  ) {}

  /** Rooms free for a whole stay (`from` to the night before `to`) per active room type: the fewest over its nights. */
  async freeUnits(versions: InventoryVersions, from: IsoDate, to: IsoDate): Promise<Map<number, number>> {
    const inventory = await this.current(versions, from);
    const first = daysBetween(inventory.base, from);
    const last = daysBetween(inventory.base, to) - 1;
    const answer = new Map<number, number>();
    for (const [roomTypeId, free] of inventory.free) {
      let fewest = first < 0 || last >= free.length || last < first ? 0 : Number.MAX_SAFE_INTEGER;
      for (let day = first; day <= last && fewest > 0; day += 1) fewest = Math.min(fewest, free[day]!);
      answer.set(roomTypeId, fewest);
    }
    return answer;
  }

  /** Rooms free on every night from `first` to `last` (both included) per active room type, as copies the caller may keep. */
  async freeUnitsByNight(versions: InventoryVersions, first: IsoDate, last: IsoDate): Promise<FreeUnitsByNight> {
    const inventory = await this.current(versions, first);
    const offset = daysBetween(inventory.base, first);
    const length = Math.max(0, daysBetween(first, last) + 1);
    const answer: FreeUnitsByNight = new Map();
    for (const [roomTypeId, free] of inventory.free) {
      const nights = new Int32Array(length);
      // Nights before the base or past the last row stay 0: nothing is sold there.
      const from = Math.max(0, -offset);
      const to = Math.min(length, free.length - offset);
      if (to > from) nights.set(free.subarray(offset + from, offset + to), from);
      answer.set(roomTypeId, nights);
    }
    return answer;
  }

  /**
   * The property's inventory at least as new as `versions` and holding `firstNight`, read or
   * brought up to date first when it is not.
   */
  private async current(versions: InventoryVersions, firstNight: IsoDate): Promise<PropertyInventory> {
    for (let reads = 0; ; reads += 1) {
      const held = this.properties.get(versions.id);
      const holdsNight = held !== undefined && firstNight >= held.base;
      if (holdsNight && held.catalogueVersion >= versions.catalogueVersion && held.versionSum >= versions.inventoryVersion) return held;
      // A read always sees the versions the caller read or newer; should the sums ever disagree
      // (a room type moved between properties by hand, say), answer from the newest read rather than read forever.
      if (holdsNight && reads >= 3) return held;
      const under = this.reading.get(versions.id);
      if (under) {
        // Begun before this caller read its versions, perhaps: look again once it is done.
        await under;
        continue;
      }
      const read = (
        holdsNight && held.catalogueVersion >= versions.catalogueVersion
          ? this.readChanges(versions.id, held)
          : this.readAll(versions.id, this.baseFor(firstNight, held))
      )
        .then((inventory) => void this.properties.set(versions.id, inventory))
        .finally(() => this.reading.delete(versions.id));
      this.reading.set(versions.id, read);
      await read;
    }
  }

  /**
   * The first night to hold: as far back as a stay in progress may have begun (a booking's
   * upgrade options ask about it), and further back when asked about an earlier night.
   */
  private baseFor(firstNight: IsoDate, held: PropertyInventory | undefined): IsoDate {
    const today = this.clock.now().toISOString().slice(0, 10);
    let base = addDays(today, -(maxNightsPerStay + 1));
    if (firstNight < base) base = firstNight;
    if (held && held.base < base) base = held.base;
    return base;
  }

  /** Everything from `base` on, in one snapshot: the versions must be those of the counts read. */
  private readAll(propertyId: number, base: IsoDate): Promise<PropertyInventory> {
    return this.db.transaction(
      async (tx) => {
        const [property] = await rawRows<{ catalogue_version: number }>(
          tx,
          sql`SELECT catalogue_version FROM properties WHERE id = ${propertyId}`,
        );
        if (!property) throw new Error(`property ${propertyId} disappeared while its inventory was read`);
        const versionRows = await rawRows<{ room_type_id: number; version: string }>(
          tx,
          sql`SELECT v.room_type_id, v.version FROM room_types rt JOIN room_type_inventory_versions v ON v.room_type_id = rt.id
              WHERE rt.property_id = ${propertyId}`,
        );
        const nightRows = await rawRows<{ room_type_id: number; days: number[] | null; free: number[] | null }>(
          tx,
          sql`SELECT rt.id AS room_type_id, array_agg(i.night - ${base}::date) AS days, array_agg(i.total - i.sold) AS free
              FROM room_types rt LEFT JOIN room_type_inventory i ON i.room_type_id = rt.id AND i.night >= ${base}::date
              WHERE rt.property_id = ${propertyId} AND rt.is_active
              GROUP BY rt.id`,
        );
        const versions = new Map(versionRows.map((row) => [row.room_type_id, Number(row.version)]));
        const free = new Map<number, Int32Array>();
        for (const row of nightRows) {
          const days = (row.days ?? []).filter((day) => day !== null);
          const nights = new Int32Array(days.reduce((length, day) => Math.max(length, day + 1), 0));
          days.forEach((day, index) => (nights[day] = row.free![index]!));
          free.set(row.room_type_id, nights);
          this.stats.nightsRead += days.length;
        }
        this.stats.fullLoads += 1;
        return { catalogueVersion: property.catalogue_version, base, versions, versionSum: sum(versions), free };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  /** The nights changed since the versions held, with the versions they are now at, read in one statement (one snapshot). */
  private async readChanges(propertyId: number, held: PropertyInventory): Promise<PropertyInventory> {
    const ids = [...held.versions.keys()];
    const rows = await preparedRows<{ room_type_id: number; version: string; days: number[] | null; free: number[] | null }>(
      this.db,
      sql`WITH held AS (SELECT * FROM unnest(${`{${ids.join(',')}}`}::int[], ${`{${ids.map((id) => held.versions.get(id)).join(',')}}`}::bigint[])
                          AS h(room_type_id, version))
          SELECT v.room_type_id, v.version, changed.days, changed.free
          FROM room_types rt
          JOIN room_type_inventory_versions v ON v.room_type_id = rt.id
          LEFT JOIN held h ON h.room_type_id = rt.id
          CROSS JOIN LATERAL (
            SELECT array_agg(n.night - ${held.base}::date) AS days, array_agg(i.total - i.sold) AS free
            FROM room_type_inventory_night_versions n
            JOIN room_type_inventory i ON i.room_type_id = n.room_type_id AND i.night = n.night
            WHERE n.room_type_id = rt.id AND n.version > coalesce(h.version, 0) AND n.night >= ${held.base}::date) AS changed
          WHERE rt.property_id = ${propertyId} AND v.version > coalesce(h.version, 0)`,
    );
    const versions = new Map(held.versions);
    const free = new Map(held.free);
    for (const row of rows) {
      versions.set(row.room_type_id, Number(row.version));
      const nights = free.get(row.room_type_id);
      if (!nights || !row.days || !row.free) continue;
      // Copied, not changed in place: a calendar computing on the arrays it was given keeps its snapshot.
      const updated = nights.slice();
      row.days.forEach((day, index) => {
        if (day < updated.length) updated[day] = row.free![index]!;
      });
      free.set(row.room_type_id, updated);
      this.stats.nightsRead += row.days.length;
    }
    this.stats.deltaLoads += 1;
    return { ...held, versions, versionSum: sum(versions), free };
  }
}

function sum(versions: Map<number, number>): number {
  let total = 0;
  for (const version of versions.values()) total += version;
  return total;
}
