import { CardRepaymentStatus, WebhookError, type CardNotificationReceived } from '@lend/contracts';
import { MARKET_SETTINGS } from '@lend/domain';
import { orderOutline } from '../orders';
import { WebhookRefusal } from '../payments';
import type { RedirectNotification } from '../../providers/cards/redirect-notification';
import type { CardDeps } from './card-deps';
import { findRepaymentByRecordNo, type CardRepaymentRow } from './card-repayment-repository';
import { closeIfCharging, settleCharge } from './charge-service';

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
