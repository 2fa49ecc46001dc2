import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { paymentChannels, paymentReferences } from '../../db/schema';

export type PaymentChannelRow = typeof paymentChannels.$inferSelect;
export type PaymentReferenceRow = typeof paymentReferences.$inferSelect;

export function listActiveChannels(db: Queryable, market: string): Promise<PaymentChannelRow[]> {
  return db
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.market, market), eq(paymentChannels.active, true)))
    .orderBy(asc(paymentChannels.sort), asc(paymentChannels.id));
}

export async function findReference(
  db: Queryable,
  key: { orderId: number; channelCode: string; requestType: number; amountMinor: number },
): Promise<PaymentReferenceRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentReferences)
    .where(
      and(
        eq(paymentReferences.orderId, key.orderId),
        eq(paymentReferences.channelCode, key.channelCode),
        eq(paymentReferences.requestType, key.requestType),
        eq(paymentReferences.amountMinor, key.amountMinor),
      ),
    )
    .limit(1);
  return row;
}

/** Keeps the first reference issued for a key; a concurrent second one is dropped. */
export async function saveReference(
  db: Queryable,
  values: { orderId: number; channelCode: string; requestType: number; amountMinor: number; reference: string },
): Promise<void> {
  await db.insert(paymentReferences).values(values).onConflictDoNothing();
}
