import type { ProductPricing, PromoColours } from '@lend/contracts';
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
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
/** Money columns hold integer minor units; JavaScript numbers are exact up to 2^53. */
const minor = (name: string) => bigint(name, { mode: 'number' }).notNull();

export const borrowers = pgTable('borrowers', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  phone: varchar('phone', { length: 20 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull().default(''),
  createdAt: createdAt(),
});

/** Only a SHA-256 of the session id is stored, so a copy of the database opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    idHash: char('id_hash', { length: 64 }).primaryKey(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    deviceId: varchar('device_id', { length: 128 }).notNull().default(''),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_borrower_idx').on(t.borrowerId)],
);

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
    extensionsUsed: smallint('extensions_used').notNull().default(0),
    /** The borrower's rating (1 to 5) of this order; given once. */
    score: smallint('score'),
    scoredAt: timestamp('scored_at', { withTimezone: true, mode: 'date' }),
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
    check('loan_orders_charges_check', sql`${t.discountMinor} >= 0 and ${t.discountMinor} <= ${t.interestMinor} and ${t.penaltyMinor} >= 0`),
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
    paidMinor: bigint('paid_minor', { mode: 'number' }).notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    unique('loan_installments_order_seq').on(t.orderId, t.seq),
    check(
      'loan_installments_amounts_check',
      sql`${t.amountMinor} = ${t.principalMinor} + ${t.interestMinor} + ${t.taxMinor} and ${t.paidMinor} >= 0 and ${t.paidMinor} <= ${t.amountMinor}`,
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
  },
  (t) => [
    check('payment_channels_market_check', sql`${t.market} in ('MX', 'IN')`),
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
    /** 1: repayment; 2: extension (spec §9 requestType). */
    requestType: smallint('request_type').notNull(),
    amountMinor: minor('amount_minor'),
    reference: varchar('reference', { length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('payment_references_once').on(t.orderId, t.channelCode, t.requestType, t.amountMinor),
    unique('payment_references_reference').on(t.channelCode, t.reference),
  ],
);

/** One row: the lender's public facts. */
export const companyFacts = pgTable(
  'company_facts',
  {
    id: smallint('id').primaryKey().default(1),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 200 }).notNull(),
    address: varchar('address', { length: 500 }).notNull(),
    cin: varchar('cin', { length: 50 }).notNull(),
    nbfcNumber: varchar('nbfc_number', { length: 50 }).notNull(),
    site: varchar('site', { length: 200 }).notNull(),
    phone: varchar('phone', { length: 30 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('company_facts_single_row', sql`${t.id} = 1`)],
);

/** One row: how borrowers reach customer service. */
export const serviceContacts = pgTable(
  'service_contacts',
  {
    id: smallint('id').primaryKey().default(1),
    whatsapp: varchar('whatsapp', { length: 30 }).notNull(),
    telephone: varchar('telephone', { length: 30 }).notNull(),
    email: varchar('email', { length: 200 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('service_contacts_single_row', sql`${t.id} = 1`)],
);

/** Messages visitors leave through the public site's contact form; operators read them. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    fullName: varchar('full_name', { length: 200 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    phone: varchar('phone', { length: 40 }).notNull(),
    message: text('message').notNull(),
    language: varchar('language', { length: 2 }).notNull(),
    /** The sender's address, kept to trace abuse; never shown on the site. */
    ip: varchar('ip', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    check('contact_messages_language_check', sql`${t.language} in ('en', 'es')`),
  ],
);
type PromoCopy = { title: string; headline: string; body: string };

/** Promotion landing templates, managed by operators (docs/decisions/052). */
export const promoTemplates = pgTable('promo_templates', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: varchar('name', { length: 100 }).notNull(),
  content: jsonb('content').$type<{ en: PromoCopy; es: PromoCopy }>().notNull(),
  bannerUrl: varchar('banner_url', { length: 300 }).notNull(),
  colours: jsonb('colours').$type<PromoColours>().notNull(),
  downloadLinks: jsonb('download_links').$type<{ android?: string; ios?: string }>().notNull(),
  termsUrl: varchar('terms_url', { length: 500 }).notNull(),
  trackingCode: varchar('tracking_code', { length: 100 }).notNull().default(''),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/**
 * One row per landing visitor (`sid`, stored as its SHA-256). The current image captcha lives
 * here as a hash of its answer; `captcha_spent_for` names the phone whose SMS it authorised.
 */
export const promoVisitors = pgTable(
  'promo_visitors',
  {
    sidHash: char('sid_hash', { length: 64 }).primaryKey(),
    templateId: integer('template_id').references(() => promoTemplates.id),
    captchaHash: char('captcha_hash', { length: 64 }),
    captchaIssuedAt: timestamp('captcha_issued_at', { withTimezone: true, mode: 'date' }),
    captchaSpentFor: varchar('captcha_spent_for', { length: 20 }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('promo_visitors_expires_idx').on(t.expiresAt)],
);

/** One-time SMS codes, stored hashed; the newest live row per phone is the one that counts. */
export const promoSmsCodes = pgTable(
  'promo_sms_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: varchar('phone', { length: 20 }).notNull(),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    templateId: integer('template_id').references(() => promoTemplates.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    wrongTries: smallint('wrong_tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('promo_sms_codes_phone_idx').on(t.phone, t.createdAt), index('promo_sms_codes_template_idx').on(t.templateId)],
);

/** Landing visits and Register clicks, counted per template for the funnel. */
export const promoEvents = pgTable(
  'promo_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    templateId: integer('template_id')
      .notNull()
      .references(() => promoTemplates.id),
    kind: varchar('kind', { length: 10 }).notNull(),
    clientType: varchar('client_type', { length: 10 }).notNull(),
    userFrom: varchar('user_from', { length: 64 }).notNull().default(''),
    appFrom: varchar('app_from', { length: 64 }).notNull().default(''),
    utmTag: varchar('utm_tag', { length: 64 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('promo_events_template_idx').on(t.templateId, t.kind),
    check('promo_events_kind_check', sql`${t.kind} in ('visit', 'click')`),
  ],
);

/** Where a borrower who registered on a landing came from; one row per borrower. */
export const promoRegistrations = pgTable(
  'promo_registrations',
  {
    borrowerId: integer('borrower_id')
      .primaryKey()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    templateId: integer('template_id').references(() => promoTemplates.id),
    userFrom: varchar('user_from', { length: 64 }).notNull().default(''),
    appFrom: varchar('app_from', { length: 64 }).notNull().default(''),
    utmTag: varchar('utm_tag', { length: 64 }).notNull().default(''),
    inviteCode: varchar('invite_code', { length: 64 }).notNull().default(''),
    deviceId: varchar('device_id', { length: 128 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('promo_registrations_template_idx').on(t.templateId)],
);

/** What the sandbox SMS provider "delivers": the phone's inbox for operators and tests. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: varchar('phone', { length: 20 }).notNull(),
    text: varchar('text', { length: 500 }).notNull(),
    code: varchar('code', { length: 12 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * Problem types and their child types (spec §3): data an operator changes through the operator
 * API. Titles in both languages; an inactive type is no longer offered but old complaints keep it.
 */
export const complaintTypes = pgTable(
  'complaint_types',
  {
    value: smallint('value').primaryKey(),
    parentValue: smallint('parent_value').references((): AnyPgColumn => complaintTypes.value),
    titleEn: varchar('title_en', { length: 100 }).notNull(),
    titleEs: varchar('title_es', { length: 100 }).notNull(),
    sortOrder: smallint('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('complaint_types_value_check', sql`${t.value} > 0`),
    check('complaint_types_parent_check', sql`${t.parentValue} is null or ${t.parentValue} <> ${t.value}`),
  ],
);

export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The reference number the borrower quotes to the lender or a regulator. */
    folio: varchar('folio', { length: 20 })
      .notNull()
      .generatedAlwaysAs(sql`'RC' || lpad(id::text, 8, '0')`),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id),
    orderId: integer('order_id')
      .notNull()
      .references(() => loanOrders.id),
    problemType: smallint('problem_type')
      .notNull()
      .references(() => complaintTypes.value),
    problemSonType: smallint('problem_son_type').references(() => complaintTypes.value),
    detail: text('detail').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    /** The lender must answer by then: 30 days after filing. */
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    replyText: text('reply_text'),
    repliedAt: timestamp('replied_at', { withTimezone: true, mode: 'date' }),
    score: smallint('score'),
    scoredAt: timestamp('scored_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('complaints_borrower_idx').on(t.borrowerId, t.createdAt),
    index('complaints_status_due_idx').on(t.status, t.dueAt),
    // char_length counts characters (code points), as the 200 limit does.
    check('complaints_detail_check', sql`char_length(${t.detail}) between 1 and 200`),
    check('complaints_status_check', sql`${t.status} in ('open', 'replied')`),
    check('complaints_reply_check', sql`(${t.status} = 'replied') = (${t.repliedAt} is not null and ${t.replyText} is not null)`),
    check('complaints_score_check', sql`${t.score} is null or (${t.score} between 1 and 5 and ${t.status} = 'replied')`),
  ],
);

/**
 * Uploaded complaint images. A borrower's upload (kind 'problem') waits unattached until a
 * complaint claims it; an operator's (kind 'reply', no borrower) until a reply does. Unattached
 * rows older than a day are removed with their files.
 */
export const complaintImages = pgTable(
  'complaint_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 40 }).notNull().unique(),
    contentType: varchar('content_type', { length: 20 }).notNull(),
    byteSize: integer('byte_size').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    borrowerId: integer('borrower_id').references(() => borrowers.id),
    complaintId: integer('complaint_id').references(() => complaints.id, { onDelete: 'cascade' }),
    position: smallint('position'),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaint_images_complaint_idx').on(t.complaintId, t.kind, t.position),
    index('complaint_images_unattached_idx').on(t.createdAt).where(sql`${t.complaintId} is null`),
    check('complaint_images_kind_check', sql`${t.kind} in ('problem', 'reply')`),
    check('complaint_images_owner_check', sql`(${t.kind} = 'problem') = (${t.borrowerId} is not null)`),
  ],
);
