import { countNights, parseDate, todayIn } from '@hotel/domain/dates';
import type { ModelState } from '@hotel/domain/model-state';
import { toMinor } from '@hotel/domain/money';
import { PRICE_FIELDS } from '@hotel/domain/pricing';
import {
  ARI_WEEKDAYS,
  type AriAdjustedNight,
  type AriChange,
  type AriChangeResult,
  type AriRequest,
  type AriResponse,
} from '@hotel/domain/wire/ari';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { idempotently, requestHashKey } from '../idempotency';
import { AppError, currencyDecimalsProblem, notFound } from '../errors';
import { sellableWindow } from '../property-definition';
import {
  digestFigures,
  findSoldCodes,
  lockPropertyByCode,
  raiseCatalogueVersion,
  writePrices,
  writeRestriction,
  writeRooms,
  type AriProperty,
  type NightSelection,
  type Restriction,
  type SoldCodes,
} from './ari-queries';

/** The longest range one change may cover: three years of nights. */
export const MAX_ARI_NIGHTS = 3 * 365 + 1;

/** The ids one change applies to, once its codes are known, and the change's index in the request. */
type Resolved = { change: AriChange; index: number; nights: NightSelection; ratePlanIds: number[]; roomTypeIds: number[] };

const add = (modelState: ModelState, path: string, message: string) => (modelState[path] ??= []).push(message);

/** What is wrong with a code the property does not sell, naming those it does. */
export const unknownCodeProblem = (what: 'rate plan' | 'room type', code: string, known: Map<string, number>) =>
  `no ${what} "${code}" is sold at this property; its ${what}s are ${[...known.keys()].join(', ') || 'none'}`;

/** The nights of a change, or its problems: dates in order, within three years and the window the property sells. */
function nightsOf(change: AriChange, at: string, window: { today: string; last: string }, modelState: ModelState): NightSelection | null {
  const from = parseDate(change.From)!;
  const to = parseDate(change.To)!;
  const problems = Object.keys(modelState).length;
  if (to < from) add(modelState, `${at}.To`, `is before From (${from}); the nights run From to To, both included`);
  else if (countNights(from, to) + 1 > MAX_ARI_NIGHTS)
    add(modelState, `${at}.To`, `a change covers at most ${MAX_ARI_NIGHTS} nights (3 years); split it into several changes`);
  if (from < window.today) add(modelState, `${at}.From`, `is in the past: the property's today is ${window.today}`);
  if (to > window.last) add(modelState, `${at}.To`, `is beyond the last night on sale (${window.last})`);
  if (Object.keys(modelState).length > problems) return null;
  const weekdays = change.Weekdays ? [...new Set(change.Weekdays.map((day) => ARI_WEEKDAYS.indexOf(day) + 1))].sort() : null;
  return { from, to, weekdays };
}

/** The rate plan and room type ids a change names; absent codes stand for all, within what the change allows. */
function targetsOf(change: AriChange, at: string, codes: SoldCodes, modelState: ModelState) {
  const lookUp = (kind: 'RatePlan' | 'RoomType', code: string | null | undefined): number[] | null => {
    const known = kind === 'RatePlan' ? codes.ratePlans : codes.roomTypes;
    if (code == null) return [...known.values()];
    const id = known.get(code);
    if (id !== undefined) return [id];
    add(modelState, `${at}.${kind}`, unknownCodeProblem(kind === 'RatePlan' ? 'rate plan' : 'room type', code, known));
    return null;
  };
  if (change.Type === 'StopSell' && change.RatePlan == null && change.RoomType == null) {
    add(modelState, `${at}.RatePlan`, 'name a RatePlan, a RoomType or both to stop or reopen sales of');
    return null;
  }
  const ratePlanIds = change.Type === 'Rooms' ? [] : lookUp('RatePlan', change.RatePlan);
  const roomTypeIds = lookUp('RoomType', change.RoomType);
  return ratePlanIds && roomTypeIds ? { ratePlanIds, roomTypeIds } : null;
}

/** The amounts a price change may carry: a rate's components, its base rate named `Price`. */
const PRICE_CHANGE_AMOUNTS = PRICE_FIELDS.map((field) => (field === 'BaseRate' ? 'Price' : field));

/** The amounts of a price change, each with no more decimals than the property's currency has (no yen fractions). */
function amountsOf(change: AriChange, at: string, currency: string, modelState: ModelState): boolean {
  if (change.Type !== 'Price') return true;
  const problems = Object.keys(modelState).length;
  for (const field of PRICE_CHANGE_AMOUNTS) {
    const amount = change[field];
    const problem = amount == null ? null : currencyDecimalsProblem(amount, currency);
    if (problem !== null) add(modelState, `${at}.${field}`, problem);
  }
  return Object.keys(modelState).length === problems;
}

/** Every change resolved to ids and nights, or a 400 listing every problem of every change. */
function resolveChanges(request: AriRequest, codes: SoldCodes, window: { today: string; last: string }, currency: string): Resolved[] {
  const modelState: ModelState = {};
  const resolved: Resolved[] = [];
  request.Changes.forEach((change, index) => {
    const at = `Changes[${index}]`;
    const nights = nightsOf(change, at, window, modelState);
    const targets = targetsOf(change, at, codes, modelState);
    const amounts = amountsOf(change, at, currency, modelState);
    if (nights && targets && amounts) resolved.push({ change, index, nights, ...targets });
  });
  const count = Object.values(modelState).flat().length;
  if (count > 0) {
    throw new AppError('VALIDATION_FAILED', `The changes have ${count} problem(s); nothing was changed.`, { modelState });
  }
  return resolved;
}

const minor = (amount: number | null | undefined, currency: string) => (amount == null ? null : toMinor(amount, currency));

