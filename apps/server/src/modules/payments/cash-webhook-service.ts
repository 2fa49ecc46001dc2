import { WebhookError, type PaymentEvent, type WebhookErrorCode } from '@lend/contracts';
import { MARKET_SETTINGS } from '@lend/domain';
import type { Db } from '../../db/client';
import { orderByNumber } from '../orders';
import { productById, productMarket } from '../products';
import { reportedReference } from '../repayment';
import { applyPayment, type AppliedPayment } from './payment-service';

/** A delivery refused before any money moved; the route answers the provider with its code. */
export class WebhookRefusal extends Error {
  override name = 'WebhookRefusal';
  constructor(readonly code: WebhookErrorCode) {
    super(`webhook refused: ${code}`);
  }
}

/**
 * A cash payment a provider reports, checked against what we issued before it is applied
 * (docs/decisions/073): the reference at that channel, its order, its expiry at the time paid,
 * the order's currency and the channel's limits. Then `applyPayment` applies it once per
 * (provider, event id): an extension reference buys the extension, any other repays.
 */
export async function receiveCashPayment(db: Db, provider: string, event: PaymentEvent, now: Date): Promise<AppliedPayment> {
  const reported = await reportedReference(db, event.channel, event.reference);
  if (!reported) throw new WebhookRefusal(WebhookError.UnknownReference);
  const { reference, channel } = reported;
  const order = await orderByNumber(db, event.orderNo);
  if (!order || order.id !== reference.orderId) throw new WebhookRefusal(WebhookError.ReferenceOrderMismatch);
  const paidAt = new Date(event.paidAt);
  if (paidAt.getTime() >= reference.expiresAt.getTime()) throw new WebhookRefusal(WebhookError.ReferenceExpired);
  const product = await productById(db, order.productId);
  if (!product || MARKET_SETTINGS[productMarket(product)].currency !== event.currency) throw new WebhookRefusal(WebhookError.WrongCurrency);
  if (event.amountMinor <= 0 || event.amountMinor < channel.minAmountMinor || event.amountMinor > channel.maxAmountMinor) {
    throw new WebhookRefusal(WebhookError.AmountOutOfRange);
  }
  return applyPayment(
    db,
    {
      orderId: order.id,
      provider,
      providerEventId: event.id,
      purpose: reference.requestType === 2 ? 'extension' : 'repayment',
      referenceId: reference.id,
      referenceAmountMinor: reference.amountMinor,
      channelCode: channel.code,
      amountMinor: event.amountMinor,
      paidAt,
    },
    now,
  );
}
