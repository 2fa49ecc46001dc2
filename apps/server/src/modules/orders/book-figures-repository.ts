import { LoanStatus } from '@lend/contracts';
import type { IsoDate } from '@lend/domain';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { idArray, reportRows } from '../../db/report-rows';

/**
 * The book's figures that stand on orders and their plans alone (docs/decisions/247), each one
 * grouped statement over the products' orders, never a read per order.
 */

/** Paid out and not settled: the orders whose principal is outstanding. */
const OUTSTANDING_STATUSES = `{${LoanStatus.Disbursed},${LoanStatus.Due},${LoanStatus.Overdue}}`;
/** Still owed: what the installment asks less what was paid and waived (as `installmentsDueOfProducts` reads it). */
const unpaid = sql.raw('(i.amount_minor - i.paid_minor - i.interest_waived_minor - i.tax_waived_minor)');

export type ProductAtRisk = { productId: number; outstandingMinor: number; par1Minor: number; par30Minor: number; par60Minor: number; par90Minor: number };

/**
 * Each product's outstanding principal, and the part of it on orders 1, 30, 60 and 90 days past due
 * on `today`: days counted from the oldest installment still owed whose date has passed, the rule of
 * `daysPastDue` (docs/decisions/242), worked out from the plans at the moment of the read. The
 * `writtenOff` orders are off the books (docs/decisions/244) and left out; collections sums them apart.
 */
export function principalAtRisk(db: Queryable, productIds: readonly number[], today: IsoDate, writtenOff: readonly number[]): Promise<ProductAtRisk[]> {
  return reportRows<ProductAtRisk>(
    db,
    sql`with per_order as (
      select o.product_id,
        sum(i.principal_minor - i.principal_paid_minor) as outstanding,
        ${today}::date - min(i.due_date) filter (where i.due_date < ${today}::date and ${unpaid} > 0) as dpd
      from loan_orders o join loan_installments i on i.order_id = o.id
      where o.product_id = any(${idArray(productIds)}) and o.status_code = any(${OUTSTANDING_STATUSES}::smallint[]) and o.id <> all(${idArray(writtenOff)})
      group by o.id, o.product_id
    )
    select product_id as "productId",
      sum(outstanding)::float8 as "outstandingMinor",
      coalesce(sum(outstanding) filter (where dpd >= 1), 0)::float8 as "par1Minor",
      coalesce(sum(outstanding) filter (where dpd >= 30), 0)::float8 as "par30Minor",
      coalesce(sum(outstanding) filter (where dpd >= 60), 0)::float8 as "par60Minor",
      coalesce(sum(outstanding) filter (where dpd >= 90), 0)::float8 as "par90Minor"
    from per_order group by product_id order by product_id`,
  );
}

export type VintagePointRow = { vintage: string; monthOnBook: number; orders: number; disbursedMinor: number; late30Minor: number };

/**
 * Per month of payout in [from, to) (market days), the principal paid out and, at each month on book
 * up to `months`, the principal of its orders then 30 or more days past due. "Then" is the payout day
 * plus that many months; an order was 30+ days past due on a day when one of its installments, due
 * 30 days or more before it, was not yet wholly paid by that day's end (`paid_at` in the market's
 * calendar). A point is given once the whole month of payout has reached it (docs/decisions/247).
 */
export function vintagePoints(db: Queryable, productIds: readonly number[], timeZone: string, from: IsoDate, to: IsoDate, today: IsoDate, months: number): Promise<VintagePointRow[]> {
  return reportRows<VintagePointRow>(
    db,
    sql`with book as (
      select o.id, o.principal_minor as principal, (o.disbursed_at at time zone ${timeZone})::date as paid_out
      from loan_orders o
      where o.product_id = any(${idArray(productIds)}) and o.disbursed_at is not null
        and o.disbursed_at >= (${from}::timestamp at time zone ${timeZone}) and o.disbursed_at < (${to}::timestamp at time zone ${timeZone})
    ), vintages as (
      select date_trunc('month', paid_out)::date as first_day, count(*) as orders, sum(principal) as disbursed from book group by 1
    ), late as (
      select distinct b.id, b.principal, date_trunc('month', b.paid_out)::date as first_day, m.mob
      from book b join loan_installments i on i.order_id = b.id
      cross join generate_series(1, ${months}) as m(mob)
      where i.due_date + 30 <= (b.paid_out + make_interval(months => m.mob))::date
        and (i.paid_at is null or (i.paid_at at time zone ${timeZone})::date > (b.paid_out + make_interval(months => m.mob))::date)
    )
    select to_char(v.first_day, 'YYYY-MM') as vintage, m.mob as "monthOnBook", v.orders::int as orders, v.disbursed::float8 as "disbursedMinor",
      coalesce((select sum(l.principal) from late l where l.first_day = v.first_day and l.mob = m.mob), 0)::float8 as "late30Minor"
    from vintages v cross join generate_series(1, ${months}) as m(mob)
    where (v.first_day + interval '1 month' - interval '1 day' + make_interval(months => m.mob))::date <= ${today}::date
    order by v.first_day, m.mob`,
  );
}

export type MonthAmount = { month: string; amountMinor: number };

/**
 * Per market month from `from` (a first day) to the month of `today`: the installments of the
 * products' paid-out orders that were late on some day of it, whole: due before the month's last
 * day, and not paid by their date, nor before the month began (docs/decisions/247).
 */
export function lateInstallmentsByMonth(db: Queryable, productIds: readonly number[], timeZone: string, from: IsoDate, today: IsoDate): Promise<MonthAmount[]> {
  return reportRows<MonthAmount>(
    db,
    sql`with months as (
      select f::date as first_day, (f + interval '1 month' - interval '1 day')::date as last_day
      from generate_series(${from}::date, date_trunc('month', ${today}::date), interval '1 month') as f
    ), ever_late as (
      select i.due_date, i.amount_minor, (i.paid_at at time zone ${timeZone})::date as paid_on
      from loan_orders o join loan_installments i on i.order_id = o.id
      where o.product_id = any(${idArray(productIds)}) and o.disbursed_at is not null
        and i.due_date < ${today}::date and (i.paid_at is null or (i.paid_at at time zone ${timeZone})::date > i.due_date)
    )
    select to_char(m.first_day, 'YYYY-MM') as month, coalesce(sum(e.amount_minor), 0)::float8 as "amountMinor"
    from months m left join ever_late e on e.due_date < m.last_day and (e.paid_on is null or e.paid_on >= m.first_day)
    group by m.first_day order by m.first_day`,
  );
}

export type OrderMonthAmount = { orderId: number; month: string; amountMinor: number };

/**
 * What the given amounts (each an order's, in a month) come to per month over the products'
 * orders only: the amounts are handed in by their owner, and the orders' products are this
 * module's, so the join is one statement here (docs/decisions/247).
 */
export function amountsOfProductsByMonth(db: Queryable, productIds: readonly number[], amounts: readonly OrderMonthAmount[]): Promise<MonthAmount[]> {
  if (amounts.length === 0) return Promise.resolve([]);
  return reportRows<MonthAmount>(
    db,
    sql`select x.month, sum(x.amount)::float8 as "amountMinor"
    from jsonb_to_recordset(${JSON.stringify(amounts.map((a) => ({ order_id: a.orderId, month: a.month, amount: a.amountMinor })))}::jsonb) as x(order_id int, month text, amount bigint)
    join loan_orders o on o.id = x.order_id
    where o.product_id = any(${idArray(productIds)})
    group by x.month order by x.month`,
  );
}
