import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { staffAccounts } from './staff';

/**
 * What staff wrote about a borrower (their user id), an order (its number) or a complaint (its
 * problem id): who, when, the text. A record, as the audit log is: the database refuses UPDATE,
 * DELETE and TRUNCATE of its rows (docs/decisions/236).
 */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subjectKind: varchar('subject_kind', { length: 16 }).notNull(),
    subjectId: varchar('subject_id', { length: 64 }).notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staffAccounts.id),
    /** The author's e-mail as it was when they wrote: the note reads the same if the account changes later. */
    authorEmail: varchar('author_email', { length: 254 }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_notes_subject_idx').on(t.subjectKind, t.subjectId, t.createdAt),
    check('staff_notes_subject_kind_check', sql`${t.subjectKind} in ('borrower', 'order', 'complaint')`),
  ],
);
