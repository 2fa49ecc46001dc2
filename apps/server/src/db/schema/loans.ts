import type { CollectionsPolicy, CreditPolicy, ProductPricing } from '@lend/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, minor, updatedAt } from './columns';
import { borrowers } from './core';

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 40 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull(),
    logoUrl: varchar('logo_url', { length: 500 }).notNull(),
    market: varchar('market', { length: 2 }).notNull(),
    pricing: jsonb('pricing').$type<ProductPricing>().notNull(),
    /** A product's own repayment page (e.g. the card flow); empty means the default repayment screen. */
    repayUrl: varchar('repay_url', { length: 500 }).notNull().default(''),
    /** The product's credit thresholds (contracts `creditPolicySchema`); none: nobody may apply (docs/decisions/141). */
    creditPolicy: jsonb('credit_policy').$type<CreditPolicy>(),
    /** The product's write-off day and settlement limit (contracts `collectionsPolicySchema`); none: the defaults (docs/decisions/244). */
    collectionsPolicy: jsonb('collections_policy').$type<CollectionsPolicy>(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check('products_market_check', sql`${t.market} in ('MX', 'IN')`)],
);

export const loanOrders = pgTable(
  'loan_orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderNo: varchar('order_no', { length: 32 }).notNull().unique(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    statusCode: smallint('status_code').notNull(),
    principalMinor: minor('principal_minor'),
    disbursalMinor: minor('disbursal_minor'),
    commissionMinor: minor('commission_minor'),
    interestMinor: minor('interest_minor'),
    taxMinor: minor('tax_minor'),
    totalRepayableMinor: minor('total_repayable_minor'),
    termDays: smallint('term_days').notNull(),
    periods: smallint('periods').notNull(),
    createdAt: createdAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true, mode: 'date' }),
    disbursedAt: timestamp('disbursed_at', { withTimezone: true, mode: 'date' }),
    dueDate: date('due_date', { mode: 'string' }),
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
    /** A coupon's discount on the interest, already taken off `total_repayable_minor`. */
    discountMinor: bigint('discount_minor', { mode: 'number' }).notNull().default(0),
    /** Late charges accrued so far, owed on top of `total_repayable_minor`. */
    penaltyMinor: bigint('penalty_minor', { mode: 'number' }).notNull().default(0),
    /** The market date up to which `penalty_minor` is accrued; the clock job never accrues a day twice. */
    penaltyThrough: date('penalty_through', { mode: 'string' }),
    /** Late charges paid so far; `penalty_minor - penalty_paid_minor` is what is owed of them. */
    penaltyPaidMinor: bigint('penalty_paid_minor', { mode: 'number' }).notNull().default(0),
    /** What the borrower paid beyond what was owed: theirs, never lost (docs/decisions/072). */
    creditMinor: bigint('credit_minor', { mode: 'number' }).notNull().default(0),
    extensionsUsed: smallint('extensions_used').notNull().default(0),
    /** The borrower's rating (1 to 5) of this order; given once. */
    score: smallint('score'),
    scoredAt: timestamp('scored_at', { withTimezone: true, mode: 'date' }),
    /** When the borrower closed the rating prompt without rating: the order does not ask again (docs/decisions/234). */
    scoreDismissedAt: timestamp('score_dismissed_at', { withTimezone: true, mode: 'date' }),
    /** The borrower's agreement (the contract) was recorded with the order when it was placed (docs/decisions/212). */
    agreementRecorded: boolean('agreement_recorded').notNull().default(false),
    /** India's Key Facts Statement was agreed with it (docs/decisions/143, 212). */
    keyFactsRecorded: boolean('key_facts_recorded').notNull().default(false),
  },
  (t) => [
    index('loan_orders_borrower_idx').on(t.borrowerId, t.createdAt),
    // One application in review per borrower and product: a repeated or concurrent push cannot
    // make a second. (Repaying orders are refused by the push itself, inside its transaction.)
    uniqueIndex('loan_orders_one_pending_per_product')
      .on(t.borrowerId, t.productId)
      .where(sql`${t.statusCode} in (21, 151)`),
    index('loan_orders_status_due_idx').on(t.statusCode, t.dueDate),
    check('loan_orders_score_check', sql`${t.score} is null or ${t.score} between 1 and 5`),
    check(
      'loan_orders_charges_check',
      sql`${t.discountMinor} >= 0 and ${t.discountMinor} <= ${t.interestMinor} and ${t.penaltyMinor} >= 0 and ${t.penaltyPaidMinor} >= 0 and ${t.penaltyPaidMinor} <= ${t.penaltyMinor} and ${t.creditMinor} >= 0`,
    ),
    check('loan_orders_status_check', sql`${t.statusCode} in (21, 151, 110, 170, 174, 180, 200)`),
    check(
      'loan_orders_amounts_check',
      sql`${t.principalMinor} > 0 and ${t.disbursalMinor} >= 0 and ${t.commissionMinor} >= 0 and ${t.interestMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.totalRepayableMinor} >= ${t.principalMinor}`,
    ),
  ],
);

