import { phoneForms, type SmsKind, type SmsStatus } from '@lend/contracts';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { pastCursor, type PageRequest } from '../../db/paging';
import { smsOutbox } from '../../db/schema';

export type OutboxRow = typeof smsOutbox.$inferSelect;

export type NewOutboxMessage = { phone: string; text: string; code: string; kind: SmsKind; provider?: string; status?: SmsStatus };

export async function insertOutboxMessage(db: Queryable, values: NewOutboxMessage): Promise<number> {
  const [row] = await db.insert(smsOutbox).values(values).returning({ id: smsOutbox.id });
  if (!row) throw new Error('sms_outbox insert returned no row');
  return row.id;
}

/** The gateway took the message: its id, its first status and how many requests it took. */
export async function markOutboxAccepted(db: Queryable, id: number, values: { providerMessageId: string; status: SmsStatus; attempts: number }): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ ...values, errorCode: null, errorMessage: null, updatedAt: sql`now()` })
    .where(eq(smsOutbox.id, id));
}

export async function markOutboxFailed(db: Queryable, id: number, values: { errorCode: number | null; errorMessage: string; attempts: number }): Promise<void> {
  await db
    .update(smsOutbox)
    .set({ ...values, status: 'failed', updatedAt: sql`now()` })
    .where(eq(smsOutbox.id, id));
}

/**
 * A delivery report for the gateway's message id; only from one of `from` (callbacks arrive out of
 * order, and a late `sent` must not undo `delivered`). False when no such message or it stands
 * elsewhere.
 */
export async function updateOutboxStatus(
  db: Queryable,
  key: { provider: string; providerMessageId: string },
  values: { status: SmsStatus; errorCode: number | null },
  from: readonly SmsStatus[],
): Promise<boolean> {
  const rows = await db
    .update(smsOutbox)
    .set({ status: values.status, ...(values.errorCode === null ? {} : { errorCode: values.errorCode }), updatedAt: sql`now()` })
    .where(and(eq(smsOutbox.provider, key.provider), eq(smsOutbox.providerMessageId, key.providerMessageId), inArray(smsOutbox.status, [...from])))
    .returning({ id: smsOutbox.id });
  return rows.length > 0;
}

export type OutboxFilter = { phone?: string; status?: SmsStatus };

/**
 * Newest first, as a phone's inbox shows them, whichever form the number was texted in (every
 * phone's when none is given); one page (and one row more) before the cursor's message.
 */
export async function listOutbox(db: Queryable, filter: OutboxFilter, page: PageRequest<readonly [number]>): Promise<OutboxRow[]> {
  const conditions: (SQL | undefined)[] = [pastCursor(smsOutbox.id, page, 'newest-first')];
  if (filter.phone !== undefined) conditions.push(inArray(smsOutbox.phone, phoneForms(filter.phone)));
  if (filter.status !== undefined) conditions.push(eq(smsOutbox.status, filter.status));
  return db
    .select()
    .from(smsOutbox)
    .where(and(...conditions))
    .orderBy(desc(smsOutbox.id))
    .limit(page.limit + 1);
}
