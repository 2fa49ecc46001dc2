import { CardRepaymentStatus, PAID_AT_CLOCK_SKEW_MS, PaymentExceptionReason, WebhookError, type CardNotificationReceived } from '@lend/contracts';
import { MARKET_SETTINGS } from '@lend/domain';
import { orderOutline } from '../orders';
import { parkDelivery, WebhookRefusal } from '../payments';
import type { RedirectNotification } from '../../providers/cards/redirect-notification';
import type { CardDeps } from './card-deps';
import { findRepaymentByRecordNo, type CardRepaymentRow } from './card-repayment-repository';
import { closeIfCharging, settleCharge } from './charge-service';

/**
 * A notification no rule may apply is kept for an operator and refused (docs/decisions/113): one
 * dated after we received it (beyond the provider's clock skew), or one that contradicts a record
 * already paid (another charge, or a cancellation): the record it names is its id.
 */
async function refuseImpossible(deps: CardDeps, row: CardRepaymentRow, notification: RedirectNotification): Promise<void> {
  const now = deps.now();
  const parked = { provider: row.provider, eventId: notification.eventId, event: notification, receivedAt: now };
  if (new Date(notification.occurredAt).getTime() > now.getTime() + PAID_AT_CLOCK_SKEW_MS) {
    throw await parkDelivery(deps.db, { ...parked, reason: PaymentExceptionReason.PaidInFuture });
  }
  const contradicts = notification.status === 'cancelled' || notification.chargeId !== row.providerChargeId;
  if (row.status === CardRepaymentStatus.Paid && contradicts) {
    throw await parkDelivery(deps.db, { ...parked, reason: PaymentExceptionReason.EventIdReused, paymentId: row.paymentId });
  }
}

/**
 * The provider's signed notification of a redirect checkout (docs/decisions/082): checked against
 * the record it names (a redirect payment of ours, its currency and amount), then a paid checkout
 * is applied once through the ledger and a cancelled one ends a record still charging. Delivered
 * again, it changes nothing and says so.
 */
export async function receiveRedirectNotification(deps: CardDeps, notification: RedirectNotification): Promise<CardNotificationReceived> {
  const row = await findRepaymentByRecordNo(deps.db, notification.merchantReference);
  if (!row || row.method !== 'redirect') throw new WebhookRefusal(WebhookError.UnknownReference);
  const { market } = await orderOutline(deps.db, row.orderId);
  if (MARKET_SETTINGS[market].currency !== notification.currency) throw new WebhookRefusal(WebhookError.WrongCurrency);
  if (notification.amountMinor !== row.amountMinor) throw new WebhookRefusal(WebhookError.AmountOutOfRange);
  await refuseImpossible(deps, row, notification);
  const answer = (after: CardRepaymentRow, changed: boolean) => ({
    received: true as const,
    repayRecordId: row.recordNo,
    status: after.status as CardNotificationReceived['status'],
    replay: !changed,
  });
  if (notification.status === 'cancelled') {
    const closed = await closeIfCharging(deps, row.id, CardRepaymentStatus.Cancelled);
    return answer(closed?.row ?? row, closed?.changed ?? false);
  }
  if (notification.chargeId === null) throw new WebhookRefusal(WebhookError.InvalidEvent);
  const settled = await settleCharge(deps, row.id, {
    chargeId: notification.chargeId,
    outcome: 'succeeded',
    amountMinor: notification.amountMinor,
    createdAt: new Date(notification.occurredAt),
  });
  return answer(settled.row, settled.changed);
}
