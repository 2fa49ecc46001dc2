import type { ContactMessageRequest, ContactMessageState, Language } from '@lend/contracts';
import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { likeContaining } from '../../db/like-patterns';
import { pastCursor, type PageRequest } from '../../db/paging';
import { contactMessages } from '../../db/schema';

export type ContactMessageRow = typeof contactMessages.$inferSelect;

export async function insertContactMessage(
  db: Queryable,
  values: ContactMessageRequest & { language: Language; ip: string },
): Promise<ContactMessageRow> {
  const [row] = await db.insert(contactMessages).values(values).returning();
  if (!row) throw new Error('contact message was not stored');
  return row;
}

export type ContactMessageFilter = { state?: ContactMessageState | undefined; q?: string | undefined };

/**
 * Newest first (ids grow with time), one page (and one row more) before the cursor's message. A
 * search reads the e-mail, and the phone's digits whatever spacing the visitor typed.
 */
export function listContactMessages(db: Queryable, filter: ContactMessageFilter, page: PageRequest<readonly [number]>): Promise<ContactMessageRow[]> {
  const digits = filter.q?.replace(/\D/g, '') ?? '';
  const search = filter.q
    ? or(
        sql`lower(${contactMessages.email}) like ${likeContaining(filter.q)}`,
        digits.length >= 2 ? sql`regexp_replace(${contactMessages.phone}, '[^0-9]', '', 'g') like ${likeContaining(digits)}` : undefined,
      )
    : undefined;
  const state = filter.state === 'new' ? isNull(contactMessages.answeredAt) : filter.state === 'answered' ? isNotNull(contactMessages.answeredAt) : undefined;
  return db
    .select()
    .from(contactMessages)
    .where(and(pastCursor(contactMessages.id, page, 'newest-first'), state, search))
    .orderBy(desc(contactMessages.id))
    .limit(page.limit + 1);
}

export async function findContactMessage(db: Queryable, id: number): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row;
}

/** Marks a message answered unless it already was; undefined then (two people answering record one). */
export async function saveContactAnswer(db: Queryable, id: number, answer: { note: string; by: string; at: Date }): Promise<ContactMessageRow | undefined> {
  const [row] = await db
    .update(contactMessages)
    .set({ answeredAt: answer.at, answerNote: answer.note, answeredBy: answer.by })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.answeredAt)))
    .returning();
  return row;
}
