import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { DelinquencyBand } from '@lend/domain';
import type { CollectionMessageKind, PaymentPlanState, SettlementState } from '@lend/contracts';
import type { PlanInstallment } from '@lend/domain';
import { createdAt, updatedAt } from './columns';
import { loanOrders } from './loans';
import { staffAccounts } from './staff';

/** Each market's delinquency buckets, set by administrators (docs/decisions/242); a market without a row has the defaults. */
export const delinquencyBands = pgTable('delinquency_bands', {
  market: varchar('market', { length: 2 }).primaryKey(),
  bands: jsonb('bands').$type<DelinquencyBand[]>().notNull(),
  updatedAt: updatedAt(),
});

/**
 * How late each order that was ever late is, as the order clock last saw it (docs/decisions/242):
 * days past due from its oldest installment still owed, the bucket of its market those days fall
 * in (null once nothing owed is late), and the market date it was worked out on.
 */
export const orderDelinquency = pgTable(
  'order_delinquency',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => loanOrders.id),
    market: varchar('market', { length: 2 }).notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    bucket: varchar('bucket', { length: 16 }),
    /** The date of the oldest installment still owed when it was late; null once cured. */
    lateSince: date('late_since', { mode: 'string' }),
    asOf: date('as_of', { mode: 'string' }).notNull(),
    /** Everything owed when the clock last worked it out: the queue sorts by it. */
    owedMinor: bigint('owed_minor', { mode: 'number' }).notNull().default(0),
    /** The agent working the order, and since when (docs/decisions/243). */
    agentId: integer('agent_id').references(() => staffAccounts.id),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }),
    /** The earliest open promise's date: the queue sorts by it. */
    nextPromiseOn: date('next_promise_on', { mode: 'string' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('order_delinquency_agent_idx').on(t.agentId, t.daysPastDue).where(sql`${t.bucket} is not null`),
    // The late orders of a market, bucket by bucket: the queues and the book's reports read only these.
    index('order_delinquency_late_idx').on(t.market, t.bucket, t.daysPastDue).where(sql`${t.bucket} is not null`),
    check('order_delinquency_days_check', sql`${t.daysPastDue} >= 0`),
  ],
);

/** Every move of an order between buckets: entered, left, and why, so roll rates can be worked out (docs/decisions/242). */
export const delinquencyMoves = pgTable(
  'delinquency_moves',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    market: varchar('market', { length: 2 }).notNull(),
    fromBucket: varchar('from_bucket', { length: 16 }),
    toBucket: varchar('to_bucket', { length: 16 }),
    daysPastDue: integer('days_past_due').notNull(),
    /** `late`: the days moved it; `cured`: nothing owed is late any more; `bands`: an administrator changed the market's buckets; `restructured`: a payment plan was accepted (docs/decisions/250). */
    reason: varchar('reason', { length: 16 }).notNull(),
    movedOn: date('moved_on', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('delinquency_moves_order_idx').on(t.orderId, t.id),
    index('delinquency_moves_market_day_idx').on(t.market, t.movedOn),
    check('delinquency_moves_reason_check', sql`${t.reason} in ('late', 'cured', 'bands', 'restructured')`),
  ],
);

export const DELINQUENCY_MOVE_REASONS = ['late', 'cured', 'bands', 'restructured'] as const;
export type DelinquencyMoveReason = (typeof DELINQUENCY_MOVE_REASONS)[number];

/**
 * Every contact made to collect a late order (docs/decisions/243): channel, outcome, note, the agent,
 * when. The conduct rules count these per borrower, per day and per week, in the market's calendar.
 */
export const collectionContacts = pgTable(
  'collection_contacts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    borrowerId: integer('borrower_id').notNull(),
    market: varchar('market', { length: 2 }).notNull(),
    agentId: integer('agent_id')
      .notNull()
      .references(() => staffAccounts.id),
    agentEmail: varchar('agent_email', { length: 254 }).notNull(),
    channel: varchar('channel', { length: 16 }).notNull(),
    outcome: varchar('outcome', { length: 16 }).notNull(),
    note: text('note').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** An SMS sent from the workspace (docs/decisions/246): its template, the provider, and `sending` until the provider took it, then `accepted`. */
    messageKind: varchar('message_kind', { length: 20 }).$type<CollectionMessageKind>(),
    messageProvider: varchar('message_provider', { length: 20 }),
    messageState: varchar('message_state', { length: 10 }).$type<'sending' | 'accepted'>(),
  },
  (t) => [index('collection_contacts_borrower_idx').on(t.borrowerId, t.at), index('collection_contacts_order_idx').on(t.orderId, t.id)],
);

