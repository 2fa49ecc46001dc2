import { ErrorCode, type IssuedReference, type issuedReferenceQuerySchema, type ListFilters, type Page, type PageQuery, type ReferenceState } from '@lend/contracts';
import { and, desc, eq, gt, isNotNull, isNull, lte, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { idCursor, pageRequest, pastCursor, toPage, type PageRequest } from '../../db/paging';
import { paymentReferences } from '../../db/schema';
import { AppError } from '../../errors';
import { MARKET_SETTINGS, type Market } from '@lend/domain';
import { orderByNumber, withOrderLabels } from '../orders';
import type { PaymentReferenceRow } from './payment-channel-repository';

/** A reference's state, in the order it is decided: a payment named it, it was replaced, it expired, or it is open. */
function stateCondition(state: ReferenceState, now: Date): SQL | undefined {
  switch (state) {
    case 'paid':
      return isNotNull(paymentReferences.paidAt);
    case 'replaced':
      return and(isNull(paymentReferences.paidAt), isNotNull(paymentReferences.replacedAt));
    case 'expired':
      return and(isNull(paymentReferences.paidAt), isNull(paymentReferences.replacedAt), lte(paymentReferences.expiresAt, now));
    case 'open':
      return and(isNull(paymentReferences.paidAt), isNull(paymentReferences.replacedAt), gt(paymentReferences.expiresAt, now));
  }
}

function stateOf(row: PaymentReferenceRow, now: Date): ReferenceState {
  if (row.paidAt !== null) return 'paid';
  if (row.replacedAt !== null) return 'replaced';
  return row.expiresAt <= now ? 'expired' : 'open';
}

export type IssuedReferenceRecord = { row: PaymentReferenceRow; orderNo: string; market: Market; state: ReferenceState };

/** Cash references issued, newest first, one order's or in one state when asked (docs/decisions/182). */
export async function issuedReferencePage(
  db: Queryable,
  filter: { orderNo?: string | undefined; state?: ReferenceState | undefined },
  page: PageRequest<readonly [number]>,
  now = new Date(),
): Promise<IssuedReferenceRecord[]> {
  let orderId: number | undefined;
  if (filter.orderNo !== undefined) {
    const order = await orderByNumber(db, filter.orderNo);
    if (!order) throw new AppError(ErrorCode.NotFound);
    orderId = order.id;
  }
  const rows = await db
    .select()
    .from(paymentReferences)
    .where(
      and(
        orderId === undefined ? undefined : eq(paymentReferences.orderId, orderId),
        filter.state === undefined ? undefined : stateCondition(filter.state, now),
        pastCursor(paymentReferences.id, page, 'newest-first'),
      ),
    )
    .orderBy(desc(paymentReferences.id))
    .limit(page.limit + 1);
  // Each reference is shown in its order's currency and time zone (docs/decisions/238).
  return (await withOrderLabels(db, rows)).map((row) => ({ row, orderNo: row.orderNo, market: row.market, state: stateOf(row, now) }));
}

export function issuedReferenceView({ row, orderNo, market, state }: IssuedReferenceRecord): IssuedReference {
  return {
    id: row.id,
    orderNo,
    channelCode: row.channelCode,
    reference: row.reference,
    purpose: row.requestType === 2 ? 'extension' : 'repayment',
    amountMinor: row.amountMinor,
    currency: MARKET_SETTINGS[market].currency,
    market,
    issuedBy: row.issuedBy,
    state,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/** One page of the cash references issued, newest first, with the list's filters (`orderNo`, `state`). */
export async function operatorIssuedReferencePage(db: Queryable, filters: ListFilters<typeof issuedReferenceQuerySchema>, query: PageQuery): Promise<Page<IssuedReference>> {
  const page = pageRequest(query, idCursor);
  return toPage(await issuedReferencePage(db, filters, page), page, (record) => [record.row.id], issuedReferenceView);
}
