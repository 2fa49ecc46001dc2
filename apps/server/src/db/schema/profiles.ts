import { sql } from 'drizzle-orm';
import { bigint, char, check, date, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { borrowers } from './core';

/**
 * The borrower's certification, one row each, filled step by step (docs/decisions/135): each
 * step's columns are written together with the time the step was saved. Never a full Aadhaar
 * number: at most its last 4 digits.
 */
export const borrowerProfiles = pgTable(
  'borrower_profiles',
  {
    borrowerId: integer('borrower_id')
      .primaryKey()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    market: varchar('market', { length: 2 }).notNull(),
    givenNames: varchar('given_names', { length: 60 }),
    firstSurname: varchar('first_surname', { length: 60 }),
    secondSurname: varchar('second_surname', { length: 60 }),
    birthDate: date('birth_date', { mode: 'string' }),
    nationalIdKind: varchar('national_id_kind', { length: 4 }),
    nationalId: varchar('national_id', { length: 18 }),
    aadhaarLast4: char('aadhaar_last4', { length: 4 }),
    identitySavedAt: timestamp('identity_saved_at', { withTimezone: true, mode: 'date' }),
    addressLine1: varchar('address_line1', { length: 200 }),
    addressLine2: varchar('address_line2', { length: 200 }),
    city: varchar('city', { length: 200 }),
    state: varchar('state', { length: 200 }),
    postalCode: varchar('postal_code', { length: 6 }),
    addressSavedAt: timestamp('address_saved_at', { withTimezone: true, mode: 'date' }),
    employment: varchar('employment', { length: 20 }),
    employerName: varchar('employer_name', { length: 100 }),
    monthlyIncomeMinor: bigint('monthly_income_minor', { mode: 'number' }),
    monthlyDebtPaymentsMinor: bigint('monthly_debt_payments_minor', { mode: 'number' }),
    employmentSavedAt: timestamp('employment_saved_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // For duplicate detection: the same national id on two borrowers.
    index('borrower_profiles_national_id_idx').on(t.nationalIdKind, t.nationalId),
    // The back office finds a borrower by the start of their legal name or first surname (docs/decisions/173).
    index('borrower_profiles_name_prefix_idx').using(
      'btree',
      sql`lower(coalesce(${t.givenNames}, '') || ' ' || coalesce(${t.firstSurname}, '') || ' ' || coalesce(${t.secondSurname}, '')) text_pattern_ops`,
    ),
    index('borrower_profiles_surname_prefix_idx').using('btree', sql`lower(${t.firstSurname}) text_pattern_ops`),
    check('borrower_profiles_market_check', sql`${t.market} in ('MX', 'IN')`),
    check('borrower_profiles_national_id_kind_check', sql`${t.nationalIdKind} in ('curp', 'pan')`),
    check('borrower_profiles_aadhaar_check', sql`${t.aadhaarLast4} ~ '^[0-9]{4}$'`),
    check('borrower_profiles_income_check', sql`${t.monthlyIncomeMinor} > 0 and ${t.monthlyDebtPaymentsMinor} >= 0`),
  ],
);

/** The identity photos: one of each kind per borrower; a new upload replaces the old one (its file removed after commit). */
export const profileImages = pgTable(
  'profile_images',
  {
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).notNull(),
    name: varchar('name', { length: 40 }).notNull().unique(),
    contentType: varchar('content_type', { length: 20 }).notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.borrowerId, t.kind] }), check('profile_images_kind_check', sql`${t.kind} in ('id-front', 'id-back', 'selfie')`)],
);

/**
 * Each consent as given: the text's version, when, and from where. A withdrawal closes the row;
 * a new acceptance opens another, so the history stays (docs/decisions/136).
 */
export const profileConsents = pgTable(
  'profile_consents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    textVersion: varchar('text_version', { length: 40 }).notNull(),
    /** The app and platform it was given in (`app:android`). */
    source: varchar('source', { length: 64 }).notNull(),
    /** Evidence of where it was given; erased with the account. */
    ip: varchar('ip', { length: 64 }),
    deviceId: varchar('device_id', { length: 128 }),
    givenAt: timestamp('given_at', { withTimezone: true, mode: 'date' }).notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('profile_consents_live_idx').on(t.borrowerId, t.kind).where(sql`${t.withdrawnAt} is null`),
    check('profile_consents_kind_check', sql`${t.kind} in ('privacy-notice', 'credit-bureau', 'e-signature', 'sms', 'device-data')`),
  ],
);

/** Where a loan is paid out: one active account per borrower; a replaced one is kept with its end (docs/decisions/136). */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull(),
    /** The CLABE in Mexico, the account number in India. */
    accountNumber: varchar('account_number', { length: 18 }).notNull(),
    /** The CLABE's bank code in Mexico, the IFSC in India. */
    bankCode: varchar('bank_code', { length: 11 }).notNull(),
    bankName: varchar('bank_name', { length: 60 }).notNull(),
    holderName: varchar('holder_name', { length: 200 }).notNull(),
    createdAt: createdAt(),
    replacedAt: timestamp('replaced_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('payout_accounts_active_idx').on(t.borrowerId).where(sql`${t.replacedAt} is null`),
    // Whether another borrower holds the same account, asked at each credit decision (docs/decisions/228).
    index('payout_accounts_number_idx').on(t.accountNumber).where(sql`${t.replacedAt} is null`),
    check('payout_accounts_kind_check', sql`${t.kind} in ('clabe', 'bank-account')`),
  ],
);

/** The devices a borrower used, kept for fraud checks while device-data consent stands (docs/decisions/137). */
export const deviceRecords = pgTable(
  'device_records',
  {
    borrowerId: integer('borrower_id')
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    deviceId: varchar('device_id', { length: 128 }).notNull(),
    os: varchar('os', { length: 10 }).notNull(),
    osVersion: varchar('os_version', { length: 128 }).notNull(),
    deviceModel: varchar('device_model', { length: 128 }).notNull(),
    appVersion: varchar('app_version', { length: 128 }).notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.borrowerId, t.deviceId] }), index('device_records_device_idx').on(t.deviceId)],
);
