import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, pgTable, smallint, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, minor, updatedAt } from './columns';
import { borrowers } from './core';
import { loanOrders } from './loans';
import { payments } from './money';

/**
 * A borrower's saved card: the provider's token stands for it; only the bank, its code and the
 * last 4 digits are kept (docs/decisions/080). Whether the provider asks for an SMS code on a
 * charge is the card's, as the provider reported it when the card was saved.
 */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    provider: varchar('provider', { length: 40 }).notNull(),
    providerToken: varchar('provider_token', { length: 100 }).notNull(),
    bankName: varchar('bank_name', { length: 60 }).notNull(),
    bankCode: varchar('bank_code', { length: 20 }).notNull(),
    last4: char('last4', { length: 4 }).notNull(),
    requiresCode: boolean('requires_code').notNull().default(false),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [unique('saved_cards_provider_token').on(t.provider, t.providerToken), index('saved_cards_borrower_idx').on(t.borrowerId)],
);

/** One listing of the card screen: its token may be committed once, for one amount. */
export const cardRepayTokens = pgTable(
  'card_repay_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** SHA-256 of the token the screen holds. */
    tokenHash: char('token_hash', { length: 64 }).notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('card_repay_tokens_order_idx').on(t.orderId)],
);

/**
 * One repayment by card or by the redirect checkout. `status` moves awaitingCode -> charging ->
 * paid | declined | insufficientFunds | failed, or to cancelled; the provider is always asked with
 * `idempotency_key`, so a retried or reconciled charge is the same charge.
 */
export const cardRepayments = pgTable(
  'card_repayments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The repayRecordId the screen holds: random, so one borrower cannot guess another's. */
    recordNo: varchar('record_no', { length: 40 }).notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    /** The listing it was committed from; a redirect payment has none. */
    tokenId: integer('token_id')
      .references(() => cardRepayTokens.id)
      .unique(),
    method: varchar('method', { length: 10 }).notNull(),
    cardId: integer('card_id').references(() => savedCards.id),
    provider: varchar('provider', { length: 40 }).notNull(),
    amountMinor: minor('amount_minor'),
    status: varchar('status', { length: 20 }).notNull(),
    idempotencyKey: varchar('idempotency_key', { length: 64 }).notNull().unique(),
    providerChargeId: varchar('provider_charge_id', { length: 100 }),
    paymentId: integer('payment_id')
      .references(() => payments.id)
      .unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When the charge was sent to the provider; the reconciler looks at old ones still charging. */
    chargeStartedAt: timestamp('charge_started_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('card_repayments_order_idx').on(t.orderId, t.id),
    index('card_repayments_status_idx').on(t.status, t.chargeStartedAt),
    check('card_repayments_amount_check', sql`${t.amountMinor} > 0`),
    check('card_repayments_method_check', sql`${t.method} in ('card', 'redirect')`),
    check(
      'card_repayments_status_check',
      sql`${t.status} in ('awaitingCode', 'charging', 'paid', 'declined', 'insufficientFunds', 'failed', 'cancelled')`,
    ),
  ],
);

/** SMS codes for a card repayment, stored hashed; the newest live one of a repayment counts. */
export const cardVerifyCodes = pgTable(
  'card_verify_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    repaymentId: integer('repayment_id')
      .notNull()
      .references(() => cardRepayments.id),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    wrongTries: smallint('wrong_tries').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('card_verify_codes_repayment_idx').on(t.repaymentId, t.id)],
);

/**
 * The sandbox card provider's own books (providers/cards/sandbox): its tokens and charges, kept in
 * our database only because the sandbox runs in our process. Nothing outside that provider reads
 * them; a real provider keeps these on its side.
 */
export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  token: varchar('token', { length: 100 }).primaryKey(),
  /** approve, code, decline, insufficient or timeout: chosen by the test card number. */
  behaviour: varchar('behaviour', { length: 20 }).notNull(),
  last4: char('last4', { length: 4 }).notNull(),
  bankName: varchar('bank_name', { length: 60 }).notNull(),
  bankCode: varchar('bank_code', { length: 20 }).notNull(),
  holderName: varchar('holder_name', { length: 60 }).notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  createdAt: createdAt(),
});

export const sandboxCardCharges = pgTable('sandbox_card_charges', {
  id: varchar('id', { length: 100 }).primaryKey(),
  idempotencyKey: varchar('idempotency_key', { length: 100 }).notNull().unique(),
  token: varchar('token', { length: 100 }).notNull(),
  amountMinor: minor('amount_minor'),
  currency: char('currency', { length: 3 }).notNull(),
  /** succeeded, declined or insufficientFunds. */
  status: varchar('status', { length: 20 }).notNull(),
  createdAt: createdAt(),
});

/** The sandbox's redirect checkout: one page per payment, paid or cancelled once. */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: varchar('id', { length: 100 }).primaryKey(),
  /** Our repayment record the checkout pays. */
  merchantReference: varchar('merchant_reference', { length: 100 }).notNull().unique(),
  amountMinor: minor('amount_minor'),
  currency: char('currency', { length: 3 }).notNull(),
  returnUrl: varchar('return_url', { length: 2000 }).notNull(),
  /** open, paid or cancelled. */
  status: varchar('status', { length: 20 }).notNull(),
  createdAt: createdAt(),
  completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
});