/** Promises to pay: by the borrower in the app or taken by an agent; kept, partly kept or broken by the money that arrives (docs/decisions/243). */
export const promisesToPay = pgTable(
  'promises_to_pay',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    market: varchar('market', { length: 2 }).notNull(),
    borrowerId: integer('borrower_id').notNull(),
    /** null: the borrower made it in the app. */
    agentId: integer('agent_id').references(() => staffAccounts.id),
    agentEmail: varchar('agent_email', { length: 254 }),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    promisedOn: date('promised_on', { mode: 'string' }).notNull(),
    state: varchar('state', { length: 12 }).notNull().default('open'),
    keptMinor: bigint('kept_minor', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    /**
     * The reminder SMS on the promise's day (docs/decisions/246): claimed (`sending`, with the
     * moment) before it is sent, so a second run never sends it again; `sent`, or `failed` to be
     * tried again that day while attempts remain.
     */
    reminderState: varchar('reminder_state', { length: 10 }).$type<'sending' | 'sent' | 'failed'>(),
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'date' }),
    reminderAttempts: integer('reminder_attempts').notNull().default(0),
  },
  (t) => [
    index('promises_to_pay_order_idx').on(t.orderId, t.id),
    index('promises_to_pay_borrower_idx').on(t.borrowerId, t.id),
    index('promises_to_pay_open_idx').on(t.market, t.promisedOn).where(sql`${t.state} = 'open'`),
    check('promises_to_pay_state_check', sql`${t.state} in ('open', 'kept', 'partly-kept', 'broken')`),
    check('promises_to_pay_amount_check', sql`${t.amountMinor} > 0`),
    check('promises_to_pay_reminder_state_check', sql`${t.reminderState} in ('sending', 'sent', 'failed')`),
    // The promise-kept rate reads a market's promises agents took in the last 30 days (docs/decisions/246).
    index('promises_to_pay_taken_idx').on(t.market, t.createdAt).where(sql`${t.agentId} is not null`),
  ],
);

/**
 * Orders written off (docs/decisions/244): by the order clock on the product's day or by a credit
 * officer. What was owed then, part by part, left the books as a loss; the borrower still owes it,
 * and what they pay since is a recovery, counted here in the payment's transaction.
 */
