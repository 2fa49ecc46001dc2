import type { ContactMessageRequest, Language } from '@lend/contracts';
import { desc } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
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

/** Newest first. */
export function listContactMessages(db: Queryable, limit: number): Promise<ContactMessageRow[]> {
  return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit);
}