/** The repayment plan of an order as agreed; due dates are set when the money is paid out. */
export const loanInstallments = pgTable(
  'loan_installments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    seq: smallint('seq').notNull(),
    /** Days after disbursal on which it falls due. */
    dueDay: smallint('due_day').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    principalMinor: minor('principal_minor'),
    interestMinor: minor('interest_minor'),
    taxMinor: minor('tax_minor'),
    amountMinor: minor('amount_minor'),
    /** Paid in all: principal, interest and tax paid together. */
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    principalPaidMinor: bigint('principal_paid_minor', { mode: 'number' }).notNull().default(0),
    interestPaidMinor: bigint('interest_paid_minor', { mode: 'number' }).notNull().default(0),
    taxPaidMinor: bigint('tax_paid_minor', { mode: 'number' }).notNull().default(0),
    /** Interest not yet earned and its tax, taken off when the loan was paid off early. */
    interestWaivedMinor: bigint('interest_waived_minor', { mode: 'number' }).notNull().default(0),
    taxWaivedMinor: bigint('tax_waived_minor', { mode: 'number' }).notNull().default(0),
    /** When nothing remained of it. */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
    /** When a payment plan took what remained of it into the plan's installments (docs/decisions/250): it is owed no more. */
    restructuredAt: timestamp('restructured_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('loan_installments_order_seq').on(t.orderId, t.seq),
    check(
      'loan_installments_amounts_check',
      sql`${t.amountMinor} = ${t.principalMinor} + ${t.interestMinor} + ${t.taxMinor} and ${t.paidMinor} = ${t.principalPaidMinor} + ${t.interestPaidMinor} + ${t.taxPaidMinor}`,
    ),
    check(
      'loan_installments_paid_check',
      sql`${t.principalPaidMinor} between 0 and ${t.principalMinor} and ${t.interestPaidMinor} >= 0 and ${t.interestWaivedMinor} >= 0 and ${t.interestPaidMinor} + ${t.interestWaivedMinor} <= ${t.interestMinor} and ${t.taxPaidMinor} >= 0 and ${t.taxWaivedMinor} >= 0 and ${t.taxPaidMinor} + ${t.taxWaivedMinor} <= ${t.taxMinor}`,
    ),
  ],
);

/**
 * What a borrower may confirm on a product. No row means the product's default terms;
 * an operator's decision is a row (active with its terms, or withdrawn).
 */
export const loanOffers = pgTable(
  'loan_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    status: varchar('status', { length: 10 }).notNull(),
    amountMinor: minor('amount_minor'),
    termDays: smallint('term_days').notNull(),
    couponMinor: bigint('coupon_minor', { mode: 'number' }).notNull().default(0),
    /** When an operator last changed the terms; the borrower is told once (isNeedPop). */
    revisedAt: timestamp('revised_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('loan_offers_borrower_product').on(t.borrowerId, t.productId),
    check('loan_offers_status_check', sql`${t.status} in ('active', 'withdrawn')`),
    check('loan_offers_amounts_check', sql`${t.amountMinor} > 0 and ${t.couponMinor} >= 0`),
  ],
);

/** The contract as the borrower agreed to it: its text (and hash), the terms, when and from where. */
export const loanContracts = pgTable('loan_contracts', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => loanOrders.id, { onDelete: 'cascade' }),
  language: varchar('language', { length: 2 }).notNull(),
  /** JSON of the clauses as shown; the hash is over exactly this text. */
  text: text('text').notNull(),
  textSha256: char('text_sha256', { length: 64 }).notNull(),
  /** India: JSON of the Key Facts Statement as shown when the borrower confirmed, and its hash (docs/decisions/143); null elsewhere. */
  keyFactsText: text('key_facts_text'),
  keyFactsSha256: char('key_facts_sha256', { length: 64 }),
  terms: jsonb('terms').$type<Record<string, unknown>>().notNull(),
  clientIp: varchar('client_ip', { length: 64 }).notNull(),
  userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
  agreedAt: timestamp('agreed_at', { withTimezone: true, mode: 'date' }).notNull(),
});

