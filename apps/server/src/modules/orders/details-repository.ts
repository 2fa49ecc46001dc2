import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { jsonRowOf, jsonRowsOf, rowFromJson } from '../../db/json-row';
import { preparedOnce } from '../../db/prepared';
import { loanInstallments, loanOrders, products } from '../../db/schema';
import { contractExists, keyFactsExists } from '../contracts';
import type { ProductRow } from '../products';
import type { InstallmentRow } from './installment-repository';
import type { OrderRow } from './order-repository';

/** Everything the order details read needs. */
export type OrderDetailsRow = {
  order: OrderRow;
  product: ProductRow;
  installments: InstallmentRow[];
  hasContract: boolean;
  hasKeyFacts: boolean;
};

type JsonRow = Record<string, unknown>;
type DetailsJson = { order: JsonRow; product: JsonRow; installments: JsonRow[]; hasContract: boolean; hasKeyFacts: boolean };

/**
 * The borrower's order with its product, plan and whether it has a contract (without reading
 * its text), in one round trip and as one JSON field that the driver decodes once
 * (docs/decisions/085). `order_no` is unique, so no limit is needed. Another borrower's order is
 * not found, exactly like a missing one.
 */
function detailsQuery(db: Queryable) {
  return db
    .select({
      details: sql<DetailsJson>`json_build_object(
        'order', ${jsonRowOf(loanOrders)},
        'product', ${jsonRowOf(products)},
        'installments', ${jsonRowsOf(loanInstallments, sql`${loanInstallments.orderId} = ${loanOrders.id}`, loanInstallments.seq)},
        'hasContract', ${contractExists(loanOrders.id)},
        'hasKeyFacts', ${keyFactsExists(loanOrders.id)})`.as('details'),
    })
    .from(loanOrders)
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(and(eq(loanOrders.orderNo, sql.placeholder('orderNo')), eq(loanOrders.borrowerId, sql.placeholder('borrowerId'))));
}

/**
 * The read as a named statement, built once per database handle (or transaction) and run with
 * its values as parameters: PostgreSQL plans it once per pooled connection, and no call rebuilds
 * its SQL.
 */
const detailsStatement = preparedOnce((db: Queryable) => detailsQuery(db).prepare('borrower_order_details'));

export async function findBorrowerOrderDetails(db: Queryable, borrowerId: number, orderNo: string): Promise<OrderDetailsRow | undefined> {
  const [row] = await detailsStatement(db).execute({ orderNo, borrowerId });
  const details = row?.details;
  if (!details) return undefined;
  return {
    order: rowFromJson(loanOrders, details.order),
    product: rowFromJson(products, details.product),
    installments: details.installments.map((installment) => rowFromJson(loanInstallments, installment)),
    hasContract: details.hasContract,
    hasKeyFacts: details.hasKeyFacts,
  };
}
