import { phoneForms, type SmsKind } from '@lend/contracts';
import { and, desc, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { smsOutbox } from '../../db/schema';

export type OutboxRow = typeof smsOutbox.$inferSelect;

export async function insertOutboxMessage(db: Queryable, values: { phone: string; text: string; code: string; kind?: SmsKind }): Promise<void> {
  await db.insert(smsOutbox).values(values);
}

/** Newest first, as a phone's inbox shows them, whichever form the number was texted in; one page (and one row more) before the cursor's message. */
export async function listOutbox(db: Queryable, phone: string, page: PageRequest<readonly [number]>): Promise<OutboxRow[]> {
  return db
    .select()
    .from(smsOutbox)
    .where(and(inArray(smsOutbox.phone, phoneForms(phone)), pastCursor(smsOutbox.id, page, 'newest-first')))
    .orderBy(desc(smsOutbox.id))
    .limit(page.limit + 1);
}
