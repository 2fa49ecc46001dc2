import { desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { smsOutbox } from '../../db/schema';

export type OutboxRow = typeof smsOutbox.$inferSelect;

export async function insertOutboxMessage(db: Queryable, values: { phone: string; text: string; code: string }): Promise<void> {
  await db.insert(smsOutbox).values(values);
}

/** Newest first, as a phone's inbox shows them. */
export async function listOutbox(db: Queryable, phone: string, limit: number): Promise<OutboxRow[]> {
  return db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(limit);
}
