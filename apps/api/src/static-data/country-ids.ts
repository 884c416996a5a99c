import type { Db } from '../database/db';
import { findCountries } from './static-data-queries';

const cached = new WeakMap<Db, Promise<ReadonlySet<number>>>();

/**
 * The ids of the static country list, read once per database: only a migration writes it. A
 * booking checks the country ids it is given against it, so an unknown one is a 400 with the
 * field's message rather than a foreign-key failure after the card was authorised.
 */
export function knownCountryIds(db: Db): Promise<ReadonlySet<number>> {
  let ids = cached.get(db);
  if (!ids) {
    ids = findCountries(db).then((rows) => new Set(rows.map((row) => row.id)));
    // A failed read must not stay cached: the next booking tries again.
    ids.catch(() => cached.delete(db));
    cached.set(db, ids);
  }
  return ids;
}
