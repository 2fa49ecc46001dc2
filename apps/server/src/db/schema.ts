import type { ProductPricing } from '@lend/contracts';
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
  varchar,
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
  },
  (t) => [
    index('loan_orders_borrower_idx').on(t.borrowerId, t.createdAt),
    check('loan_orders_status_check', sql`${t.statusCode} in (21, 151, 110, 170, 174, 180, 200)`),
    check(
      'loan_orders_amounts_check',
      sql`${t.principalMinor} > 0 and ${t.disbursalMinor} >= 0 and ${t.commissionMinor} >= 0 and ${t.interestMinor} >= 0 and ${t.taxMinor} >= 0 and ${t.totalRepayableMinor} >= ${t.principalMinor}`,
    ),
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
