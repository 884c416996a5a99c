import { countNights, parseDate } from '@hotel/domain/dates';
import { toMajor } from '@hotel/domain/money';
import type { AriReadBack, AriReadQuery } from '@hotel/domain/wire/ari';
import type { AppContext } from '../app-context';
import { invalidField, notFound } from '../errors';
import { MAX_ARI_NIGHTS, unknownCodeProblem } from './apply-ari';
import { findPropertyByCode, findSoldCodes, readRateNights, readRoomsNights, type RateRow, type RoomsRow } from './ari-queries';

const sourceOf = (setByAri: boolean) => (setByAri ? ('Ari' as const) : ('Definition' as const));

/** Rows in runs of the same key, in the order they came. */
function runsOf<Row>(rows: Row[], keyOf: (row: Row) => string): Row[][] {
  const runs: Row[][] = [];
  let last: string | undefined;
  for (const row of rows) {
    const key = keyOf(row);
    if (key !== last) runs.push([]);
    runs.at(-1)!.push(row);
    last = key;
  }
  return runs;
}

const roomsNight = (row: RoomsRow) => ({
  Night: row.night,
  Rooms: row.total,
  Sold: row.sold,
  Available: row.total - row.sold,
  Source: sourceOf(row.setByAri),
});

const rateNight = (row: RateRow, currency: string) => ({
  Night: row.night,
  Price: toMajor(row.baseRate, currency),
  BaseNumberOfAdults: row.baseNumberOfAdults,
  CostPerRoom: toMajor(row.costPerRoom, currency),
  CostPerAdult: toMajor(row.costPerAdult, currency),
  CostPerChild: toMajor(row.costPerChild, currency),
  CostPerInfant: toMajor(row.costPerInfant, currency),
  PerPersonCostPerAdult: toMajor(row.perPersonCostPerAdult, currency),
  PerPersonCostPerChild: toMajor(row.perPersonCostPerChild, currency),
  PerPersonCostPerInfant: toMajor(row.perPersonCostPerInfant, currency),
  Restrictions: {
    StopSell: row.stopSell,
    MinimumStay: row.minLengthOfStay,
    ClosedToArrival: row.closedToArrival,
    ClosedToDeparture: row.closedToDeparture,
    MaximumStay: row.maxLengthOfStay,
    MinimumStayThrough: row.minLengthOfStayThrough,
    MinimumAdvanceBooking: row.minAdvanceBookingDays,
    MaximumAdvanceBooking: row.maxAdvanceBookingDays,
  },
  Source: sourceOf(row.setByAri),
});

/** The nights asked for, or a 400: From..To in order and at most as many nights as one change may set. */
function rangeOf(query: AriReadQuery) {
  const from = parseDate(query.from)!;
  const to = parseDate(query.to)!;
  if (to < from) throw invalidField('to', `is before from (${from}); the nights run from to to, both included`);
  if (countNights(from, to) + 1 > MAX_ARI_NIGHTS)
    throw invalidField('to', `a read covers at most ${MAX_ARI_NIGHTS} nights (3 years); read a longer range in several parts`);
  return { from, to };
}

/** The ids of the code asked for, all of them when none is, or a 400 naming the codes there are. */
function idsOf(known: Map<string, number>, code: string | undefined, field: 'roomType' | 'ratePlan'): number[] {
  if (code === undefined) return [...known.values()];
  const id = known.get(code);
  if (id !== undefined) return [id];
  throw invalidField(field, unknownCodeProblem(field === 'roomType' ? 'room type' : 'rate plan', code, known));
}

/**
 * GET /api/Admin/Ari: a property's nights as it sells them, in the terms of an ARI request, so
 * a PMS or channel manager can check what it set (and what the definition set) and what is sold.
 */
export async function readAri(context: Pick<AppContext, 'database'>, query: AriReadQuery): Promise<AriReadBack> {
  const range = rangeOf(query);
  // One snapshot: rooms, prices and restrictions of the same moment.
  return context.database.db.transaction(
    async (tx) => {
      const property = await findPropertyByCode(tx, query.propertyCode);
      if (!property) throw notFound(`No property has the code "${query.propertyCode}". Check the PropertyCode of its definition.`);
      const codes = await findSoldCodes(tx, property.id);
      const selection = {
        ...range,
        roomTypeIds: idsOf(codes.roomTypes, query.roomType, 'roomType'),
        ratePlanIds: idsOf(codes.ratePlans, query.ratePlan, 'ratePlan'),
      };
      const rooms = await readRoomsNights(tx, selection);
      const rates = await readRateNights(tx, selection);
      return {
        PropertyCode: property.code,
        Currency: property.currency,
        From: range.from,
        To: range.to,
        RoomTypes: runsOf(rooms, (row) => row.roomType).map((run) => ({ RoomType: run[0]!.roomType, Nights: run.map(roomsNight) })),
        Rates: runsOf(rates, (row) => `${row.ratePlan}\u0000${row.roomType}`).map((run) => ({
          RatePlan: run[0]!.ratePlan,
          RoomType: run[0]!.roomType,
          Nights: run.map((row) => rateNight(row, property.currency)),
        })),
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
