import type { Db } from '../database';
import { AnswerCache } from './answer-cache';
import { AvailabilityReads } from './availability-queries';
import { CalendarModels } from './calendar-model';
import { CatalogueCache } from './catalogue-cache';
import { InventoryMirror } from './inventory-mirror';

/**
 * What availability keeps between requests: prepared reads, catalogues by version, the rooms
 * free of every property (kept current by version), calendar models and whole answers. Built once with the application's context (app-context.ts); a second context on the
 * same database is another API process with caches of its own.
 */
export type AvailabilityCaches = {
  reads: AvailabilityReads;
  catalogue: CatalogueCache;
  inventory: InventoryMirror;
  calendars: CalendarModels;
  answers: AnswerCache;
};

export function createAvailabilityCaches(db: Db, clock: { now(): Date }): AvailabilityCaches {
  const catalogue = new CatalogueCache(db);
  const inventory = new InventoryMirror(db, clock);
  return {
    reads: new AvailabilityReads(db),
    catalogue,
    inventory,
    calendars: new CalendarModels(catalogue, inventory),
    answers: new AnswerCache(),
  };
}
