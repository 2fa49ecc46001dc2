import { MARKETS, type Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { findOrderNumbersAndMarkets } from './order-summary-repository';

/**
 * What another module shows of an order it refers to: the number the borrower knows it by, and
 * its product's market (the currency and time zone its dates and amounts are shown in).
 */
export type OrderLabel = { orderNo: string; market: Market };

function marketOf(value: string): Market {
  const market = MARKETS.find((known) => known === value);
  if (!market) throw new Error(`product market ${value} is not known`);
  return market;
}

/** The labels of a set of orders by id, read together; an id with no order is left out. */
async function orderLabels(db: Queryable, orderIds: readonly number[]): Promise<Map<number, OrderLabel>> {
  const unique = [...new Set(orderIds)];
  if (unique.length === 0) return new Map();
  const rows = await findOrderNumbersAndMarkets(db, unique);
  return new Map(rows.map((row) => [row.id, { orderNo: row.orderNo, market: marketOf(row.market) }]));
}

/** Each row with its order's label, in the rows' order; a row naming no order is left out, as a join would. */
export async function withOrderLabels<R extends { orderId: number }>(db: Queryable, rows: readonly R[]): Promise<(R & OrderLabel)[]> {
  const labels = await orderLabels(
    db,
    rows.map((row) => row.orderId),
  );
  return rows.flatMap((row) => {
    const label = labels.get(row.orderId);
    return label ? [{ ...row, ...label }] : [];
  });
}
