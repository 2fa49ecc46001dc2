import { sql } from 'drizzle-orm';
import { boolean, char, check, date, index, integer, jsonb, pgTable, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { SettlementLine } from '../../providers/refunds/settlement-source';
import { createdAt, minor, updatedAt } from './columns';
import { borrowers } from './core';
import { loanOrders } from './loans';
import { ledgerEntries, payments } from './money';

/**
 * A borrower's request to have their credit sent back (docs/decisions/119). At most one is open per
 * order, so asking again answers the same request.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    /** The credit the order held when the borrower asked. */
    creditMinor: minor('credit_minor'),
    /** open, then refunded once an operator sends a refund for it. */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('refund_requests_one_open_per_order').on(t.orderId).where(sql`${t.status} = 'open'`),
    check('refund_requests_status_check', sql`${t.status} in ('open', 'refunded')`),
  ],
);

/**
 * Credit sent back to a borrower: through the provider that took the money, or by a transfer the
 * lender made outside any provider (`provider` 'outside'). Its ledger entry is written with it;
 * a refund the provider fails is reversed by a second entry (docs/decisions/119).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    /** Whose credit it returns: their account cannot be deleted while it is pending. */
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    requestId: integer('request_id').references(() => refundRequests.id),
    /** The payment whose provider returns the money; none for an outside transfer. */
    paymentId: integer('payment_id').references(() => payments.id),
    provider: varchar('provider', { length: 40 }).notNull(),
    /** The provider's id of that payment, which the provider is asked to return. */
    providerPaymentId: varchar('provider_payment_id', { length: 100 }),
    /** One per refund: the provider is always asked with it, so a retry is the same refund. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull().unique(),
    providerRefundId: varchar('provider_refund_id', { length: 100 }),
    amountMinor: minor('amount_minor'),
    currency: char('currency', { length: 3 }).notNull(),
    /** pending (sent, or to be sent), succeeded, failed. */
    status: varchar('status', { length: 10 }).notNull(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    reversalEntryId: integer('reversal_entry_id').references(() => ledgerEntries.id),
    recordedBy: varchar('recorded_by', { length: 100 }),
    note: varchar('note', { length: 200 }),
    /** Who sent it: a person on the staff (their id) or the token (no id, `operator token`). */
    sentByStaffId: integer('sent_by_staff_id'),
    sentBy: varchar('sent_by', { length: 200 }),
    /** The request a second person approved; none when one person sent it alone (docs/decisions/219). */
    approvalId: integer('approval_id'),
    /** The market's day it was sent on: one person's refunds alone are summed per day. */
    sentOn: date('sent_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('refunds_order_idx').on(t.orderId, t.id),
    index('refunds_sent_by_day_idx').on(t.sentBy, t.sentOn),
    index('refunds_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
    index('refunds_borrower_pending_idx').on(t.borrowerId).where(sql`${t.status} = 'pending'`),
    index('refunds_provider_day_idx').on(t.provider, t.createdAt),
    unique('refunds_provider_refund').on(t.provider, t.providerRefundId),
    check('refunds_amount_check', sql`${t.amountMinor} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
  ],
);

/**
 * A refund above the staff limit, asked by one person and waiting for a different administrator
 * (docs/decisions/180). Nothing moves until it is approved; approving writes the refund (`refundId`)
 * in the same transaction. At most one waits per order.
 */
export const refundApprovals = pgTable(
  'refund_approvals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    amountMinor: minor('amount_minor'),
    currency: char('currency', { length: 3 }).notNull(),
    outside: boolean('outside').notNull().default(false),
    note: varchar('note', { length: 200 }),
    /** The asker's name for the refund (`recordedBy`), kept on the refund once approved. */
    recordedBy: varchar('recorded_by', { length: 100 }).notNull(),
    /** The asker's key: asking again with it answers this request. */
    idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull().unique(),
    /** Who asked: a person on the staff (their id) or the token (no id). */
    requestedByStaffId: integer('requested_by_staff_id'),
    requestedBy: varchar('requested_by', { length: 200 }).notNull(),
    /** pending, approved, declined. */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    decidedByStaffId: integer('decided_by_staff_id'),
    decidedBy: varchar('decided_by', { length: 200 }),
    decisionNote: varchar('decision_note', { length: 200 }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    refundId: integer('refund_id').references(() => refunds.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refund_approvals_one_pending_per_order').on(t.orderId).where(sql`${t.status} = 'pending'`),
    index('refund_approvals_status_idx').on(t.status, t.id),
    check('refund_approvals_amount_check', sql`${t.amountMinor} > 0`),
    check('refund_approvals_status_check', sql`${t.status} in ('pending', 'approved', 'declined')`),
  ],
);

/**
 * A provider's refund event, kept once per event and refund (docs/decisions/126): a delivery of the
 * same event again finds its row and changes nothing. `refundId` is empty for a refund we never
 * issued, which is kept for an operator in payment_exceptions.
 */
export const refundEvents = pgTable(
  'refund_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar('provider', { length: 40 }).notNull(),
    eventId: varchar('event_id', { length: 100 }).notNull(),
    /** The provider's id of the refund the event is about. */
    providerRefundId: varchar('provider_refund_id', { length: 100 }).notNull(),
    refundId: integer('refund_id').references(() => refunds.id),
    /** What the event said of the refund: pending, succeeded or failed. */
    status: varchar('status', { length: 10 }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('refund_events_once').on(t.provider, t.eventId, t.providerRefundId), index('refund_events_refund_idx').on(t.refundId)],
);

/** A settlement line as stored in a report: the provider's line as it came. */
export type SettlementLineRecord = SettlementLine;

/**
 * One provider's settlement of one day matched against our books (docs/decisions/120). Running the
 * day again replaces its report.
 */
export const settlementReports = pgTable(
  'settlement_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar('provider', { length: 40 }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    matchedCount: integer('matched_count').notNull(),
    /** Lines the provider settled that our ledger does not hold (or holds for another amount). */
    missingInLedger: jsonb('missing_in_ledger').$type<(SettlementLineRecord & { reason: string })[]>().notNull(),
    /** Our payments and refunds of the day the provider's report does not name. */
    missingAtProvider: jsonb('missing_at_provider').$type<{ kind: 'payment' | 'refund' | 'payout'; providerTxId: string; amountMinor: number; orderNo: string }[]>().notNull(),
    feeTotalMinor: minor('fee_total_minor'),
    /** The currency the provider settled the day in (its fee total's); null for a day with nothing in it. */
    currency: char('currency', { length: 3 }),
    createdAt: createdAt(),
  },
  (t) => [unique('settlement_reports_provider_day').on(t.provider, t.day)],
);

/**
 * The sandbox refund provider's own books (providers/refunds): kept in our database only because the
 * sandbox runs in our process. Nothing outside that provider reads them.
 */
export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: varchar('id', { length: 100 }).primaryKey(),
  /** sandbox-cash or sandbox-card: which sandbox network took the money. */
  network: varchar('network', { length: 40 }).notNull(),
  idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull().unique(),
  paymentId: varchar('payment_id', { length: 100 }).notNull(),
  amountMinor: minor('amount_minor'),
  currency: char('currency', { length: 3 }).notNull(),
  /** pending, succeeded or failed. */
  status: varchar('status', { length: 10 }).notNull(),
  createdAt: createdAt(),
});
