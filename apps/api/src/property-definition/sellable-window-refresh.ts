import { eq, max } from 'drizzle-orm';
import { properties, roomTypeInventory, roomTypes } from '@hotel/db/schema';
import type { AppContext } from '../app-context';
import { importDefinition, sellableWindow } from './import-definition';

/**
 * Keeps every property's prices and inventory written 37 months ahead as days pass, by
 * re-importing the definition it was last imported with (idempotent, keeps what is sold).
 * Answers the codes of the properties it moved forward.
 */
export async function refreshSellableWindows(context: Pick<AppContext, 'database' | 'clock' | 'logger'>): Promise<string[]> {
  const { db } = context.database;
  const rows = await db
    .select({
      code: properties.code,
      timeZone: properties.timeZone,
      definition: properties.definition,
      lastNight: max(roomTypeInventory.night),
    })
    .from(properties)
    .leftJoin(roomTypes, eq(roomTypes.propertyId, properties.id))
    .leftJoin(roomTypeInventory, eq(roomTypeInventory.roomTypeId, roomTypes.id))
    .groupBy(properties.id);
  const moved: string[] = [];
  for (const row of rows) {
    if (!row.definition || (row.lastNight && row.lastNight >= sellableWindow(context.clock.now(), row.timeZone).last)) continue;
    const result = await importDefinition(context, { Properties: [row.definition] }, { checkOnly: false });
    if (result.ok) moved.push(row.code);
    else context.logger.error({ property: row.code, problems: result.problems }, 'could not extend the sellable window');
  }
  return moved;
}

/** Refreshes now and then every few hours, for as long as the process runs. */
export function scheduleSellableWindowRefresh(
  context: Pick<AppContext, 'database' | 'clock' | 'logger'>,
  everyMs = 6 * 60 * 60 * 1000,
): () => void {
  const refresh = () =>
    refreshSellableWindows(context).then(
      (moved) => moved.length > 0 && context.logger.info({ properties: moved }, 'extended the sellable window'),
      (error: unknown) => context.logger.error({ err: error }, 'sellable window refresh failed'),
    );
  void refresh();
  const timer = setInterval(refresh, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
