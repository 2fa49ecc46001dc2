import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { borrowers } from './core';
import { loanOrders } from './loans';

/**
 * Problem types and their child types (docs/decisions/020): data an operator changes through the
 * operator API. Titles in both languages; an inactive type is no longer offered but old
 * complaints keep it.
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
    // The staff list pages by (deadline or filing time, id), with or without a status (docs/decisions/202).
    index('complaints_status_due_idx').on(t.status, t.dueAt, t.id),
    index('complaints_due_idx').on(t.dueAt, t.id),
    index('complaints_created_idx').on(t.createdAt, t.id),
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
