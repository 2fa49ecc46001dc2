import { PGlite } from '@electric-sql/pglite';
import { and, eq, is, Placeholder, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Queryable } from '../../db/client';
import { jsonRowOf, jsonRowsOf, rowFromJson } from '../../db/json-row';
import { preparedOnce } from '../../db/prepared';
import { loanContracts, loanInstallments, loanOrders, products } from '../../db/schema';
import type { InstallmentRow } from './installment-repository';
import type { OrderRow } from './order-repository';
import type { ProductRow } from './product-repository';

/** Everything the order details read needs. */
export type OrderDetailsRow = {
  order: OrderRow;
  product: ProductRow;
  installments: InstallmentRow[];
  hasContract: boolean;
};

type JsonRow = Record<string, unknown>;
type DetailsJson = { order: JsonRow; product: JsonRow; installments: JsonRow[]; hasContract: boolean };

/**
 * The borrower's order with its product, plan and whether it has a contract (without reading
 * its text), in one round trip and as one JSON field. `order_no` is unique, so no limit is needed.
 * Another borrower's order is not found, exactly like a missing one.
 */
function detailsQuery(db: Queryable) {
  return db
    .select({
      details: sql<DetailsJson>`json_build_object(
        'order', ${jsonRowOf(loanOrders)},
        'product', ${jsonRowOf(products)},
        'installments', ${jsonRowsOf(loanInstallments, sql`${loanInstallments.orderId} = ${loanOrders.id}`, loanInstallments.seq)},
        'hasContract', exists (select 1 from ${loanContracts} where ${loanContracts.orderId} = ${loanOrders.id}))`.as('details'),
    })
    .from(loanOrders)
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(and(eq(loanOrders.orderNo, sql.placeholder('orderNo')), eq(loanOrders.borrowerId, sql.placeholder('borrowerId'))));
}

const STATEMENT_NAME = 'borrower_order_details';

/** Inside a transaction: drizzle's named statement built for it, as any other query there. */
const detailsStatement = preparedOnce((db) => detailsQuery(db).prepare(STATEMENT_NAME));

/**
 * PostgreSQL: the same named statement (same name, same text, so the two share one preparation
 * per pooled connection), sent straight to the pool. drizzle's execution wraps every call in
 * result mapping and tracing that cost about a tenth of this answer's CPU, for one JSON field
 * that the driver already decodes (docs/decisions/085).
 */
const poolStatement = preparedOnce((db) => {
  const { sql: text, params } = detailsQuery(db).toSQL();
  const order = params.map((param) => (is(param, Placeholder) ? param.name : undefined));
  return { text, order };
});

/** The pg pool behind a root handle on PostgreSQL; undefined on the embedded database. */
function pgPool(db: Db): Pool | undefined {
  const client: unknown = '$client' in db ? db.$client : undefined;
  return isPool(client) ? client : undefined;
}

function isPool(value: unknown): value is Pool {
  return typeof value === 'object' && value !== null && 'totalCount' in value && 'query' in value && typeof value.query === 'function';
}

/**
 * The embedded database sends every parameterised query as an unnamed statement, parsed and
 * planned again each time, which is most of this read's cost there. Its one connection keeps a
 * statement prepared with SQL `PREPARE` instead, run by `EXECUTE` over the simple protocol (one
 * exchange with the database instead of five). `EXECUTE` cannot take parameters, so the values
 * are written into it, and only values that cannot carry SQL are: an order number of letters,
 * digits, `-` and `_`, and a whole borrower id. Anything else takes the parameterised query.
 */
const pglitePrepared = new WeakMap<PGlite, Promise<void>>();
const PLAIN_ORDER_NO = /^[A-Za-z0-9_-]{1,32}$/;

function prepareOnPglite(db: Db, client: PGlite): Promise<void> {
  let ready = pglitePrepared.get(client);
  if (!ready) {
    const { sql: text } = detailsQuery(db).toSQL();
    ready = client.exec(`prepare borrower_order_details (text, integer) as ${text}`).then(() => undefined);
    ready.catch(() => pglitePrepared.delete(client));
    pglitePrepared.set(client, ready);
  }
  return ready;
}

/** The embedded database's client behind a root handle; undefined on PostgreSQL. */
function embeddedClient(db: Db): PGlite | undefined {
  return '$client' in db && db.$client instanceof PGlite ? db.$client : undefined;
}

function isRoot(db: Queryable): db is Db {
  return !is(db, PgTransaction);
}

async function detailsJson(db: Queryable, borrowerId: number, orderNo: string): Promise<DetailsJson | undefined> {
  // Inside a transaction the statement is built for it, as any other query there.
  if (!isRoot(db)) {
    const [row] = await detailsQuery(db).prepare(STATEMENT_NAME).execute({ orderNo, borrowerId });
    return row?.details;
  }
  const pool = pgPool(db);
  if (pool) {
    const { text, order } = poolStatement(db);
    const values: Record<string, string | number> = { orderNo, borrowerId };
    const result = await pool.query<{ details: DetailsJson }>({ name: STATEMENT_NAME, text, values: order.map((name) => (name ? values[name] : undefined)) });
    return result.rows[0]?.details;
  }
  const embedded = embeddedClient(db);
  if (embedded && PLAIN_ORDER_NO.test(orderNo) && Number.isSafeInteger(borrowerId)) {
    await prepareOnPglite(db, embedded);
    const [result] = await embedded.exec(`execute borrower_order_details ('${orderNo}', ${borrowerId})`);
    const row: { details?: DetailsJson } | undefined = result?.rows[0];
    return row?.details;
  }
  const [row] = await detailsStatement(db).execute({ orderNo, borrowerId });
  return row?.details;
}

export async function findBorrowerOrderDetails(db: Queryable, borrowerId: number, orderNo: string): Promise<OrderDetailsRow | undefined> {
  const details = await detailsJson(db, borrowerId, orderNo);
  if (!details) return undefined;
  return {
    order: rowFromJson(loanOrders, details.order),
    product: rowFromJson(products, details.product),
    installments: details.installments.map((installment) => rowFromJson(loanInstallments, installment)),
    hasContract: details.hasContract,
  };
}
