import type { PhoneMarket, PromoColours, SmsKind, SmsStatus } from '@lend/contracts';
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
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { borrowers } from './core';

type PromoCopy = { title: string; headline: string; body: string };

/** Promotion landing templates, managed by operators (docs/decisions/052). */
export const promoTemplates = pgTable(
  'promo_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Whose phones the landing takes and where its visitors become borrowers (docs/decisions/232). */
    market: varchar('market', { length: 2 }).$type<PhoneMarket>().notNull(),
    content: jsonb('content').$type<{ en: PromoCopy; es: PromoCopy }>().notNull(),
    bannerUrl: varchar('banner_url', { length: 300 }).notNull(),
    colours: jsonb('colours').$type<PromoColours>().notNull(),
    downloadLinks: jsonb('download_links').$type<{ android?: string; ios?: string }>().notNull(),
    termsUrl: varchar('terms_url', { length: 500 }).notNull(),
    trackingCode: varchar('tracking_code', { length: 100 }).notNull().default(''),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [check('promo_templates_market_check', sql`${t.market} in ('MX', 'IN')`)],
);

/**
 * One row per landing visitor (`sid`, stored as its SHA-256). The current image captcha lives
 * here as a hash of its answer; `captcha_spent_for` names the phone (E.164 since docs/decisions/232)
 * whose SMS it authorised.
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

/**
 * One-time SMS codes, stored hashed; the newest live row per phone is the one that counts. The
 * phone is E.164 in its template's market (ten national digits before docs/decisions/232).
 */
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
  // The funnel counts a template's codes, in all or per day of a range (docs/decisions/183).
  (t) => [index('promo_sms_codes_phone_idx').on(t.phone, t.createdAt), index('promo_sms_codes_template_day_idx').on(t.templateId, t.createdAt)],
);

/**
 * Landing visits and Register clicks, counted per day (in the template's market's time zone:
 * docs/decisions/183, 232; UTC before 183), template, kind and attribution
 * for the funnel: a hit adds one to its row, so the table grows with days, not with requests
 * (docs/decisions/065). Past `Limits.promoAttributionsPerDay` attributions in a day, hits count in
 * the row whose attribution is `OTHER_ATTRIBUTION`.
 */
export const promoEventCounts = pgTable(
  'promo_event_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    templateId: integer('template_id')
      .notNull()
      .references(() => promoTemplates.id),
    kind: varchar('kind', { length: 10 }).notNull(),
    clientType: varchar('client_type', { length: 10 }).notNull(),
    userFrom: varchar('user_from', { length: 64 }).notNull().default(''),
    appFrom: varchar('app_from', { length: 64 }).notNull().default(''),
    utmTag: varchar('utm_tag', { length: 64 }).notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'promo_event_counts_pkey', columns: [t.templateId, t.day, t.kind, t.clientType, t.userFrom, t.appFrom, t.utmTag] }),
    check('promo_event_counts_kind_check', sql`${t.kind} in ('visit', 'click')`),
    check('promo_event_counts_count_check', sql`${t.count} > 0`),
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
  // The funnel counts a template's registrations, in all or per day of a range (docs/decisions/183).
  (t) => [index('promo_registrations_template_day_idx').on(t.templateId, t.createdAt)],
);

/**
 * Every SMS sent, one row a logical message whatever the provider: what the sandbox "delivers"
 * (the phone's inbox for operators and tests), and what Twilio was asked to send with where it
 * stands (docs/decisions/105).
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: varchar('phone', { length: 20 }).notNull(),
    text: varchar('text', { length: 500 }).notNull(),
    code: varchar('code', { length: 12 }).notNull().default(''),
    /** What it was sent for (`SMS_KINDS`): a one-time code or one of the borrower reminders. */
    kind: varchar('kind', { length: 20 }).$type<SmsKind>().notNull(),
    createdAt: createdAt(),
    provider: varchar('provider', { length: 20 }).notNull().default('sandbox'),
    status: varchar('status', { length: 20 }).$type<SmsStatus>().notNull().default('delivered'),
    /** The gateway's id of the message (Twilio's `SM…` sid) once it accepted it. */
    providerMessageId: varchar('provider_message_id', { length: 64 }),
    errorCode: integer('error_code'),
    errorMessage: varchar('error_message', { length: 300 }),
    attempts: integer('attempts').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sms_outbox_phone_idx').on(t.phone, t.createdAt),
    index('sms_outbox_status_idx').on(t.status, t.id),
    uniqueIndex('sms_outbox_provider_message_idx').on(t.provider, t.providerMessageId),
  ],
);
