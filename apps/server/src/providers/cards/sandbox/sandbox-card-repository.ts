import { and, eq, gte, lt } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { sandboxCardCharges, sandboxCardTokens, sandboxCheckoutSessions } from '../../../db/schema';

/** The sandbox provider's own books (docs/decisions/081): nothing else reads or writes these tables. */
export type SandboxTokenRow = typeof sandboxCardTokens.$inferSelect;
export type SandboxChargeRow = typeof sandboxCardCharges.$inferSelect;
export type SandboxCheckoutRow = typeof sandboxCheckoutSessions.$inferSelect;

export async function insertToken(db: Queryable, row: typeof sandboxCardTokens.$inferInsert): Promise<void> {
  await db.insert(sandboxCardTokens).values(row);
}

export async function findToken(db: Queryable, token: string): Promise<SandboxTokenRow | null> {
  const [row] = await db.select().from(sandboxCardTokens).where(eq(sandboxCardTokens.token, token)).limit(1);
  return row ?? null;
}

export async function findChargeByKey(db: Queryable, idempotencyKey: string): Promise<SandboxChargeRow | null> {
  const [row] = await db.select().from(sandboxCardCharges).where(eq(sandboxCardCharges.idempotencyKey, idempotencyKey)).limit(1);
  return row ?? null;
}

/**
 * Inserts the charge unless its key already has one, and answers the key's one charge. Concurrent
 * inserts of a key wait on its unique index; the losers find the winner's row once it committed.
 */
export async function insertChargeOnce(db: Queryable, row: typeof sandboxCardCharges.$inferInsert): Promise<SandboxChargeRow> {
  const [inserted] = await db.insert(sandboxCardCharges).values(row).onConflictDoNothing({ target: sandboxCardCharges.idempotencyKey }).returning();
  if (inserted) return inserted;
  const existing = await findChargeByKey(db, row.idempotencyKey);
  if (!existing) throw new Error('a conflicting sandbox charge vanished');
  return existing;
}

/** Inserts the checkout unless its merchant reference already has one, and answers that reference's one checkout. */
export async function insertCheckoutOnce(db: Queryable, row: typeof sandboxCheckoutSessions.$inferInsert): Promise<SandboxCheckoutRow> {
  const [inserted] = await db
    .insert(sandboxCheckoutSessions)
    .values(row)
    .onConflictDoNothing({ target: sandboxCheckoutSessions.merchantReference })
    .returning();
  if (inserted) return inserted;
  const existing = await findCheckoutByReference(db, row.merchantReference);
  if (!existing) throw new Error('a conflicting sandbox checkout vanished');
  return existing;
}

export async function findCheckout(db: Queryable, id: string): Promise<SandboxCheckoutRow | null> {
  const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id)).limit(1);
  return row ?? null;
}

export async function findCheckoutByReference(db: Queryable, merchantReference: string): Promise<SandboxCheckoutRow | null> {
  const [row] = await db
    .select()
    .from(sandboxCheckoutSessions)
    .where(eq(sandboxCheckoutSessions.merchantReference, merchantReference))
    .limit(1);
  return row ?? null;
}

/** Moves an open checkout to paid or cancelled in one statement; null when it was not open. */
export async function completeOpenCheckout(
  db: Queryable,
  id: string,
  status: 'paid' | 'cancelled',
  at: Date,
): Promise<SandboxCheckoutRow | null> {
  const [row] = await db
    .update(sandboxCheckoutSessions)
    .set({ status, completedAt: at })
    .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open')))
    .returning();
  return row ?? null;
}

/** The sandbox's successful charges made within [from, to): what its settlement of those days pays out. */
export function succeededChargesBetween(db: Queryable, from: Date, to: Date): Promise<SandboxChargeRow[]> {
  return db
    .select()
    .from(sandboxCardCharges)
    .where(and(eq(sandboxCardCharges.status, 'succeeded'), gte(sandboxCardCharges.createdAt, from), lt(sandboxCardCharges.createdAt, to)))
    .orderBy(sandboxCardCharges.createdAt);
}
