import type { PaymentExceptionOutcome } from '@lend/contracts';
import type { AllocationLine } from '@lend/domain';
import { sql } from 'drizzle-orm';
import { bigint, check, foreignKey, index, integer, jsonb, pgTable, smallint, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, minor } from './columns';
import { loanOrders, paymentReferences } from './loans';

/**
 * Money received for an order, applied once: a provider's event (its id unique per provider) or
 * a transfer an operator recorded. The row is also the borrower's receipt (docs/decisions/072).
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The receipt number the borrower and the operator see. */
    receiptNo: varchar('receipt_no', { length: 32 }).notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    referenceId: integer('reference_id').references(() => paymentReferences.id),
    /** 'sandbox-cash', a real provider's name, or 'manual' for an operator's record. */
    provider: varchar('provider', { length: 40 }).notNull(),
    /** The provider's own id of the event; a manual record gets a generated one. */
    providerEventId: varchar('provider_event_id', { length: 100 }).notNull(),
    /**
     * The provider's own id of the payment when its event is named otherwise (Razorpay's `pay_…`
     * behind a credited QR code or account): what a refund returns and a settlement lists.
     */
    providerPaymentId: varchar('provider_payment_id', { length: 100 }),
    /** 'repayment' or 'extension': what the money was paid for. */
    purpose: varchar('purpose', { length: 10 }).notNull(),
    channelCode: varchar('channel_code', { length: 40 }).notNull().default(''),
    amountMinor: minor('amount_minor'),
    /** When the borrower paid, as the provider reports it. */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }).notNull(),
    appliedAt: createdAt(),
    /** What it paid, line by line, as the allocation rule decided. */
    allocation: jsonb('allocation').$type<AllocationLine[]>().notNull(),
    /** Interest not yet earned and its tax, taken off because this payment paid the loan off early. */
    rebateMinor: bigint('rebate_minor', { mode: 'number' }).notNull().default(0),
    /** What the extension charge took: the extra days' interest and its tax. */
    extensionFeeMinor: bigint('extension_fee_minor', { mode: 'number' }).notNull().default(0),
    creditMinor: bigint('credit_minor', { mode: 'number' }).notNull().default(0),
    /** Everything still owed once it was applied. */
    balanceAfterMinor: bigint('balance_after_minor', { mode: 'number' }).notNull(),
    statusBefore: smallint('status_before').notNull(),
    statusAfter: smallint('status_after').notNull(),
    /** The operator who recorded a manual payment, and their note (the bank's reference). */
    recordedBy: varchar('recorded_by', { length: 100 }),
    note: varchar('note', { length: 200 }),
  },
  (t) => [
    unique('payments_provider_event').on(t.provider, t.providerEventId),
    index('payments_order_idx').on(t.orderId, t.id),
    check('payments_amount_check', sql`${t.amountMinor} > 0`),
    check('payments_purpose_check', sql`${t.purpose} in ('repayment', 'extension')`),
  ],
);

/**
 * A provider's delivery kept for an operator instead of being applied (docs/decisions/113): an
 * event id reused with other content, a payment time that cannot be true. Every refused delivery
 * is kept, so a provider that retries one leaves one row per delivery.
 */
export const paymentExceptions = pgTable(
  'payment_exceptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: varchar('provider', { length: 40 }).notNull(),
    eventId: varchar('event_id', { length: 100 }).notNull(),
    /** event_id_reused, paid_in_future, paid_before_reference, unknown_refund, provider_payment_refused, borrower_deleted. */
    reason: varchar('reason', { length: 30 }).notNull(),
    /** The event as the provider sent it. */
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    /** The payment the event id made first, when it made one. */
    paymentId: integer('payment_id').references(() => payments.id),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** When an operator closed it, who (an e-mail, or `token`), with what outcome and note (docs/decisions/208). */
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: varchar('resolved_by', { length: 254 }),
    resolution: varchar('resolution', { length: 20 }).$type<PaymentExceptionOutcome>(),
    resolutionNote: text('resolution_note'),
  },
  (t) => [
    index('payment_exceptions_event_idx').on(t.provider, t.eventId),
    // The list an operator opens first is the open ones, newest first; once most are closed the primary key alone would walk past them all.
    index('payment_exceptions_open_idx').on(t.id).where(sql`${t.resolvedAt} is null`),
    check('payment_exceptions_resolution_check', sql`${t.resolution} in ('applied_by_hand', 'returned_to_payer', 'no_money_moved')`),
    check(
      'payment_exceptions_resolved_check',
      sql`(${t.resolvedAt} is null and ${t.resolvedBy} is null and ${t.resolution} is null and ${t.resolutionNote} is null) or (${t.resolvedAt} is not null and ${t.resolvedBy} is not null and ${t.resolution} is not null and ${t.resolutionNote} is not null)`,
    ),
  ],
);

/** One balanced set of postings explaining one money movement of an order. Never updated or deleted. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    /** disbursal, late-charge, payment, rebate, extension, opening (see docs/decisions/072). */
    kind: varchar('kind', { length: 20 }).notNull(),
    paymentId: integer('payment_id').references(() => payments.id),
    /** The market date the movement belongs to. */
    bookedOn: varchar('booked_on', { length: 10 }).notNull(),
    createdAt: createdAt(),
  },
  // Unique so that a posting can name its entry and its order together (ledger_postings_entry_order_fk).
  (t) => [unique('ledger_entries_order_entry').on(t.orderId, t.id)],
);

/** A debit (positive) or credit (negative) on one of the order's accounts. */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer('entry_id').notNull(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    account: varchar('account', { length: 40 }).notNull(),
    amountMinor: minor('amount_minor'),
  },
  (t) => [
    // A posting names its entry's own order: no posting can move another order's money, so the
    // ledger check proves each entry balances order by order (docs/decisions/202).
    foreignKey({ name: 'ledger_postings_entry_order_fk', columns: [t.orderId, t.entryId], foreignColumns: [ledgerEntries.orderId, ledgerEntries.id] }),
    index('ledger_postings_entry_idx').on(t.entryId),
    index('ledger_postings_order_account_idx').on(t.orderId, t.account),
    check('ledger_postings_amount_check', sql`${t.amountMinor} <> 0`),
  ],
);
