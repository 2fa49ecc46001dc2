import { PaymentExceptionReason } from '@lend/contracts';
import type { Db } from '../../db/client';
import type { RefundStatus } from '../../providers/refunds/refund-provider';
import { keepForOperator } from '../payments';
import { findRefund, findRefundByKey, findRefundByProviderId, insertRefundEventOnce, unknownRefundSeen, type RefundRow } from './refund-repository';
import { settleRefundIn } from './refund-service';

/** A verified provider event about one refund, in our terms. */
export type RefundEventReport = {
  /** The webhook's provider name: its events are kept once under it. */
  provider: string;
  eventId: string;
  /** The refund providers whose refunds this webhook's events may be about ('stripe' and Stripe's cards share an account). */
  refundProviders: readonly string[];
  providerRefundId: string;
  status: RefundStatus;
  /** What the provider carries of ours on the refund: our refund's number (a receipt) or its idempotency key (metadata). */
  ours: { refundId?: number | undefined; idempotencyKey?: string | undefined };
  /** The provider's id of the payment refunded, checked against ours when the refund is found by our marks. */
  providerPaymentId?: string | undefined;
  /** The event as the provider sent it, kept with an exception. */
  event: Record<string, unknown>;
};

export type RefundEventOutcome = { providerRefundId: string; outcome: 'applied' | 'replay' | 'parked'; status?: RefundStatus };

/**
 * Our refund the event is about: by the provider's id, else (the event came before the provider's
 * answer to our request was recorded) by the receipt or key we made it with, for the same payment.
 */
async function refundOf(db: Db, report: RefundEventReport): Promise<RefundRow | undefined> {
  const byId = await findRefundByProviderId(db, report.refundProviders, report.providerRefundId);
  if (byId) return byId;
  const { refundId, idempotencyKey } = report.ours;
  const marked = refundId !== undefined ? await findRefund(db, refundId) : idempotencyKey !== undefined ? await findRefundByKey(db, idempotencyKey) : undefined;
  if (!marked || !report.refundProviders.includes(marked.provider)) return undefined;
  if (report.providerPaymentId !== undefined && marked.providerPaymentId !== report.providerPaymentId) return undefined;
  // A refund the provider named otherwise already is another refund than this one.
  if (marked.providerRefundId !== null && marked.providerRefundId !== report.providerRefundId) return undefined;
  return marked;
}

/**
 * A provider's refund event (docs/decisions/126), applied as the follow-up applies the provider's
 * answer: succeeded ends the refund, failed reverses it and gives the credit back, in one
 * transaction with the event's record, so the same event delivered again changes nothing. An
 * event about a refund we never issued is kept for an operator as a payment exception, once.
 */
export async function receiveRefundEvent(db: Db, report: RefundEventReport, now: Date): Promise<RefundEventOutcome> {
  const event = { provider: report.provider, eventId: report.eventId, providerRefundId: report.providerRefundId, status: report.status, receivedAt: now };
  const refund = await refundOf(db, report);
  if (!refund) {
    return db.transaction(async (tx) => {
      const seen = await unknownRefundSeen(tx, report.provider, report.providerRefundId);
      const first = await insertRefundEventOnce(tx, { ...event, refundId: null });
      if (first && !seen) {
        await keepForOperator(tx, { provider: report.provider, eventId: report.eventId, reason: PaymentExceptionReason.UnknownRefund, event: report.event, receivedAt: now });
      }
      return { providerRefundId: report.providerRefundId, outcome: 'parked' };
    });
  }
  const settled = await db.transaction((tx) =>
    settleRefundIn(tx, refund.id, { refundId: report.providerRefundId, status: report.status }, now, async () => (await insertRefundEventOnce(tx, { ...event, refundId: refund.id })) !== undefined),
  );
  return { providerRefundId: report.providerRefundId, outcome: settled.replay ? 'replay' : 'applied', status: refundStatusOf(settled.refund) };
}

function refundStatusOf(refund: RefundRow): RefundStatus {
  return refund.status === 'succeeded' || refund.status === 'failed' ? refund.status : 'pending';
}
