import { randomBytes } from 'node:crypto';
import { and, eq, gte, lt } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { sandboxRefunds } from '../../db/schema';
import type { ProviderRefund, RefundProvider, RefundRequest, RefundStatus } from './refund-provider';

export type SandboxRefundRow = typeof sandboxRefunds.$inferSelect;

function isRefundStatus(value: string): value is RefundStatus {
  return value === 'pending' || value === 'succeeded' || value === 'failed';
}

function answer(row: SandboxRefundRow): ProviderRefund {
  if (!isRefundStatus(row.status)) throw new Error(`sandbox refund has an unknown status: ${row.status}`);
  return { refundId: row.id, status: row.status };
}

/**
 * The sandbox networks' refunds (cash and card alike), kept in `sandbox_refunds`: a refund is
 * pending when first asked for, as a real network's is, and has succeeded by the time it is asked
 * about again, unless the row was marked failed meanwhile (how a test makes a network fail one).
 */
export class SandboxRefunds implements RefundProvider {
  constructor(
    readonly name: string,
    private readonly db: Db,
  ) {}

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const [inserted] = await this.db
      .insert(sandboxRefunds)
      .values({
        id: `re_${randomBytes(18).toString('base64url')}`,
        network: this.name,
        idempotencyKey: request.idempotencyKey,
        paymentId: request.providerPaymentId,
        amountMinor: request.amountMinor,
        currency: request.currency,
        status: 'pending',
      })
      .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
      .returning();
    if (inserted) return answer(inserted);
    const [completed] = await this.db
      .update(sandboxRefunds)
      .set({ status: 'succeeded' })
      .where(and(eq(sandboxRefunds.idempotencyKey, request.idempotencyKey), eq(sandboxRefunds.status, 'pending')))
      .returning();
    if (completed) return answer(completed);
    const [existing] = await this.db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, request.idempotencyKey)).limit(1);
    if (!existing) throw new Error('sandbox refund vanished');
    return answer(existing);
  }
}

/** A sandbox network's refunds that succeeded, made within [from, to): what its settlement pays back. */
export function sandboxRefundsBetween(db: Queryable, network: string, from: Date, to: Date): Promise<SandboxRefundRow[]> {
  return db
    .select()
    .from(sandboxRefunds)
    .where(and(eq(sandboxRefunds.network, network), eq(sandboxRefunds.status, 'succeeded'), gte(sandboxRefunds.createdAt, from), lt(sandboxRefunds.createdAt, to)))
    .orderBy(sandboxRefunds.createdAt);
}
