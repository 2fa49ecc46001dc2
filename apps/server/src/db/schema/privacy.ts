import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { borrowers } from './core';

/**
 * Rights requests of both markets (docs/decisions/231): Mexico's ARCO rights (access,
 * rectification, cancellation, opposition) and India's rights under the DPDP Act (a summary of the
 * data, correction, erasure, grievance, nomination). Kept after an account is deleted, without the
 * description, as the record that each request was answered in time (docs/decisions/095, 096).
 */
export const arcoRequests = pgTable(
  'arco_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The reference the borrower quotes to the lender or the regulator. */
    folio: varchar('folio', { length: 20 })
      .notNull()
      .generatedAlwaysAs(sql`'AR' || lpad(id::text, 8, '0')`),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    kind: varchar('kind', { length: 16 }).notNull(),
    description: text('description').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The market's date by which the lender answers: 20 calendar days after receipt in Mexico, 30 in India. */
    answerDue: date('answer_due', { mode: 'string' }).notNull(),
    answerText: text('answer_text'),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('arco_requests_borrower_idx').on(t.borrowerId, t.id),
    index('arco_requests_status_due_idx').on(t.status, t.answerDue),
    check(
      'arco_requests_kind_check',
      sql`${t.kind} in ('access', 'rectification', 'cancellation', 'opposition', 'access-summary', 'correction', 'erasure', 'grievance', 'nomination')`,
    ),
    check('arco_requests_status_check', sql`${t.status} in ('open', 'answered')`),
    check('arco_requests_description_check', sql`char_length(${t.description}) <= 1000`),
    check('arco_requests_answer_check', sql`(${t.status} = 'answered') = (${t.answeredAt} is not null and ${t.answerText} is not null)`),
  ],
);
