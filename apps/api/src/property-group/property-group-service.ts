import type { ExchangeRates } from '@hotel/domain/money';
import type { PropertyGroupResponse } from '@hotel/domain/wire/property-group';
import type { AppContext } from '../app-context';
import { countCodeGuess } from '../availability';
import { exchangeRateTable } from '../currency-exchange-rate';
import { invalidField, notFound } from '../errors';
import type { GuessingClient } from '../http';
import type { PropertyRow } from '../property';
import { findGroupProperties, findPropertyGroup } from './property-group-queries';
import { toPropertyGroupResponse } from './property-group-response';

/** A property of a searched group: its versions (what answers are cached on) and its row as of them. */
export type GroupMember = { property: PropertyRow; catalogueVersion: number; inventoryVersion: number };

const noSuchGroup = (idOrCode: string | number) => notFound(`There is no property group "${idOrCode}". Check the address you were given.`);

/** GET /api/PropertyGroup/{id}: a group by its number or code, with its properties in definition order. */
export async function propertyGroup(context: Pick<AppContext, 'database'>, idOrCode: string): Promise<PropertyGroupResponse> {
  const group = await findPropertyGroup(context.database.db, idOrCode);
  if (!group) throw noSuchGroup(idOrCode);
  return toPropertyGroupResponse(group, await findGroupProperties(context.database.db, group.id));
}

/**
 * The properties a group search runs over, in definition order, each with the catalogue and
 * inventory versions just read (one query for the whole group) and its row from the catalogue cache.
 */
export async function groupMembers(context: Pick<AppContext, 'availability'>, groupId: number): Promise<GroupMember[]> {
  const { reads, catalogue } = context.availability;
  const versions = await reads.groupVersions(groupId);
  if (!versions) throw noSuchGroup(groupId);
  return Promise.all(
    versions.map(async (version) => ({
      property: (await catalogue.catalogue(version)).property,
      catalogueVersion: version.catalogueVersion,
      inventoryVersion: version.inventoryVersion,
    })),
  );
}

/**
 * A group search that names a code is a guess at the group (code-guesses.ts of availability):
 * it counts as a miss when no property of the group has such a promotion or rate plan.
 */
export async function countGroupCodeGuess(
  context: Pick<AppContext, 'availability'>,
  guess: GuessingClient,
  groupId: number,
  members: readonly GroupMember[],
  codes: { PromoCode?: string | null; RatePlanCode?: string | null },
): Promise<void> {
  const catalogues = await Promise.all(
    members.map((member) =>
      context.availability.catalogue.catalogue({ id: member.property.id, catalogueVersion: member.catalogueVersion }),
    ),
  );
  await countCodeGuess(guess, `group:${groupId}`, catalogues, codes);
}

/** What a group answer is cached on besides the request: each property's versions and today. */
export function membersKey(members: readonly GroupMember[], todayOf: (member: GroupMember) => string): string {
  return members.map((m) => `${m.property.id}:${m.catalogueVersion}:${m.inventoryVersion}:${todayOf(m)}`).join(',');
}

/**
 * The exchange rates to show prices in `currency`, or null when every property already charges
 * in it. A currency the rates do not know (and no property charges in) is refused: prices
 * could not be shown in it.
 */
export async function displayRates(
  context: Pick<AppContext, 'database'>,
  currency: string,
  members: readonly GroupMember[],
  field: string,
): Promise<ExchangeRates | null> {
  if (members.every((member) => member.property.currency === currency)) return null;
  const rates = await exchangeRateTable(context);
  if (rates.Rates[currency] === undefined && !members.some((member) => member.property.currency === currency))
    throw invalidField(field, `There is no exchange rate for ${currency}. Use one of ${Object.keys(rates.Rates).sort().join(', ')}.`);
  return rates;
}