export const writeOffs = pgTable(
  'write_offs',
  {
    orderId: integer('order_id')
      .primaryKey()
      .references(() => loanOrders.id),
    market: varchar('market', { length: 2 }).notNull(),
    /** The order's product, so the book's reports sum write-offs by product without reading the orders (docs/decisions/247). */
    productId: integer('product_id').notNull(),
    writtenOffOn: date('written_off_on', { mode: 'string' }).notNull(),
    reason: varchar('reason', { length: 16 }).notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    staffId: integer('staff_id').references(() => staffAccounts.id),
    staffEmail: varchar('staff_email', { length: 254 }),
    note: text('note').notNull().default(''),
    principalMinor: bigint('principal_minor', { mode: 'number' }).notNull(),
    interestMinor: bigint('interest_minor', { mode: 'number' }).notNull(),
    taxMinor: bigint('tax_minor', { mode: 'number' }).notNull(),
    lateChargesMinor: bigint('late_charges_minor', { mode: 'number' }).notNull(),
    recoveredMinor: bigint('recovered_minor', { mode: 'number' }).notNull().default(0),
    /** What a settlement waived of it since (docs/decisions/245): owed = written off − recovered − waived. */
    waivedMinor: bigint('waived_minor', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('write_offs_market_day_idx').on(t.market, t.writtenOffOn),
    check('write_offs_reason_check', sql`${t.reason} in ('days-past-due', 'officer')`),
    check('write_offs_amounts_check', sql`${t.principalMinor} >= 0 and ${t.interestMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.lateChargesMinor} >= 0 and ${t.recoveredMinor} >= 0 and ${t.waivedMinor} >= 0`),
  ],
);

/**
 * Settlements (docs/decisions/245): a late order closed for less than it owes. An officer offers an
 * amount to pay by a day; a waiver above the product's solo limit waits for a second person's
 * approval. The borrower accepts it in the app (the evidence kept here, as a contract's is); money
 * applied since the acceptance that reaches the amount closes the order as settled, and what was
 * waived then is kept here, part by part, for the bureau reports.
 */
export const settlements = pgTable(
  'settlements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    market: varchar('market', { length: 2 }).notNull(),
    state: varchar('state', { length: 20 }).$type<SettlementState>().notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** What the order owed when it was offered, and so what the offer waived then. */
    owedMinor: bigint('owed_minor', { mode: 'number' }).notNull(),
    /** The last day (market calendar) money counts towards it. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    offeredById: integer('offered_by_id').references(() => staffAccounts.id),
    offeredByEmail: varchar('offered_by_email', { length: 254 }).notNull(),
    /** The second person who approved, or declined, an offer above the solo limit. */
    decidedById: integer('decided_by_id').references(() => staffAccounts.id),
    decidedByEmail: varchar('decided_by_email', { length: 254 }),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    /** Withdrawn by an operator, lapsed or settled: when it stopped being open. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedByEmail: varchar('closed_by_email', { length: 254 }),
    /** The borrower's acceptance: the text they were shown (and its hash), when, from where. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptLanguage: varchar('accept_language', { length: 2 }),
    acceptText: text('accept_text'),
    acceptTextSha256: varchar('accept_text_sha256', { length: 64 }),
    acceptClientIp: varchar('accept_client_ip', { length: 64 }),
    acceptUserAgent: varchar('accept_user_agent', { length: 300 }),
    /** Money applied to the order since the acceptance. */
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    /** Closed as settled: when, and what was waived then, part by part. */
    settledAt: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    waivedPrincipalMinor: bigint('waived_principal_minor', { mode: 'number' }).notNull().default(0),
    waivedInterestMinor: bigint('waived_interest_minor', { mode: 'number' }).notNull().default(0),
    waivedTaxMinor: bigint('waived_tax_minor', { mode: 'number' }).notNull().default(0),
    waivedLateChargesMinor: bigint('waived_late_charges_minor', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('settlements_order_idx').on(t.orderId, t.id),
    // One open settlement per order.
    uniqueIndex('settlements_open_idx').on(t.orderId).where(sql`${t.state} in ('awaiting-approval', 'offered', 'accepted')`),
    check('settlements_state_check', sql`${t.state} in ('awaiting-approval', 'offered', 'accepted', 'settled', 'declined', 'withdrawn', 'lapsed')`),
    check('settlements_amounts_check', sql`${t.amountMinor} > 0 and ${t.amountMinor} < ${t.owedMinor} and ${t.paidMinor} >= 0`),
  ],
);

/** A borrower's request for a payment plan on a late order: what they can pay each period and why (docs/decisions/248). */
export const planRequests = pgTable(
  'plan_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    borrowerId: integer('borrower_id').notNull(),
    market: varchar('market', { length: 2 }).notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    frequency: varchar('frequency', { length: 10 }).notNull(),
    reason: varchar('reason', { length: 12 }).notNull(),
    note: text('note').notNull().default(''),
    state: varchar('state', { length: 10 }).notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    index('plan_requests_order_idx').on(t.orderId, t.id),
    index('plan_requests_borrower_idx').on(t.borrowerId),
    // One request waits for an answer per order.
    uniqueIndex('plan_requests_open_idx').on(t.orderId).where(sql`${t.state} = 'open'`),
    check('plan_requests_state_check', sql`${t.state} in ('open', 'answered')`),
    check('plan_requests_frequency_check', sql`${t.frequency} in ('week', 'fortnight')`),
    check('plan_requests_amount_check', sql`${t.amountMinor} > 0`),
  ],
);

