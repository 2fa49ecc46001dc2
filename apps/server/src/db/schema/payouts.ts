import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, jsonb, pgTable, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, minor, updatedAt } from './columns';
import { borrowers } from './core';
import { loanOrders } from './loans';

/**
 * A loan's money sent to the borrower's bank account (docs/decisions/152). At most one payout of an
 * order is live (not rejected or reversed), so approving twice, or a retry racing a sender, can
 * never send an order's money twice.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    market: char('market', { length: 2 }).notNull(),
    provider: varchar('provider', { length: 40 }).notNull(),
    amountMinor: minor('amount_minor'),
    currency: char('currency', { length: 3 }).notNull(),
    /** The profiles module's account it goes to; kept without a reference, as an erased account leaves its payouts. */
    payoutAccountId: integer('payout_account_id'),
    /** The account's last four digits, what the borrower is shown. */
    accountLast4: varchar('account_last4', { length: 4 }),
    /** Made from the order and the attempt: the provider is always asked with it, so a retry is the same transfer. */
    idempotencyKey: varchar('idempotency_key', { length: 35 }).notNull().unique(),
    /** queued, validating, sending, processing, paid, rejected, reversed or held. */
    status: varchar('status', { length: 12 }).notNull(),
    /** Why it waits or failed: no-account, provider-disabled, daily-ceiling, or the provider's rejection. */
    reason: varchar('reason', { length: 40 }),
    detail: varchar('detail', { length: 300 }),
    providerPayoutId: varchar('provider_payout_id', { length: 100 }),
    /** What the borrower's bank shows: the SPEI tracking key in Mexico, the UTR in India. */
    transferRef: varchar('transfer_ref', { length: 40 }),
    attempts: integer('attempts').notNull().default(0),
    /** The market's date it was first handed to the provider, for look-ups and the daily ceiling. */
    sentOn: date('sent_on', { mode: 'string' }),
    sendingAt: timestamp('sending_at', { withTimezone: true, mode: 'date' }),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** A reversal of an order a payment already touched: not booked, left for an operator (docs/decisions/155). */
    reversalParkedAt: timestamp('reversal_parked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_one_live_per_order').on(t.orderId).where(sql`${t.status} not in ('rejected', 'reversed')`),
    index('payouts_status_idx').on(t.status, t.id),
    check('payouts_status_check', sql`${t.status} in ('queued', 'validating', 'sending', 'processing', 'paid', 'rejected', 'reversed', 'held')`),
  ],
);

/** Each provider notification about a payout, kept once: the same event again is a replay. */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar('provider', { length: 40 }).notNull(),
    eventId: varchar('event_id', { length: 120 }).notNull(),
    /** None when it names a payout we never made: kept for an operator. */
    payoutId: integer('payout_id').references(() => payouts.id),
    /** applied, replay-of-state, unknown-payout. */
    outcome: varchar('outcome', { length: 20 }).notNull(),
    notification: jsonb('notification').notNull(),
    receivedAt: createdAt(),
  },
  (t) => [unique('payout_events_provider_event').on(t.provider, t.eventId)],
);

/** The sandbox payout rail's own transfers, one per idempotency key (docs/decisions/153). */
export const sandboxPayouts = pgTable('sandbox_payouts', {
  id: varchar('id', { length: 40 }).primaryKey(),
  idempotencyKey: varchar('idempotency_key', { length: 35 }).notNull().unique(),
  currency: char('currency', { length: 3 }).notNull(),
  amountMinor: minor('amount_minor'),
  accountNumber: varchar('account_number', { length: 18 }).notNull(),
  /** processing, paid, rejected or reversed. */
  status: varchar('status', { length: 10 }).notNull(),
  transferRef: varchar('transfer_ref', { length: 40 }),
  reason: varchar('reason', { length: 20 }),
  detail: varchar('detail', { length: 300 }),
  paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
