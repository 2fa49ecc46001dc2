import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
    /** Set once when a staff member marks the message answered, with how and by whom (docs/decisions/172). */
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
    answerNote: text('answer_note'),
    answeredBy: varchar('answered_by', { length: 254 }),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt),
    check('contact_messages_language_check', sql`${t.language} in ('en', 'es')`),
    check('contact_messages_answer_check', sql`(${t.answeredAt} is null) = (${t.answerNote} is null) and (${t.answeredAt} is null) = (${t.answeredBy} is null)`),
  ],
);
