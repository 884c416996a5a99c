import { bigint, index, inet, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { users } from './account';
import { instant } from './shared-columns';

/**
 * Who did what to which thing, and from where: imports, logins, password changes,
 * amendments, cancellations. `details` never holds a password, token or card number.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: instant('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who acted when it was not a user: 'admin-api', 'cli', 'guest', 'system'. */
    actor: text('actor'),
    action: text('action').notNull(),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    ip: inet('ip'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId),
    index('audit_log_actor_user_id_idx').on(t.actorUserId),
  ],
);
