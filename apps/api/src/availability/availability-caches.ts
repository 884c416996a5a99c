import type { Db } from '../database';
import { AnswerCache } from './answer-cache';
import { AvailabilityReads } from './availability-queries';
import { CatalogueCache } from './catalogue-cache';
import { InventoryMirror } from './inventory-mirror';

/**
 * What availability keeps between requests: prepared reads, catalogues by version, the rooms
 * free of every property (kept current by version) and whole answers. Built once with the application's context (app-context.ts); a second context on the
 * same database is another API process with caches of its own.
 */
export type AvailabilityCaches = { reads: AvailabilityReads; catalogue: CatalogueCache; inventory: InventoryMirror; answers: AnswerCache };

export function createAvailabilityCaches(db: Db, clock: { now(): Date }): AvailabilityCaches {
  return {
    reads: new AvailabilityReads(db),
    catalogue: new CatalogueCache(db),
    inventory: new InventoryMirror(db, clock),
    answers: new AnswerCache(),
  };
}
