import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';
import { borrowers } from './core';

const TOPIC_CHECK = sql`in ('marketing', 'paymentReminders', 'accountNotices')`;

/** A borrower's switch per kind of message; a missing row means the topic's default (docs/decisions/093). */
export const messagePreferences = pgTable(
  'message_preferences',
  {
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    topic: varchar('topic', { length: 32 }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.borrowerId, t.topic] }), check('message_preferences_topic_check', sql`${t.topic} ${TOPIC_CHECK}`)],
);

/** Every change of a switch, kept as the record of when consent was given or withdrawn. */
export const messagePreferenceChanges = pgTable(
  'message_preference_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    topic: varchar('topic', { length: 32 }).notNull(),
    enabled: boolean('enabled').notNull(),
    source: varchar('source', { length: 32 }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('message_preference_changes_borrower_idx').on(t.borrowerId, t.changedAt),
    check('message_preference_changes_topic_check', sql`${t.topic} ${TOPIC_CHECK}`),
  ],
);