function restrictionOf(change: Exclude<AriChange, { Type: 'Price' | 'Rooms' }>): Restriction {
  switch (change.Type) {
    case 'StopSell':
      return { column: 'stop_sell', value: change.StopSell };
    case 'MinimumStay':
      return { column: 'min_length_of_stay', value: change.MinimumStay };
    case 'ClosedToArrival':
      return { column: 'closed_to_arrival', value: change.ClosedToArrival };
    case 'ClosedToDeparture':
      return { column: 'closed_to_departure', value: change.ClosedToDeparture };
    case 'MaximumStay':
      return { column: 'max_length_of_stay', value: change.MaximumStay };
    case 'MinimumStayThrough':
      return { column: 'min_length_of_stay_through', value: change.MinimumStayThrough };
    case 'MinimumAdvanceBooking':
      return { column: 'min_advance_booking_days', value: change.MinimumAdvanceBooking };
    case 'MaximumAdvanceBooking':
      return { column: 'max_advance_booking_days', value: change.MaximumAdvanceBooking };
  }
}

/** Applies one resolved change; a Rooms change adds the nights it set to their sold rooms, fewer being asked, to `adjusted`. */
async function applyChange(
  tx: Tx,
  { change, index, nights, ratePlanIds, roomTypeIds }: Resolved,
  currency: string,
  adjusted: AriAdjustedNight[],
) {
  const { Type } = change;
  if (change.Type === 'Price') {
    const counts = await writePrices(tx, { ratePlanId: ratePlanIds[0]!, roomTypeId: roomTypeIds[0]! }, nights, {
      baseRate: toMinor(change.Price, currency),
      baseNumberOfAdults: change.BaseNumberOfAdults ?? null,
      costPerRoom: minor(change.CostPerRoom, currency),
      costPerAdult: minor(change.CostPerAdult, currency),
      costPerChild: minor(change.CostPerChild, currency),
      costPerInfant: minor(change.CostPerInfant, currency),
      perPersonCostPerAdult: minor(change.PerPersonCostPerAdult, currency),
      perPersonCostPerChild: minor(change.PerPersonCostPerChild, currency),
      perPersonCostPerInfant: minor(change.PerPersonCostPerInfant, currency),
    });
    return { Type, Nights: counts.nights, NightsChanged: counts.changed };
  }
  if (change.Type === 'Rooms') {
    const ask = change.Rooms != null ? { rooms: change.Rooms } : { available: change.Available! };
    const rows = await writeRooms(tx, roomTypeIds[0]!, nights, ask);
    for (const row of rows.filter((night) => night.asked < night.sold))
      adjusted.push({ Change: index, RoomType: change.RoomType, Night: row.night, Asked: row.asked, Sold: row.sold, Set: row.after });
    const changed = rows.filter((row) => row.after !== row.before);
    return {
      Type,
      Nights: rows.length,
      NightsChanged: changed.length,
      Rooms: changed.map((row) => ({ Night: row.night, Before: row.before ?? 0, After: row.after, Sold: row.sold })),
    };
  }
  const counts = await writeRestriction(tx, { ratePlanIds, roomTypeIds }, nights, restrictionOf(change));
  return { Type, Nights: counts.nights, NightsChanged: counts.changed };
}

/** The first and last night any of the changes selects. */
const spanOf = (resolved: Resolved[]) => ({
  from: resolved.map((change) => change.nights.from).reduce((a, b) => (a < b ? a : b)),
  to: resolved.map((change) => change.nights.to).reduce((a, b) => (a > b ? a : b)),
});

async function applyInside(tx: Tx, request: AriRequest, now: Date): Promise<AriResponse> {
  const property: AriProperty | undefined = await lockPropertyByCode(tx, request.PropertyCode);
  if (!property) throw notFound(`No property has the code "${request.PropertyCode}". Check the PropertyCode of its definition.`);
  const today = todayIn(now, property.timeZone);
  const window = { today, last: sellableWindow(now, property.timeZone).last };
  const resolved = resolveChanges(request, await findSoldCodes(tx, property.id), window, property.currency);

  // Changed compares the figures before and after the whole request: changes that overlap may
  // each change a night and still leave it as it was.
  const span = spanOf(resolved);
  const before = await digestFigures(tx, property.id, span.from, span.to);
  // In request order: a later change to the same nights wins, as it would sent on its own afterwards.
  const adjusted: AriAdjustedNight[] = [];
  const results: AriChangeResult[] = [];
  for (const change of resolved) results.push(await applyChange(tx, change, property.currency, adjusted));
  const changed = (await digestFigures(tx, property.id, span.from, span.to)) !== before;
  // Every process keys its caches on this version: they all answer the new figures on their next request.
  if (changed) await raiseCatalogueVersion(tx, property.id);
  return { Success: true, PropertyCode: property.code, Changed: changed, Changes: results, Adjusted: adjusted };
}

/**
 * POST /api/Admin/Ari: validates every change (all problems at once, by path), then applies
 * them in one transaction, all or nothing; a night asked fewer rooms than are sold is set to
 * those sold and reported in `Adjusted`, never a refusal that would leave the rest stale. Sending the same request again changes nothing; with
 * an Idempotency-Key, a retry answers the first answer.
 */
export async function applyAri(
  context: Pick<AppContext, 'database' | 'clock' | 'config'>,
  request: AriRequest,
  idempotencyKey: string | undefined,
): Promise<AriResponse> {
  const now = context.clock.now();
  return context.database.db.transaction((tx) =>
    idempotently(
      tx,
      { key: idempotencyKey, scope: `ari:${request.PropertyCode}`, body: request, now, hashKey: requestHashKey(context.config) },
      () => applyInside(tx, request, now),
    ),
  );
}
