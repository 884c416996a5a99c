import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../src/app-context';
import { rawRows } from '../../src/database/raw-rows';
import { queuePreCheckInReminders } from '../../src/pre-check-in/pre-check-in-reminders';
import { opened } from '../support/outbox';
import { request } from '../support/request';
import { createTestApp, type TestApp } from '../support/test-app';
import { aBooking, aRoom, bookingProperty, givenBookingProperty, type Ids } from '../reservation/reservation-fixture';

/**
 * Today is Monday 1 March 2027, 09:00 in London. BOOK reminds 3 days before arrival (the
 * default): a stay from Thursday 4 March is due today, one from Friday 5 March tomorrow. QUIET
 * sets 0: it never reminds.
 */
const property = {
  ...bookingProperty,
  RoomTypes: (bookingProperty.RoomTypes as Record<string, unknown>[]).map((type) =>
    type.Code === 'DBL' ? { ...type, Rooms: Array.from({ length: 10 }, (_, i) => String(101 + i)) } : type,
  ),
};

let t: TestApp;
let ids: Ids;
let quiet: Ids;

const stay = (from: string, to: string) => ({ DateFrom: from, DateTo: to });

async function book(propertyIds: Ids, from = '2027-03-04', to = '2027-03-06') {
  // Thu 4 - Sat 6: 100 + 140 = 240; Fri 5 - Sun 7: 140 + 140 = 280.
  const total = from === '2027-03-04' ? 240 : 280;
  const created = await request(t.app)
    .post('/api/Reservation/Create')
    .send(aBooking(propertyIds, { ...stay(from, to), Rooms: [aRoom(propertyIds, { ...stay(from, to), TotalCost: total })] }))
    .expect(200);
  const [row] = await rawRows<{ id: number }>(
    t.database.db,
    sql`SELECT id FROM reservations WHERE reservation_number = ${created.body.ReservationNumber}`,
  );
  return { id: row!.id, number: created.body.ReservationNumber as string };
}

const reminders = () =>
  rawRows<{ reservation_id: number; to_address: string; html: string; text: string }>(
    t.database.db,
    sql`SELECT reservation_id, to_address, html, text FROM mail_outbox WHERE kind = 'pre_check_in_reminder' ORDER BY id`,
  );

beforeAll(async () => {
  t = await createTestApp();
  ids = await givenBookingProperty(t, property);
  quiet = await givenBookingProperty(t, { ...property, Code: 'QUIET', PreCheckInConfiguration: { ReminderDaysBeforeArrival: 0 } });
});
afterAll(() => t.close());

describe('the pre-check-in reminder job', () => {
  it('queues one reminder per due booking, with its link, across two processes and a restart; none for cancelled, pre-checked-in or a property that turned them off', async () => {
    const due = await book(ids);
    const later = await book(ids, '2027-03-05', '2027-03-07');
    const cancelled = await book(ids);
    await rawRows(t.database.db, sql`UPDATE reservations SET status = 'cancelled', cancelled_at = now() WHERE id = ${cancelled.id}`);
    const preChecked = await book(ids);
    await rawRows(t.database.db, sql`UPDATE reservations SET pre_check_in_completed_at = now() WHERE id = ${preChecked.id}`);
    await book(quiet);

    // Two processes of one deployment over the same database, running the job at the same moment.
    const other = createAppContext({ ...t.context, clock: { now: () => new Date('2027-03-01T09:00:00Z') } });
    const counts = await Promise.all([queuePreCheckInReminders(t.context), queuePreCheckInReminders(other)]);
    expect(counts[0] + counts[1]).toBe(1);
    // A restart runs the job again first thing: nothing more.
    expect(await queuePreCheckInReminders(t.context)).toBe(0);

    const [mail, ...more] = await reminders();
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ reservation_id: due.id, to_address: 'ada@example.com' });
    const { text } = opened(t, mail!);
    expect(text).toContain(`/PreCheckIn/BOOK/${due.number}/`);
    // The link in the reminder opens the pre-check-in.
    const code = /\/PreCheckIn\/BOOK\/[A-Z0-9]+\/([A-Za-z0-9_-]+)/.exec(text)![1]!;
    const opens = await request(t.app)
      .get('/api/PreCheckIn/Get')
      .query({ propertyId: ids.propertyId, referenceNumber: due.number, hash: code });
    expect(opens.body).toMatchObject({ EntityId: due.id });

    // Tuesday 2 March: the stay from Friday 5 March is 3 days away.
    try {
      t.setNow('2027-03-02T09:00:00Z');
      expect(await queuePreCheckInReminders(t.context)).toBe(1);
      expect((await reminders()).map((row) => row.reservation_id)).toEqual([due.id, later.id]);
    } finally {
      t.setNow('2027-03-01T09:00:00Z');
    }
  });
});
