import { addDays, calendarWindow, daysBetween, type IsoDate } from '@hotel/domain/dates';
import { toMajor } from '@hotel/domain/money';
import { DEFAULT_PARTY, fitsRoomTypeAndRate } from '@hotel/domain/occupancy';
import { pricePerNight, roomPrice } from '@hotel/domain/pricing';
import { shortestOpenStays, type NightRestrictions } from '@hotel/domain/restrictions';
import type { CalendarResponse } from '@hotel/domain/wire/calendar-response';
import type { Catalogue, CatalogueCache, NightlyPriceTable } from './catalogue-cache';
import type { FreeUnitsByNight, InventoryMirror, InventoryVersions } from './inventory-mirror';
import { rateOccupancy, roomTypeLimits } from './search-availability';
import { maxNightsPerStay } from './stay-request';

/** One rate plan on one room type over the model's nights: what its catalogue says, and the shortest stays its rooms free allow. */
type Cell = {
  roomTypeId: number;
  /** Each night's restrictions, undefined where the rate has no price (not sellable). */
  restrictions: (NightRestrictions | undefined)[];
  /** prefix[d]: what one adult pays for nights 0 .. d - 1 (minor units), so a stay's price is a difference. */
  prefix: Float64Array;
  /** Per arrival, the fewest nights a stay can last (0: none), as the rooms free last seen allow. */
  shortest: Int32Array;
};

type RatePlanCells = { ratePlanId: number; cells: Cell[] };

/**
 * A property's availability calendar over its whole window (today to 36 months ahead), kept
 * per catalogue version and day: prices and restrictions are laid out once, and each night's
 * entry is kept as JSON text. When rooms free change (a booking, through any process), only
 * the room types that changed are worked out again, and only the nights whose entries they can
 * move are written again: an arrival's entry depends on the nights of the longest stay from it.
 * A calendar for any part of the window is then its nights' texts joined.
 */
export class CalendarModel {
  readonly from: IsoDate;
  /** Arrivals the calendar answers: today to the end of the window. */
  private readonly arrivals: number;
  /** Nights laid out: a stay arriving on the last day may last the longest stay sold online. */
  readonly days: number;
  private readonly ratePlans: RatePlanCells[];
  private readonly free = new Map<number, Int32Array>();
  private readonly available: Int32Array;
  /** The property's currency, whose minor units the prices are in. */
  private readonly currency: string;
  /** Each arrival's entry as UTF-8 JSON followed by a comma, ready to be joined. */
  private readonly entries: Buffer[];
  /** Runs of BLOCK entries joined, made when first sent and dropped when one of their entries is rewritten. */
  private readonly blocks: (Buffer | undefined)[];
  /** The inventory version the model is at least as new as: requests that read no newer one need no update. */
  private inventoryVersion = -1;

  constructor(
    readonly catalogueVersion: number,
    readonly today: IsoDate,
    catalogue: Catalogue,
    prices: NightlyPriceTable,
  ) {
    const window = calendarWindow(today);
    this.from = window.from;
    this.currency = catalogue.property.currency;
    this.arrivals = daysBetween(window.from, window.to) + 1;
    this.days = this.arrivals + maxNightsPerStay;
    this.available = new Int32Array(this.arrivals);
    this.entries = new Array<Buffer>(this.arrivals);
    this.blocks = new Array<Buffer | undefined>(Math.ceil(this.arrivals / BLOCK));
    const dates = Array.from({ length: this.days }, (_, day) => addDays(this.from, day));
    this.ratePlans = catalogue.ratePlans
      .filter((ratePlan) => !ratePlan.requiresCode)
      .map((ratePlan) => ({
        ratePlanId: ratePlan.id,
        cells: catalogue.roomTypes
          .filter((roomType) => fitsRoomTypeAndRate(DEFAULT_PARTY, roomTypeLimits(roomType), rateOccupancy(ratePlan)))
          .map((roomType): Cell => {
            const rows = prices.series(ratePlan.id, roomType.id, dates);
            const prefix = new Float64Array(this.days + 1);
            rows.forEach((row, day) => (prefix[day + 1] = prefix[day]! + (row ? roomPrice(row.prices, DEFAULT_PARTY) : 0)));
            return {
              roomTypeId: roomType.id,
              restrictions: rows.map((row) => row?.restrictions),
              prefix,
              shortest: new Int32Array(this.arrivals),
            };
          }),
      }));
  }

