import { and, eq, gte, isNull, lte } from 'drizzle-orm';
import { properties, reservations } from '@hotel/db/schema';
import { addDays, todayIn } from '@hotel/domain/dates';
import type { AppContext } from '../app-context';
import { findProperty } from '../property';
import { enqueuePreCheckInReminder } from './pre-check-in-mail';

/** Definitions stored before the reminder could be set remind 3 days before arrival. */
export const DEFAULT_REMINDER_DAYS = 3;

/** A confirmed booking neither reminded nor pre-checked-in yet: read again when claiming, as another process may have claimed it since. */
const stillToRemind = and(
  eq(reservations.status, 'confirmed'),
  isNull(reservations.preCheckInReminderSentAt),
  isNull(reservations.preCheckInCompletedAt),
);

/**
 * Queues the pre-check-in reminder of every confirmed booking arriving within its property's
 * `ReminderDaysBeforeArrival` (from today, in the property's zone) that has neither been
 * reminded nor pre-checked-in. Each booking is claimed by setting `pre_check_in_reminder_sent_at`
 * where it is still null, in the same transaction as its mail row: two processes, or a run after
 * a restart, never queue a second one, and a crash before the commit leaves it to the next run.
 * Answers how many were queued.
 */
export async function queuePreCheckInReminders(
  context: Pick<AppContext, 'database' | 'clock' | 'config' | 'mailEnqueued'>,
): Promise<number> {
  const { db } = context.database;
  const now = context.clock.now();
  const propertyRows = await db.select({ id: properties.id }).from(properties);
  let queued = 0;
  for (const { id } of propertyRows) {
    const property = await findProperty(db, id);
    const days = property?.preCheckInConfiguration.ReminderDaysBeforeArrival ?? DEFAULT_REMINDER_DAYS;
    if (!property || days <= 0) continue;
    const today = todayIn(now, property.timeZone);
    const due = await db
      .select({ id: reservations.id })
      .from(reservations)
      .where(
        and(
          eq(reservations.propertyId, property.id),
          stillToRemind,
          gte(reservations.dateFrom, today),
          lte(reservations.dateFrom, addDays(today, days)),
        ),
      );
    for (const booking of due) {
      const sent = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(reservations)
          .set({ preCheckInReminderSentAt: now, updatedAt: now })
          .where(and(eq(reservations.id, booking.id), stillToRemind))
          .returning();
        if (!claimed) return false;
        await enqueuePreCheckInReminder(tx, context, property, claimed);
        return true;
      });
      if (sent) queued += 1;
    }
  }
  if (queued > 0) context.mailEnqueued.notify();
  return queued;
}

/**
 * Queues due reminders at once (what waited through a restart goes first) and then every
 * quarter hour while the process runs; answers a stop function.
 */
export function schedulePreCheckInReminders(
  context: Pick<AppContext, 'database' | 'clock' | 'config' | 'mailEnqueued' | 'logger'>,
  everyMs = 15 * 60_000,
): () => void {
  const run = () =>
    queuePreCheckInReminders(context).then(
      (count) => count > 0 && context.logger.info({ count }, 'queued pre-check-in reminders'),
      (error: unknown) => context.logger.error({ err: error }, 'queueing pre-check-in reminders failed'),
    );
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
