import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, pgTable, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { borrowers } from './core';
import { products } from './loans';

/**
 * Every credit decision, with the inputs the scorecard read and the rules' version, so it can be
 * explained later (docs/decisions/140, 141). One standing decision per borrower and product: a
 * new application after a decline's wait supersedes it. A referral is decided by a credit officer
 * on the same row; the rules' own answer stays beside the officer's.
 */
export const creditDecisions = pgTable(
  'credit_decisions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** What stands now: the rules' outcome, or the officer's once a referral is decided. */
    outcome: varchar('outcome', { length: 10 }).notNull(),
    /** What the rules answered, kept when an officer decides. */
    rulesOutcome: varchar('rules_outcome', { length: 10 }).notNull(),
    points: smallint('points').notNull(),
    factors: jsonb('factors').$type<{ factor: string; points: number }[]>().notNull(),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    rulesCeilingMinor: bigint('rules_ceiling_minor', { mode: 'number' }),
    /** What the borrower may borrow: the rules' for an approval, the officer's for an approved referral; null otherwise. */
    amountCeilingMinor: bigint('amount_ceiling_minor', { mode: 'number' }),
    reapplyOn: date('reapply_on', { mode: 'string' }),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    /**
     * A digest of each of the borrower's facts the decision stands on, as they were when it was made
     * (docs/decisions/215); null for a decision made before they were recorded, or after account deletion.
     */
    facts: jsonb('facts').$type<Record<string, string>>(),
    ruleVersion: varchar('rule_version', { length: 40 }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedBy: varchar('decided_by', { length: 60 }).notNull(),
    reviewOutcome: varchar('review_outcome', { length: 10 }),
    reviewReason: varchar('review_reason', { length: 500 }),
    reviewedBy: varchar('reviewed_by', { length: 60 }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    supersededAt: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
    /** Account deletion removed the applicant's facts from `inputs`; the decision stays as a credit record. */
    personalDataErasedAt: timestamp('personal_data_erased_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('credit_decisions_standing').on(t.borrowerId, t.productId).where(sql`${t.supersededAt} is null`),
    index('credit_decisions_referred').on(t.decidedAt).where(sql`${t.outcome} = 'referred'`),
    check('credit_decisions_outcome_check', sql`${t.outcome} in ('approved', 'referred', 'declined') and ${t.rulesOutcome} in ('approved', 'referred', 'declined')`),
    check('credit_decisions_ceiling_check', sql`${t.amountCeilingMinor} is null or ${t.amountCeilingMinor} > 0`),
  ],
);
