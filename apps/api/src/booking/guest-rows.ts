import { eq } from 'drizzle-orm';
import { guests } from '@hotel/db/schema';
import type { Tx } from '../database';

/** A guest row as a change of a booking (manage booking, pre-check-in) writes it. */
export type GuestValues = Omit<typeof guests.$inferInsert, 'id' | 'reservationRoomId' | 'createdAt' | 'updatedAt'>;

/** A guest's names and contact as a page sends them. */
type SentContact = { FirstName?: string | null; LastName?: string | null; Email?: string | null; Phone?: string | null };

/** The booked guest a sent one is, when it is one: its id and the address the pages do not show. */
type KnownGuest = {
  individualId: string;
  street: string | null;
  city: string | null;
  stateOrCounty: string | null;
  zipCode: string | null;
  countryId: number | null;
};

const trimmed = (value: string | null | undefined) => value?.trim() || null;

/**
 * A sent guest as the row to write at `order`: a guest sent with the booker's IndividualId takes
 * the booker's name and contact, whatever the page sent for them; a known guest keeps their id
 * and address; any other gets a new id from the database.
 */
export function guestRowOf(
  guest: SentContact & { IndividualId?: string | null },
  place: { order: number; isLead: boolean; known: KnownGuest | undefined; bookerId: string; booker: SentContact },
): GuestValues {
  const { known, bookerId } = place;
  const individualId = guest.IndividualId === bookerId ? bookerId : known?.individualId;
  const source = individualId === bookerId ? place.booker : guest;
  return {
    ...(individualId ? { individualId } : {}),
    street: known?.street ?? null,
    city: known?.city ?? null,
    stateOrCounty: known?.stateOrCounty ?? null,
    zipCode: known?.zipCode ?? null,
    countryId: known?.countryId ?? null,
    isLead: place.isLead,
    firstName: source.FirstName?.trim() ?? '',
    lastName: source.LastName?.trim() ?? '',
    email: trimmed(source.Email),
    phone: trimmed(source.Phone),
    sortOrder: place.order,
  };
}

/** Replaces a room's guests. */
export async function replaceGuests(tx: Tx, roomId: number, rows: readonly GuestValues[]): Promise<void> {
  await tx.delete(guests).where(eq(guests.reservationRoomId, roomId));
  if (rows.length > 0) await tx.insert(guests).values(rows.map((row) => ({ ...row, reservationRoomId: roomId })));
}
