import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { jsonRowOf, jsonRowsOf, rowFromJson } from '../../db/json-row';
import { preparedOnce } from '../../db/prepared';
import { loanInstallments, loanOrders } from '../../db/schema';
import type { InstallmentRow } from './installment-repository';
import type { OrderRow } from './order-repository';

/** Everything the order details read needs. */
export type OrderDetailsRow = {
  order: OrderRow;
  installments: InstallmentRow[];
  hasContract: boolean;
  hasKeyFacts: boolean;
};

type JsonRow = Record<string, unknown>;
type DetailsJson = { order: JsonRow; installments: JsonRow[] };

/**
 * The borrower's order with its plan (whether it has a contract is the order's own
 * `agreement_recorded`: docs/decisions/212; its product is the products module's: 210), in one round trip and as one JSON field that the driver decodes once
 * (docs/decisions/085). `order_no` is unique, so no limit is needed. Another borrower's order is
 * not found, exactly like a missing one.
 */
function detailsQuery(db: Queryable) {
  return db
    .select({
      details: sql<DetailsJson>`json_build_object(
        'order', ${jsonRowOf(loanOrders)},
        'installments', ${jsonRowsOf(loanInstallments, sql`${loanInstallments.orderId} = ${loanOrders.id}`, loanInstallments.seq)})`.as('details'),
    })
    .from(loanOrders)
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
  const order = rowFromJson(loanOrders, details.order);
  return {
    order,
    installments: details.installments.map((installment) => rowFromJson(loanInstallments, installment)),
    hasContract: order.agreementRecorded,
    hasKeyFacts: order.keyFactsRecorded,
  };
}
