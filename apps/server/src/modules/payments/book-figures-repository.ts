import { LoanStatus } from '@lend/contracts';
import type { IsoDate } from '@lend/domain';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { reportRows } from '../../db/report-rows';

export type LatePaymentAmount = { orderId: number; month: string; amountMinor: number };

/**
 * Money paid from `from` (a market day) on orders that were overdue when it came, per order and
 * month of the market's calendar: only what went to installments (their principal, interest and tax
 * by the allocation's lines), not late charges nor the borrower's credit (docs/decisions/247). One
 * row per order paid while late in a month, which the orders' owner sums by product.
 */
export function latePaymentsByOrderMonth(db: Queryable, timeZone: string, from: IsoDate): Promise<LatePaymentAmount[]> {
  return reportRows<LatePaymentAmount>(
    db,
    sql`select p.order_id as "orderId", to_char(p.paid_at at time zone ${timeZone}, 'YYYY-MM') as month, sum((line ->> 'amountMinor')::bigint)::float8 as "amountMinor"
    from payments p cross join lateral jsonb_array_elements(p.allocation) as line
    where p.status_before = ${LoanStatus.Overdue} and p.paid_at >= (${from}::timestamp at time zone ${timeZone}) and line ->> 'seq' is not null
    group by 1, 2`,
  );
}