  /** True when rooms free as of `inventoryVersion` could change the model (it was last brought up to date with older ones). */
  isBehind(inventoryVersion: number): boolean {
    return inventoryVersion > this.inventoryVersion;
  }

  /**
   * Takes the rooms free from the window's first day on (at least `days` of them per active
   * room type), as of `inventoryVersion` or newer, and rewrites what they change.
   */
  update(free: FreeUnitsByNight, inventoryVersion: number): void {
    const firstUpdate = this.inventoryVersion < 0;
    this.inventoryVersion = Math.max(this.inventoryVersion, inventoryVersion);
    // The first time, every entry is written, even for a property with no room type to sell.
    let first = firstUpdate ? 0 : Number.MAX_SAFE_INTEGER;
    let last = firstUpdate ? this.arrivals - 1 : -1;
    for (const [roomTypeId, nights] of free) {
      const held = this.free.get(roomTypeId);
      let low = -1;
      let high = -1;
      for (let day = 0; day < this.days; day += 1) {
        if (held && held[day] === nights[day]) continue;
        if (low < 0) low = day;
        high = day;
      }
      if (low < 0) continue;
      this.free.set(roomTypeId, nights.slice(0, this.days));
      this.reckon(roomTypeId);
      first = Math.min(first, low);
      last = Math.max(last, high);
    }
    if (last < 0) return;
    for (let day = first; day <= Math.min(last, this.arrivals - 1); day += 1) {
      let available = 0;
      for (const nights of this.free.values()) available += Math.max(0, nights[day]!);
      this.available[day] = available;
    }
    // An arrival's entry depends on the nights of the longest stay from it, and no further.
    const from = Math.max(0, first - maxNightsPerStay);
    const to = Math.min(this.arrivals - 1, last);
    for (let day = from; day <= to; day += 1) this.entries[day] = this.entry(day);
    for (let block = Math.floor(from / BLOCK); block <= Math.floor(to / BLOCK); block += 1) this.blocks[block] = undefined;
  }

  /**
   * The calendar from `first` to `last` (both within the window) as UTF-8 JSON in parts to be
   * sent one after another: whole blocks of nights and the nights at either end, none copied.
   */
  json(first: IsoDate, last: IsoDate): Buffer[] {
    const from = daysBetween(this.from, first);
    const to = daysBetween(this.from, last);
    if (to < from) return [EMPTY];
    const parts: Buffer[] = [OPEN];
    let day = from;
    // Every entry but the last, with its comma.
    while (day < to) {
      if (day % BLOCK === 0 && day + BLOCK <= to) {
        parts.push(this.block(day / BLOCK));
        day += BLOCK;
      } else {
        parts.push(this.entries[day]!);
        day += 1;
      }
    }
    const lastEntry = this.entries[to]!;
    parts.push(lastEntry.subarray(0, lastEntry.length - 1), CLOSE);
    return parts;
  }

  private block(index: number): Buffer {
    let block = this.blocks[index];
    if (!block) {
      block = Buffer.concat(this.entries.slice(index * BLOCK, (index + 1) * BLOCK));
      this.blocks[index] = block;
    }
    return block;
  }

  /** The shortest stays of every cell of a room type whose rooms free changed. */
  private reckon(roomTypeId: number): void {
    const free = this.free.get(roomTypeId)!;
    for (const { cells } of this.ratePlans) {
      const cell = cells.find((candidate) => candidate.roomTypeId === roomTypeId);
      if (!cell) continue;
      const shortest = shortestOpenStays(
        cell.restrictions.map((restrictions, day) => ({ restrictions, hasRoomFree: free[day]! > 0 })),
        maxNightsPerStay,
        daysBetween(this.today, this.from),
      );
      for (let day = 0; day < this.arrivals; day += 1) cell.shortest[day] = shortest[day] ?? 0;
    }
  }

