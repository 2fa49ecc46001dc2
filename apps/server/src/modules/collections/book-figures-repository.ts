import type { IsoDate } from '@lend/domain';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { idArray, reportRows } from '../../db/report-rows';

/** The book's figures that stand on late orders' history and promises alone (docs/decisions/247). */

export type BucketRoll = { month: string; fromBucket: string; toBucket: string | null; orders: number };

/**
 * For each of the last `months` month ends before `today`'s month, the market's orders that were in
 * a bucket at the previous month's end, counted by where they were at this one (null: cured). Where
 * an order was at a day is the bucket of its last move on or before it (`delinquency_moves`, kept
 * since the clock began keeping them: docs/decisions/242).
 */
export function bucketRolls(db: Queryable, market: string, today: IsoDate, months: number): Promise<BucketRoll[]> {
  return reportRows<BucketRoll>(
    db,
    sql`with ends as (
      select k, (date_trunc('month', ${today}::date) - make_interval(months => k) - interval '1 day')::date as last_day
      from generate_series(0, ${months}) as k
    ), spans as (
      select order_id, to_bucket, moved_on, lead(moved_on) over (partition by order_id order by id) as next_on
      from delinquency_moves where market = ${market}
    ), states as (
      select s.order_id, e.k, s.to_bucket from spans s join ends e on s.moved_on <= e.last_day and (s.next_on is null or s.next_on > e.last_day)
    )
    select to_char(e.last_day, 'YYYY-MM') as month, a.to_bucket as "fromBucket", b.to_bucket as "toBucket", count(*)::int as orders
    from states a join states b on b.order_id = a.order_id and b.k = a.k - 1 join ends e on e.k = b.k
    where a.to_bucket is not null
    group by e.last_day, a.to_bucket, b.to_bucket order by e.last_day, a.to_bucket, b.to_bucket nulls last`,
  );
}

export type AgentPromiseRow = {
  agentId: number | null;
  agentEmail: string | null;
  promises: number;
  open: number;
  kept: number;
  partlyKept: number;
  broken: number;
  promisedMinor: number;
  keptMinor: number;
};

/** The market's promises to pay falling on or after `from`, per agent who took them (null: the borrower in the app). */
export function promisesByAgent(db: Queryable, market: string, from: IsoDate): Promise<AgentPromiseRow[]> {
  return reportRows<AgentPromiseRow>(
    db,
    sql`select agent_id as "agentId", max(agent_email) as "agentEmail", count(*)::int as promises,
      (count(*) filter (where state = 'open'))::int as open,
      (count(*) filter (where state = 'kept'))::int as kept,
      (count(*) filter (where state = 'partly-kept'))::int as "partlyKept",
      (count(*) filter (where state = 'broken'))::int as broken,
      sum(amount_minor)::float8 as "promisedMinor", sum(kept_minor)::float8 as "keptMinor"
    from promises_to_pay where market = ${market} and promised_on >= ${from}::date
    group by agent_id order by max(agent_email) nulls last`,
  );
}

export type ProductWriteOffs = { productId: number; orders: number; principalMinor: number; totalMinor: number; recoveredMinor: number };

/** Each product's write-offs (docs/decisions/244): how many orders, the principal and everything written off, what was recovered since. */
export function writeOffsByProduct(db: Queryable, productIds: readonly number[]): Promise<ProductWriteOffs[]> {
  return reportRows<ProductWriteOffs>(
    db,
    sql`select product_id as "productId", count(*)::int as orders, sum(principal_minor)::float8 as "principalMinor",
      sum(principal_minor + interest_minor + tax_minor + late_charges_minor)::float8 as "totalMinor", sum(recovered_minor)::float8 as "recoveredMinor"
    from write_offs where product_id = any(${idArray(productIds)}) group by product_id order by product_id`,
  );
}

/** The written-off orders of these products: they leave the outstanding book. */
export async function writtenOffOrderIds(db: Queryable, productIds: readonly number[]): Promise<number[]> {
  return (await reportRows<{ orderId: number }>(db, sql`select order_id as "orderId" from write_offs where product_id = any(${idArray(productIds)})`)).map((row) => row.orderId);
}
