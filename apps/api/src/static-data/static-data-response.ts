import type { Country, CreditCardType, CancellationReason } from '@hotel/domain/wire/static-data-response';
import type { AcceptedCardType } from '../property';
import type { CancellationReasonRow, CountryRow } from './static-data-queries';

// Sorted here rather than by the database: its collation differs between PGlite and a
// Postgres server, and "Åland Islands" belongs under A for every guest.
const byName = new Intl.Collator('en', { sensitivity: 'base' });

/** Countries for the booker's country and phone pickers, by name as people read them. */
export function toCountries(rows: CountryRow[]): Country[] {
  return rows
    .map((row) => ({ CountryId: row.id, Name: row.name, Code: row.alpha2, DiallingCode: row.diallingCode }))
    .sort((a, b) => byName.compare(a.Name, b.Name) || a.CountryId - b.CountryId);
}

export function toCreditCardType(card: AcceptedCardType): CreditCardType {
  return { CreditCardTypeId: card.id, Name: card.name, Code: card.code };
}

export function toCancellationReason(row: CancellationReasonRow): CancellationReason {
  return { CancellationReasonId: row.id, Reason: row.text };
}
