import { phoneForms } from '@lend/contracts';
import { asc, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { smsOutbox } from '../../db/schema';

/** At most this many messages in a data download: the newest are what a borrower asks about. */
const MESSAGES_IN_DOWNLOAD = 500;

/** Messages sent to the stored phone (in either form it is texted in), oldest first, without one-time codes (spent or not, they are secrets). */
export async function messagesSentTo(db: Queryable, phone: string): Promise<{ text: string; sentAt: Date }[]> {
  const rows = await db
    .select({ text: smsOutbox.text, code: smsOutbox.code, sentAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(inArray(smsOutbox.phone, phoneForms(phone)))
    .orderBy(asc(smsOutbox.id));
  return rows.slice(-MESSAGES_IN_DOWNLOAD).map((row) => ({ text: row.code ? row.text.replaceAll(row.code, '******') : row.text, sentAt: row.sentAt }));
}

/** Keeps that a message was sent, when and how it fared (SMS budgets count them), not to whom nor what (a gateway's error words may name the number). */
export async function eraseMessagesTo(db: Queryable, phone: string, placeholderPhone: string): Promise<void> {
  await db.update(smsOutbox).set({ phone: placeholderPhone, text: '', code: '', errorMessage: null }).where(inArray(smsOutbox.phone, phoneForms(phone)));
}
