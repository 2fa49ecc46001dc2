import { phoneForms } from '@lend/contracts';
import { desc, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { newestRows, wholeListCount, type NewestRows } from '../../db/paging';
import { smsOutbox } from '../../db/schema';

/**
 * The newest `limit` messages sent to the stored phone (in either form it is texted in), oldest
 * first, without one-time codes (spent or not, they are secrets), and how many older ones were left out.
 */
export async function messagesSentTo(db: Queryable, phone: string, limit: number): Promise<NewestRows<{ text: string; sentAt: Date }>> {
  const rows = await db
    .select({ text: smsOutbox.text, code: smsOutbox.code, sentAt: smsOutbox.createdAt, total: wholeListCount() })
    .from(smsOutbox)
    .where(inArray(smsOutbox.phone, phoneForms(phone)))
    .orderBy(desc(smsOutbox.id))
    .limit(limit);
  return newestRows(rows, (row) => ({ text: row.code ? row.text.replaceAll(row.code, '******') : row.text, sentAt: row.sentAt }));
}

/** Keeps that a message was sent, when and how it fared (SMS budgets count them), not to whom nor what (a gateway's error words may name the number). */
export async function eraseMessagesTo(db: Queryable, phone: string, placeholderPhone: string): Promise<void> {
  await db.update(smsOutbox).set({ phone: placeholderPhone, text: '', code: '', errorMessage: null }).where(inArray(smsOutbox.phone, phoneForms(phone)));
}
