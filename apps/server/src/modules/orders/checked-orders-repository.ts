import { and, gt, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loanInstallments, loanOrders } from '../../db/schema';
import type { BalanceInstallment } from './order-balance';
import type { OrderRow } from './order-repository';

/** What the ledger check reads of an order: its balance's columns, its status and its credit. */
export type CheckedOrderRow = Pick<OrderRow, 'id' | 'orderNo' | 'statusCode' | 'disbursedAt' | 'settledAt' | 'penaltyMinor' | 'penaltyPaidMinor' | 'creditMinor'>;
/** An order with its plan as the ledger check reads them: the installments' columns are those their balance is read from. */
export type CheckedOrder = { order: CheckedOrderRow; installments: BalanceInstallment[] };

type CheckedPlanJson = [number, string | null, number, number, number, number, number, number, number, number];
type CheckedOrderJson = [number, string, number, string | null, string | null, number, number, number, CheckedPlanJson[]];

const instant = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The orders with ids in (afterId, throughId], by id, each with its plan, with only what the
 * ledger check reads, as one JSON document: on a book of a million orders the check's time went
 * into the driver and the mapper turning forty million columns into values, where one document
 * per range is parsed natively (docs/decisions/085, 202).
 */
export async function checkedOrdersInIdRange(db: Queryable, afterId: number, throughId: number): Promise<CheckedOrder[]> {
  const o = loanOrders;
  const i = loanInstallments;
  const plan = sql`(select coalesce(json_agg(json_build_array(${i.seq}, ${i.dueDate}, ${i.principalMinor}, ${i.principalPaidMinor}, ${i.interestMinor},
      ${i.interestPaidMinor}, ${i.interestWaivedMinor}, ${i.taxMinor}, ${i.taxPaidMinor}, ${i.taxWaivedMinor}) order by ${i.seq}), '[]'::json)
    from ${i} where ${i.orderId} = ${o.id})`;
  const [row] = await db
    .select({
      orders: sql<CheckedOrderJson[] | null>`json_agg(json_build_array(${o.id}, ${o.orderNo}, ${o.statusCode}, ${o.disbursedAt}, ${o.settledAt},
        ${o.penaltyMinor}, ${o.penaltyPaidMinor}, ${o.creditMinor}, ${plan}) order by ${o.id})`,
    })
    .from(o)
    .where(and(gt(o.id, afterId), lte(o.id, throughId)));
  return (row?.orders ?? []).map(([id, orderNo, statusCode, disbursedAt, settledAt, penaltyMinor, penaltyPaidMinor, creditMinor, installments]) => ({
    order: { id, orderNo, statusCode, disbursedAt: instant(disbursedAt), settledAt: instant(settledAt), penaltyMinor, penaltyPaidMinor, creditMinor },
    installments: installments.map(([seq, dueDate, principalMinor, principalPaidMinor, interestMinor, interestPaidMinor, interestWaivedMinor, taxMinor, taxPaidMinor, taxWaivedMinor]) => ({
      seq,
      dueDate,
      principalMinor,
      principalPaidMinor,
      interestMinor,
      interestPaidMinor,
      interestWaivedMinor,
      taxMinor,
      taxPaidMinor,
      taxWaivedMinor,
    })),
  }));
}