/** Where borrowers pay in cash or by transfer; `code` is the payCode the screens send back. */
export const paymentChannels = pgTable(
  'payment_channels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: varchar('code', { length: 40 }).notNull().unique(),
    market: varchar('market', { length: 2 }).notNull(),
    /** 'store': cash at a till with a barcode; 'bank': a transfer to a reference account. */
    kind: varchar('kind', { length: 10 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    logoUrl: varchar('logo_url', { length: 500 }).notNull(),
    /** The beneficiary the borrower names when paying. */
    companyName: varchar('company_name', { length: 200 }).notNull(),
    sort: smallint('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** What the channel accepts in one payment; a provider refuses anything outside it. */
    minAmountMinor: bigint('min_amount_minor', { mode: 'number' }).notNull().default(100),
    maxAmountMinor: bigint('max_amount_minor', { mode: 'number' }).notNull().default(2_000_000),
    /** What the place itself charges the borrower per payment, on top of the amount; shown in the fee table. */
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('payment_channels_market_check', sql`${t.market} in ('MX', 'IN')`),
    check('payment_channels_fee_check', sql`${t.feeMinor} >= 0`),
    check('payment_channels_limits_check', sql`${t.minAmountMinor} > 0 and ${t.maxAmountMinor} >= ${t.minAmountMinor}`),
    check('payment_channels_kind_check', sql`${t.kind} in ('store', 'bank')`),
  ],
);

/** A reference issued by a payment provider for one order, channel, purpose and amount; reused when asked again. */
export const paymentReferences = pgTable(
  'payment_references',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id, { onDelete: 'cascade' }),
    channelCode: varchar('channel_code', { length: 40 }).notNull(),
    /** The app's `requestType`: 1 repayment, 2 extension (docs/decisions/036). */
    requestType: smallint('request_type').notNull(),
    amountMinor: minor('amount_minor'),
    reference: varchar('reference', { length: 40 }).notNull(),
    createdAt: createdAt(),
    /** After this a provider must refuse it and we refuse a payment reported against it. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Set when an expired reference was replaced by a new one for the same key. */
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }),
    /** The provider's id of the payment it opened for this reference; its reports name that (docs/decisions/115). */
    providerPaymentId: varchar('provider_payment_id', { length: 100 }),
    /** What the screens show beside the reference: a voucher page, a transfer's bank, account and holder. */
    display: jsonb('display').$type<{ voucherUrl?: string; bankName?: string; clabe?: string; beneficiary?: string; upiQrUrl?: string; upiIntentUrl?: string; ifsc?: string; accountNumber?: string }>(),
    /**
     * The real provider that issued it ('stripe', 'razorpay'), as its payments are recorded; null for
     * the sandbox's, which reach no payment network, and for references issued before it was kept.
     */
    issuedBy: varchar('issued_by', { length: 40 }),
    /** When the cash reconciler last asked the provider about it (docs/decisions/128). */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the first payment naming it was applied, set in that payment's transaction: the issued
     * references' list tells paid ones by it without reading the payments table (docs/decisions/210).
     */
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('payment_references_once')
      .on(t.orderId, t.channelCode, t.requestType, t.amountMinor)
      .where(sql`${t.replacedAt} is null`),
    unique('payment_references_reference').on(t.channelCode, t.reference),
    unique('payment_references_provider_payment').on(t.providerPaymentId),
    check('payment_references_amount_check', sql`${t.amountMinor} > 0`),
    index('payment_references_reconcile_idx').on(t.checkedAt, t.id).where(sql`${t.issuedBy} is not null`),
    // An order's references, replaced ones too (the borrower's installment screen counts them), and
    // a reference looked up by itself at every channel (docs/decisions/193).
    index('payment_references_order_idx').on(t.orderId, t.channelCode, t.requestType),
    index('payment_references_reference_idx').on(t.reference),
  ],
);

/** The Stripe customer of each borrower who was given a bank-transfer account (docs/decisions/115); owned by providers/payments. */
export const stripeCustomers = pgTable('stripe_customers', {
  borrowerId: integer('borrower_id')
    .primaryKey()
    .references(() => borrowers.id, { onDelete: 'cascade' }),
  customerId: varchar('customer_id', { length: 100 }).notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The Razorpay Smart Collect account of each borrower given a bank-transfer reference in India
 * (docs/decisions/121), and the reference a transfer into it pays: the one issued last. Owned by
 * providers/payments.
 */
export const razorpayVirtualAccounts = pgTable('razorpay_virtual_accounts', {
  borrowerId: integer('borrower_id')
    .primaryKey()
    .references(() => borrowers.id, { onDelete: 'cascade' }),
  virtualAccountId: varchar('virtual_account_id', { length: 100 }).notNull().unique(),
  accountNumber: varchar('account_number', { length: 40 }).notNull(),
  ifsc: varchar('ifsc', { length: 20 }).notNull(),
  bankName: varchar('bank_name', { length: 100 }).notNull(),
  beneficiary: varchar('beneficiary', { length: 200 }).notNull(),
  /** The channel, order and reference the borrower was last told to transfer for. */
  channelCode: varchar('channel_code', { length: 40 }),
  orderNo: varchar('order_no', { length: 40 }),
  reference: varchar('reference', { length: 40 }),
  createdAt: createdAt(),
});
