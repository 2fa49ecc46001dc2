import { randomInt } from 'node:crypto';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { sandboxPayouts } from '../../../db/schema';
import type { PayoutCurrency, PayoutRejection, PayoutState } from '../payout-provider';

export type SandboxPayoutRow = typeof sandboxPayouts.$inferSelect;

const digits = (count: number) => Array.from({ length: count }, () => String(randomInt(10))).join('');

/**
 * A made-up reference as each rail's bank shows it (docs/decisions/153): an SPEI tracking key
 * (up to 30 letters and digits; ours 20) for pesos, a 12-digit UTR for rupees.
 */
export function transferRefFor(currency: PayoutCurrency, at: Date): string {
  return currency === 'MXN' ? `SBX${at.toISOString().slice(0, 10).replaceAll('-', '')}${digits(9)}` : digits(12);
}

export function stateOf(row: SandboxPayoutRow): PayoutState {
  const reason = (row.reason ?? 'other') as PayoutRejection;
  if (row.status === 'paid' && row.transferRef && row.paidAt) return { status: 'paid', providerPayoutId: row.id, transferRef: row.transferRef, paidAt: row.paidAt };
  if (row.status === 'rejected') return { status: 'rejected', providerPayoutId: row.id, reason, detail: row.detail ?? '' };
  if (row.status === 'reversed') return { status: 'reversed', providerPayoutId: row.id, transferRef: row.transferRef ?? undefined, reason, detail: row.detail ?? '' };
  return { status: 'processing', providerPayoutId: row.id };
}

/** Keeps the transfer once per key: a second send with the key finds the first. */
export async function acceptOnce(db: Db, row: Omit<SandboxPayoutRow, 'id' | 'status' | 'transferRef' | 'reason' | 'detail' | 'paidAt' | 'createdAt' | 'updatedAt'>, at: Date): Promise<SandboxPayoutRow> {
  await db
    .insert(sandboxPayouts)
    .values({ ...row, id: `sbxpo_${digits(16)}`, status: 'processing', createdAt: at, updatedAt: at })
    .onConflictDoNothing({ target: sandboxPayouts.idempotencyKey });
  const found = await sandboxPayoutByKey(db, row.idempotencyKey);
  if (!found) throw new Error('sandbox payout not kept');
  return found;
}

export async function sandboxPayoutByKey(db: Db, key: string): Promise<SandboxPayoutRow | undefined> {
  const [row] = await db.select().from(sandboxPayouts).where(eq(sandboxPayouts.idempotencyKey, key)).limit(1);
  return row;
}

export type SandboxOutcome = { outcome: 'settle' } | { outcome: 'reject' | 'reverse'; reason: PayoutRejection; detail: string };

/** Moves a transfer the way its bank would: processing → paid or rejected, paid → reversed; anything else changes nothing. */
export async function moveSandboxPayout(db: Db, key: string, change: SandboxOutcome, at: Date): Promise<SandboxPayoutRow | undefined> {
  const where = (from: string) => and(eq(sandboxPayouts.idempotencyKey, key), eq(sandboxPayouts.status, from));
  const set =
    change.outcome === 'settle'
      ? { status: 'paid', paidAt: at, transferRef: transferRefFor((await sandboxPayoutByKey(db, key))?.currency === 'INR' ? 'INR' : 'MXN', at) }
      : { status: change.outcome === 'reject' ? 'rejected' : 'reversed', reason: change.reason, detail: change.detail };
  const [row] = await db
    .update(sandboxPayouts)
    .set({ ...set, updatedAt: at })
    .where(where(change.outcome === 'reverse' ? 'paid' : 'processing'))
    .returning();
  return row;
}

/** The transfers paid (and those since returned) on a UTC day. */
export function sandboxPayoutsPaidOn(db: Db, day: string): Promise<SandboxPayoutRow[]> {
  const from = new Date(`${day}T00:00:00Z`);
  const to = new Date(from.getTime() + 86_400_000);
  return db
    .select()
    .from(sandboxPayouts)
    .where(and(inArray(sandboxPayouts.status, ['paid', 'reversed']), gte(sandboxPayouts.paidAt, from), lt(sandboxPayouts.paidAt, to)));
}