/** The lender's register of outside collection agencies, per market (docs/decisions/249). */
export const collectionAgencies = pgTable(
  'collection_agencies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    market: varchar('market', { length: 2 }).notNull(),
    name: varchar('name', { length: 120 }).notNull(),
    /** Mexico: its REDECO registration; India: a registration or licence number, when it has one. */
    registration: varchar('registration', { length: 60 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull(),
    email: varchar('email', { length: 254 }).notNull().default(''),
    address: varchar('address', { length: 300 }).notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('collection_agencies_market_idx').on(t.market, t.name)],
);

/** Late orders placed with an agency, and recalled; one placement stands per order (docs/decisions/249). */
export const agencyPlacements = pgTable(
  'agency_placements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    agencyId: integer('agency_id')
      .notNull()
      .references(() => collectionAgencies.id),
    placedAt: timestamp('placed_at', { withTimezone: true, mode: 'date' }).notNull(),
    placedBy: varchar('placed_by', { length: 254 }).notNull(),
    note: text('note').notNull().default(''),
    recalledAt: timestamp('recalled_at', { withTimezone: true, mode: 'date' }),
    recalledBy: varchar('recalled_by', { length: 254 }),
    recallNote: text('recall_note').notNull().default(''),
    /**
     * The SMS telling the borrower who collects now (docs/decisions/249): `sending` once claimed,
     * then `sent`, or `failed` with tries left; null until the market's hours and caps allow it.
     */
    noticeState: varchar('notice_state', { length: 10 }).$type<'sending' | 'sent' | 'failed'>(),
    noticeAt: timestamp('notice_at', { withTimezone: true, mode: 'date' }),
    noticeAttempts: smallint('notice_attempts').notNull().default(0),
  },
  (t) => [
    index('agency_placements_order_idx').on(t.orderId, t.id),
    uniqueIndex('agency_placements_standing_idx').on(t.orderId).where(sql`${t.recalledAt} is null`),
  ],
);

/**
 * Payment plans (docs/decisions/250): a late order's debt re-scheduled into N installments without
 * new interest. A credit officer offers it (count, how often, first day; the late charges as the
 * product's policy said then); the borrower accepts it in the app (the evidence kept here, as a
 * contract's is), which replaces the order's unpaid installments with the plan's (from `first_seq`)
 * in the same transaction; the schedule accepted and what was waived are kept here.
 */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    borrowerId: integer('borrower_id').notNull(),
    market: varchar('market', { length: 2 }).notNull(),
    state: varchar('state', { length: 10 }).$type<PaymentPlanState>().notNull(),
    installmentCount: integer('installment_count').notNull(),
    every: varchar('every', { length: 10 }).notNull(),
    firstDueDate: date('first_due_date', { mode: 'string' }).notNull(),
    lateCharges: varchar('late_charges', { length: 6 }).notNull(),
    note: text('note').notNull().default(''),
    offeredById: integer('offered_by_id').references(() => staffAccounts.id),
    offeredByEmail: varchar('offered_by_email', { length: 254 }).notNull(),
    /** Withdrawn, lapsed, broken or kept: when it stopped being open. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedByEmail: varchar('closed_by_email', { length: 254 }),
    /** The borrower's acceptance: the text they were shown (and its hash), when, from where. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptLanguage: varchar('accept_language', { length: 2 }),
    acceptText: text('accept_text'),
    acceptTextSha256: varchar('accept_text_sha256', { length: 64 }),
    acceptClientIp: varchar('accept_client_ip', { length: 64 }),
    acceptUserAgent: varchar('accept_user_agent', { length: 300 }),
    /** The schedule accepted, and the first of the order's installments (by seq) that are the plan's. */
    schedule: jsonb('schedule').$type<PlanInstallment[]>(),
    firstSeq: integer('first_seq'),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull().default(0),
    waivedLateChargesMinor: bigint('waived_late_charges_minor', { mode: 'number' }).notNull().default(0),
    frozenLateChargesMinor: bigint('frozen_late_charges_minor', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_plans_order_idx').on(t.orderId, t.id),
    index('payment_plans_borrower_idx').on(t.borrowerId),
    // One open plan per order.
    uniqueIndex('payment_plans_open_idx').on(t.orderId).where(sql`${t.state} in ('offered', 'accepted')`),
    check('payment_plans_state_check', sql`${t.state} in ('offered', 'accepted', 'kept', 'broken', 'withdrawn', 'lapsed')`),
    check('payment_plans_terms_check', sql`${t.installmentCount} >= 2 and ${t.every} in ('week', 'fortnight') and ${t.lateCharges} in ('waive', 'freeze')`),
    check('payment_plans_amounts_check', sql`${t.totalMinor} >= 0 and ${t.waivedLateChargesMinor} >= 0 and ${t.frozenLateChargesMinor} >= 0`),
  ],
);
