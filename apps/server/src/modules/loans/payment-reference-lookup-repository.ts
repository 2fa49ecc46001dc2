import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loanOrders, paymentReferences, products } from '../../db/schema';
import type { PaymentReferenceRow } from './payment-channel-repository';

export type ReferenceWithOrder = { reference: PaymentReferenceRow; orderNo: string; market: string };

/** Every channel's reference with this value (or only `channelCode`'s), with its order number and market. */
export function findReferencesWithOrder(db: Queryable, reference: string, channelCode: string | undefined): Promise<ReferenceWithOrder[]> {
  return db
    .select({ reference: paymentReferences, orderNo: loanOrders.orderNo, market: products.market })
    .from(paymentReferences)
    .innerJoin(loanOrders, eq(loanOrders.id, paymentReferences.orderId))
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(and(eq(paymentReferences.reference, reference), channelCode === undefined ? undefined : eq(paymentReferences.channelCode, channelCode)))
    .orderBy(asc(paymentReferences.channelCode))
    .limit(20);
}