  /**
   * One night's entry (docs/pricing.md): rooms free and, per rate plan sold without a code, the
   * fewest nights a stay arriving that night can last on some room type and, among the room
   * types allowing that, the lowest price per night of such a stay for one adult.
   */
  private entry(day: number): Buffer {
    const rates: CalendarResponse[number]['Rates'] = [];
    for (const { ratePlanId, cells } of this.ratePlans) {
      let bestNights = 0;
      let bestTotal = 0;
      for (const cell of cells) {
        const nights = cell.shortest[day]!;
        if (nights === 0) continue;
        // A stay's price is the sum of its nights' (docs/decisions/0001-money-and-rounding.md).
        const total = cell.prefix[day + nights]! - cell.prefix[day]!;
        if (bestNights === 0 || nights < bestNights || (nights === bestNights && total < bestTotal)) {
          bestNights = nights;
          bestTotal = total;
        }
      }
      if (bestNights === 0) continue;
      const perNight = bestNights === 1 ? bestTotal : pricePerNight(bestTotal, bestNights);
      rates.push({ RatePlanId: ratePlanId, MinLengthOfStay: bestNights, MinimumRate: toMajor(perNight, this.currency) });
    }
    const night: CalendarResponse[number] = { DateOfStay: addDays(this.from, day), AvailableRooms: this.available[day]!, Rates: rates };
    return Buffer.from(`${JSON.stringify(night)},`);
  }
}

const OPEN = Buffer.from('[');
const CLOSE = Buffer.from(']');
const EMPTY = Buffer.from('[]');
/** Nights per block: a 36-month calendar is about 35 blocks and the nights at its ends. */
const BLOCK = 32;

/** The calendar models of the properties asked about, one each, replaced when the catalogue or the day changes. */
export class CalendarModels {
  private readonly models = new Map<number, Promise<CalendarModel>>();

  constructor(
    private readonly catalogue: CatalogueCache,
    private readonly inventory: InventoryMirror,
  ) {}

  /** The calendar of a property from `first` to `last` (within its window from `today`) as UTF-8 JSON parts, as of `versions` or newer. */
  async json(versions: InventoryVersions, today: IsoDate, first: IsoDate, last: IsoDate): Promise<Buffer[]> {
    const model = await this.model(versions, today);
    if (model.isBehind(versions.inventoryVersion)) {
      // Rooms free as of the model's catalogue at least: an import read after this request's versions may have built it.
      const current = { ...versions, catalogueVersion: Math.max(versions.catalogueVersion, model.catalogueVersion) };
      const free = await this.inventory.freeUnitsByNight(current, model.from, addDays(model.from, model.days - 1));
      model.update(free, versions.inventoryVersion);
    }
    return model.json(first, last);
  }

  private async model(versions: InventoryVersions, today: IsoDate): Promise<CalendarModel> {
    const held = this.models.get(versions.id);
    if (held) {
      const model = await held;
      if (model.catalogueVersion >= versions.catalogueVersion && model.today === today) return model;
      // Another request may have replaced it meanwhile.
      const current = this.models.get(versions.id);
      if (current !== held) return this.model(versions, today);
    }
    const building = this.build(versions, today);
    this.models.set(versions.id, building);
    // A failed build must not stay: the next request tries again.
    building.catch(() => {
      if (this.models.get(versions.id) === building) this.models.delete(versions.id);
    });
    return building;
  }

  private async build(versions: InventoryVersions, today: IsoDate): Promise<CalendarModel> {
    const window = calendarWindow(today);
    const { catalogue, prices } = await this.catalogue.pricedCatalogue(versions, window.from, addDays(window.to, maxNightsPerStay));
    return new CalendarModel(catalogue.version, today, catalogue, prices);
  }
}
