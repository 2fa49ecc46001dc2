import type { ReminderKind } from '@lend/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { borrowers } from './core';

/**
 * One row per reminder the job took on: the claim that makes each reminder go out at most once
 * (docs/decisions/094). It is written, and committed, before the message is handed to the SMS
 * provider; the unique key makes a second pass, in this process or another, find it taken.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: varchar('kind', { length: 20 }).$type<ReminderKind>().notNull(),
    /** The installment, payment, order or complaint the reminder is about, by the kind. */
    subjectId: integer('subject_id').notNull(),
    /** The due date an installment reminder is for (a moved date is a new reminder); '' for the others. */
    subjectDate: varchar('subject_date', { length: 10 }).notNull().default(''),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    /** 'sending' from the claim until the provider answers; 'sent' or 'failed' then. */
    status: varchar('status', { length: 10 }).$type<'sending' | 'sent' | 'failed'>().notNull(),
    attempts: smallint('attempts').notNull().default(1),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    /** When a failed send may be tried again; null once the attempts are used up. */
    retryAt: timestamp('retry_at', { withTimezone: true, mode: 'date' }),
    /** The provider's refusal of the last failed attempt, for the operator reading the table. */
    lastError: varchar('last_error', { length: 200 }),
  },
  (t) => [
    unique('reminder_sends_once').on(t.kind, t.subjectId, t.subjectDate),
    index('reminder_sends_retry_idx').on(t.retryAt).where(sql`${t.status} = 'failed'`),
    check('reminder_sends_status_check', sql`${t.status} in ('sending', 'sent', 'failed')`),
    check('reminder_sends_sent_check', sql`(${t.status} = 'sent') = (${t.sentAt} is not null)`),
  ],
);
