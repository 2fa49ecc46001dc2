import { PaymentExceptionReason, type Page, type PageQuery, type WebhookDelivery, type WebhookOutcome } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { pageRequest, toPage } from '../../db/paging';
import { MARKET_SETTINGS } from '@lend/domain';
import { withOrderLabels } from '../orders';
import { deliveredPaymentsPage, keptDeliveriesPage, type DeliveryCursor } from './webhook-delivery-repository';

const DUPLICATE: readonly string[] = [PaymentExceptionReason.EventIdReused];
const UNKNOWN: readonly string[] = [PaymentExceptionReason.UnknownRefund];

/** What a kept delivery's reason says became of it (docs/decisions/182). */
function outcomeOf(reason: string): WebhookOutcome {
  if (DUPLICATE.includes(reason)) return 'duplicate';
  return UNKNOWN.includes(reason) ? 'unknown' : 'refused';
}

/** Which kept deliveries an outcome asks for. */
function keptFilter(outcome: WebhookOutcome | undefined): { reasons?: readonly string[]; exceptReasons?: readonly string[] } | null {
  switch (outcome) {
    case undefined:
      return {};
    case 'applied':
      return null;
    case 'duplicate':
      return { reasons: DUPLICATE };
    case 'unknown':
      return { reasons: UNKNOWN };
    case 'refused':
      return { exceptReasons: [...DUPLICATE, ...UNKNOWN] };
  }
}

const isWhole = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;
const deliveryCursor = (value: unknown): DeliveryCursor | undefined =>
  Array.isArray(value) && value.length === 2 && isWhole(value[0]) && isWhole(value[1]) ? [value[0], value[1]] : undefined;

type Row = { key: number; atMs: number; view: Omit<WebhookDelivery, 'orderNo' | 'currency' | 'market'> & { orderId: number | null } };

/**
 * Providers' payment deliveries with what became of them, newest first: the payments they made and
 * the deliveries kept for an operator, read from both stores past one cursor and merged, so paging
 * stays on the server.
 */
export async function webhookDeliveryPage(db: Queryable, query: PageQuery & { outcome?: WebhookOutcome | undefined; provider?: string | undefined }): Promise<Page<WebhookDelivery>> {
  const page = pageRequest(query, deliveryCursor);
  const limit = page.limit + 1;
  const kept = keptFilter(query.outcome);
  const [applied, parked] = await Promise.all([
    query.outcome === undefined || query.outcome === 'applied' ? deliveredPaymentsPage(db, query, page.after, limit) : Promise.resolve([]),
    kept === null ? Promise.resolve([]) : keptDeliveriesPage(db, { provider: query.provider, ...kept }, page.after, limit),
  ]);
  const rows: Row[] = [
    ...applied.map((row) => ({
      key: row.key,
      atMs: row.atMs,
      view: { key: `payment-${row.id}`, provider: row.provider, eventId: row.eventId, outcome: 'applied' as const, reason: null, orderId: row.orderId, amountMinor: row.amountMinor, receivedAt: row.at.toISOString() },
    })),
    ...parked.map((row) => ({
      key: row.key,
      atMs: row.atMs,
      view: { key: `exception-${row.id}`, provider: row.provider, eventId: row.eventId, outcome: outcomeOf(row.reason), reason: row.reason, orderId: null, amountMinor: null, receivedAt: row.at.toISOString() },
    })),
  ]
    .sort((a, b) => b.atMs - a.atMs || b.key - a.key)
    .slice(0, limit);
  // An applied delivery is shown in its order's currency and time zone (docs/decisions/238).
  const orderIds = [...new Set(rows.flatMap((row) => (row.view.orderId === null ? [] : [row.view.orderId])))];
  const labels = new Map((await withOrderLabels(db, orderIds.map((orderId) => ({ orderId })))).map((label) => [label.orderId, label]));
  return toPage(rows, page, (row) => [row.atMs, row.key], ({ view: { orderId, ...view } }) => {
    const label = orderId === null ? undefined : labels.get(orderId);
    return { ...view, orderNo: label?.orderNo ?? null, currency: label ? MARKET_SETTINGS[label.market].currency : null, market: label?.market ?? null };
  });
}
