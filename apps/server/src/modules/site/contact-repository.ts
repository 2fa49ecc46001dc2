import type { ContactMessageRequest, Language } from '@lend/contracts';
import { desc } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
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

/** Newest first (ids grow with time), one page (and one row more) before the cursor's message. */
export function listContactMessages(db: Queryable, page: PageRequest<readonly [number]>): Promise<ContactMessageRow[]> {
  return db
    .select()
    .from(contactMessages)
    .where(pastCursor(contactMessages.id, page, 'newest-first'))
    .orderBy(desc(contactMessages.id))
    .limit(page.limit + 1);
}
