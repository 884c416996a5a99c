import type { Db } from '../database';
import { findCountries } from './static-data-queries';

/**
 * The ids of the static country list, read once per application context: only a migration
 * writes it. A booking checks the country ids it is given against it, so an unknown one is a
 * 400 with the field's message rather than a foreign-key failure after the card was authorised.
 */
export class KnownCountryIds {
  private ids: Promise<ReadonlySet<number>> | undefined;

  constructor(private readonly db: Db) {}

  read(): Promise<ReadonlySet<number>> {
    if (!this.ids) {
      const ids = findCountries(this.db).then((rows) => new Set(rows.map((row) => row.id)));
      // A failed read must not stay cached: the next booking tries again.
      ids.catch(() => {
        if (this.ids === ids) this.ids = undefined;
      });
      this.ids = ids;
    }
    return this.ids;
  }
}
