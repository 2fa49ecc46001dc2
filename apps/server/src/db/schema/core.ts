import { sql } from 'drizzle-orm';
import type { PhoneMarket } from '@lend/contracts';
import {
  char,
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/**
 * A borrower is one phone in E.164 form (`+525512345678`) with its market, so the same ten
 * digits in Mexico and in India are two borrowers (docs/decisions/091).
 */
export const borrowers = pgTable(
  'borrowers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phone: varchar('phone', { length: 20 }).notNull().unique(),
    name: varchar('name', { length: 100 }).notNull().default(''),
    market: varchar('market', { length: 2 }).$type<PhoneMarket>().notNull().default('MX'),
    createdAt: createdAt(),
  },
  (t) => [
    check('borrowers_market_check', sql`${t.market} in ('MX', 'IN')`),
    // The back office finds a borrower by a phone's last digits and a name's start without reading the whole table (docs/decisions/173).
    index('borrowers_phone_reversed_idx').using('btree', sql`reverse(${t.phone}) text_pattern_ops`),
    index('borrowers_name_prefix_idx').using('btree', sql`lower(${t.name}) text_pattern_ops`),
  ],
);

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
    /** What the borrower's session list names a session by: random, unrelated to the session id. */
    publicId: uuid('public_id').notNull().unique().defaultRandom(),
    /** Moved forward at most once an hour per session (docs/decisions/092). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('sessions_borrower_idx').on(t.borrowerId)],
);

/** Sign-in codes sent by SMS: only a hash of each is kept (docs/decisions/091). */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** E.164, as borrowers are stored. */
    phone: varchar('phone', { length: 20 }).notNull(),
    codeHash: char('code_hash', { length: 64 }).notNull(),
    deviceId: varchar('device_id', { length: 128 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    wrongTries: smallint('wrong_tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('login_codes_phone_idx').on(t.phone, t.createdAt)],
);

/**
 * The lender's public facts in each market (docs/decisions/230): the entity that lends there, how
 * to reach it, and the officer who answers complaints (India's grievance redressal officer,
 * Mexico's specialised unit for users).
 */
export const companyFacts = pgTable(
  'company_facts',
  {
    market: varchar('market', { length: 2 }).$type<PhoneMarket>().primaryKey(),
    name: varchar('name', { length: 200 }).notNull(),
    email: varchar('email', { length: 200 }).notNull(),
    address: varchar('address', { length: 500 }).notNull(),
    cin: varchar('cin', { length: 50 }).notNull(),
    nbfcNumber: varchar('nbfc_number', { length: 50 }).notNull(),
    site: varchar('site', { length: 200 }).notNull(),
    phone: varchar('phone', { length: 30 }).notNull(),
    complaintsOfficer: varchar('complaints_officer', { length: 200 }).notNull(),
    complaintsEmail: varchar('complaints_email', { length: 200 }).notNull(),
    complaintsPhone: varchar('complaints_phone', { length: 30 }).notNull(),
    complaintsAddress: varchar('complaints_address', { length: 500 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('company_facts_market', sql`${t.market} in ('MX', 'IN')`)],
);

/** How borrowers of each market reach customer service (docs/decisions/230). */
export const serviceContacts = pgTable(
  'service_contacts',
  {
    market: varchar('market', { length: 2 }).$type<PhoneMarket>().primaryKey(),
    whatsapp: varchar('whatsapp', { length: 30 }).notNull(),
    telephone: varchar('telephone', { length: 30 }).notNull(),
    email: varchar('email', { length: 200 }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('service_contacts_market', sql`${t.market} in ('MX', 'IN')`)],
);
