import { inArray, sql } from 'drizzle-orm';
import { addDays, todayIn } from '@hotel/domain/dates';
import { cardTypes, properties } from '@hotel/db/schema';
import type { AppContext } from '../app-context';
import type { Tx } from '../database';
import { AppError } from '../errors';
import { definitionSchema, type Definition } from './definition-schema';
import { definitionProblems, refusedDefinitionProblems, type DefinitionProblem } from './definition-problems';
import { writeExchangeRates, writeGroups, writeProperty } from './property-writer';
import { sellableWindowDays, type NightWindow } from './sellable-nights';

export type ImportResult = { ok: true; summary: { properties: string[] } } | { ok: false; problems: DefinitionProblem[] };

/** Thrown inside the transaction to roll it back when problems were found (or only a check was asked). */
class Rollback extends Error {
  constructor(readonly problems: DefinitionProblem[]) {
    super('rollback');
  }
}

/** The nights a property's prices and inventory are written for: from yesterday (any zone's today) on. */
export function sellableWindow(now: Date, timeZone: string): NightWindow {
  const today = todayIn(now, timeZone);
  return { first: addDays(today, -1), last: addDays(today, sellableWindowDays) };
}

async function databaseProblems(tx: Tx, definition: Definition): Promise<DefinitionProblem[]> {
  const problems: DefinitionProblem[] = [];
  const knownCards = await tx.select({ name: cardTypes.name, code: cardTypes.code }).from(cardTypes);
  const cardNames = new Set(knownCards.flatMap((card) => [card.name.toLowerCase(), card.code.toLowerCase()]));
  definition.Properties.forEach((property, i) =>
    property.CreditCards.forEach((card, j) => {
      if (!cardNames.has(card.toLowerCase())) {
        problems.push({
          path: `Properties[${i}].CreditCards[${j}]`,
          message: `unknown card type "${card}"; use one of ${knownCards.map((c) => c.name).join(', ')}`,
        });
      }
    }),
  );
  const inFile = new Set(definition.Properties.map((p) => p.Code));
  const referenced = [...new Set(definition.Groups.flatMap((g) => g.Properties))].filter((code) => !inFile.has(code));
  const existing =
    referenced.length === 0 ? [] : await tx.select({ code: properties.code }).from(properties).where(inArray(properties.code, referenced));
  const known = new Set([...inFile, ...existing.map((row) => row.code)]);
  definition.Groups.forEach((group, i) =>
    group.Properties.forEach((code, j) => {
      if (!known.has(code))
        problems.push({
          path: `Groups[${i}].Properties[${j}]`,
          message: `unknown property "${code}": not in this file nor already imported`,
        });
    }),
  );
  return problems;
}

/**
 * A key of one property replaces that property's definition and nothing else: groups and
 * exchange rates reach other properties, so they are the operator's (or an all-properties key's).
 */
function refuseOtherProperties(definition: Definition, onlyProperty: string): void {
  const others = definition.Properties.map((property) => property.Code).filter((code) => code !== onlyProperty);
  const reaches = [
    ...others.map((code) => `property ${code}`),
    ...(definition.Groups.length > 0 ? ['groups'] : []),
    ...(definition.ExchangeRates ? ['exchange rates'] : []),
  ];
  if (reaches.length > 0) {
    throw new AppError(
      'FORBIDDEN',
      `This API key is for property ${onlyProperty} only: its definition may not name ${reaches.join(', ')}. Nothing was changed.`,
    );
  }
}

/**
 * Validates a definition and writes it, all or nothing: any problem (with its JSON path) and
 * nothing changes. Re-importing the same file changes nothing; what is sold stays sold.
 * `onlyProperty`: the code of the one property the caller may change.
 */
export async function importDefinition(
  context: Pick<AppContext, 'database' | 'clock'>,
  input: unknown,
  options: { checkOnly: boolean; onlyProperty?: string },
): Promise<ImportResult> {
  const parsed = definitionSchema.safeParse(input);
  if (!parsed.success) return { ok: false, problems: refusedDefinitionProblems(input, parsed.error.issues) };
  const definition = parsed.data;
  if (options.onlyProperty !== undefined) refuseOtherProperties(definition, options.onlyProperty);
  const ownProblems = definitionProblems(definition);
  if (ownProblems.length > 0) return { ok: false, problems: ownProblems };

  const now = context.clock.now();
  try {
    await context.database.db.transaction(async (tx) => {
      // One import at a time: two concurrent imports of overlapping files would otherwise
      // interleave their upserts.
      await tx.execute(sql`SELECT pg_advisory_xact_lock(727002)`);
      const problems = await databaseProblems(tx, definition);
      const groupIds = await writeGroups(tx, definition.Groups);
      for (const [index, property] of definition.Properties.entries()) {
        const group = definition.Groups.find((g) => g.Properties.includes(property.Code));
        const window = sellableWindow(now, property.TimeZone);
        problems.push(...(await writeProperty(tx, property, { index, groupId: group ? groupIds.get(group.Code) : undefined, window })));
      }
      for (const group of definition.Groups) {
        const others = group.Properties.filter((code) => !definition.Properties.some((p) => p.Code === code));
        if (others.length > 0)
          await tx
            .update(properties)
            .set({ groupId: groupIds.get(group.Code) })
            .where(inArray(properties.code, others));
        // The group search lists a group's properties in the order its definition names them.
        const codes = sql`${`{${group.Properties.join(',')}}`}::text[]`;
        await tx
          .update(properties)
          .set({ groupPosition: sql`array_position(${codes}, ${properties.code})` })
          .where(inArray(properties.code, group.Properties));
      }
      if (definition.ExchangeRates) await writeExchangeRates(tx, definition.ExchangeRates);
      if (problems.length > 0 || options.checkOnly) throw new Rollback(problems);
    });
  } catch (error) {
    if (error instanceof Rollback) {
      if (error.problems.length > 0) return { ok: false, problems: error.problems };
      return { ok: true, summary: { properties: definition.Properties.map((p) => p.Code) } };
    }
    throw error;
  }
  return { ok: true, summary: { properties: definition.Properties.map((p) => p.Code) } };
}
