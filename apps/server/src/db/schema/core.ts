import { sql } from 'drizzle-orm';
import {
  char,
  check,
  index,
  integer,
  pgTable,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

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
