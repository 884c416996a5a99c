import { sql } from 'drizzle-orm';
import { rawRows } from '../../src/database/raw-rows';
import { request } from '../support/request';
import type { TestApp } from '../support/test-app';
import { aBooking, bookingProperty, type Ids } from '../reservation/reservation-fixture';

/** The booking property with 40 doubles, so a test file books as often as it likes. */
export const roomyProperty = {
  ...bookingProperty,
  RoomTypes: (bookingProperty.RoomTypes as Record<string, unknown>[]).map((type) =>
    type.Code === 'DBL' ? { ...type, Rooms: Array.from({ length: 40 }, (_, i) => String(101 + i)) } : type,
  ),
};

export const adminKey = 'test-admin-key-0123456789';

export type Booked = { id: number; number: string; token: string };

export type FeedPage = { Items: { ReservationNumber: string; Status: string }[]; NextCursor: string; HasMore: boolean };

/** Booking and reading the feed of property BOOK through one app (`app()`: the app may be made later). */
export function feedClient(app: () => TestApp, ids: () => Ids) {
  async function book(overrides: Record<string, unknown> = {}): Promise<Booked> {
    const t = app();
    const { body } = await request(t.app).post('/api/Reservation/Create').send(aBooking(ids(), overrides)).expect(200);
    const [row] = await rawRows<{ id: number }>(
      t.database.db,
      sql`SELECT id FROM reservations WHERE reservation_number = ${body.ReservationNumber}`,
    );
    return { id: row!.id, number: body.ReservationNumber, token: body.ConfirmationToken };
  }

  const feed = (query: Record<string, string | number>) =>
    request(app().app)
      .get('/api/Admin/Reservations')
      .set('X-Api-Key', adminKey)
      .query({ propertyCode: 'BOOK', ...query });

  /** Follows the feed from `start` until it has nothing more now: every item's number in order and the last cursor. */
  async function readToEnd(
    start: Record<string, string | number>,
    limit = 2,
  ): Promise<{ numbers: string[]; cursor: string; pages: number }> {
    const numbers: string[] = [];
    let query = start;
    let pages = 0;
    for (;;) {
      const page = (await feed({ ...query, limit }).expect(200)).body as FeedPage;
      pages += 1;
      numbers.push(...page.Items.map((item) => item.ReservationNumber));
      if (!page.HasMore) return { numbers, cursor: page.NextCursor, pages };
      query = { cursor: page.NextCursor };
    }
  }

  return { book, feed, readToEnd };
}
