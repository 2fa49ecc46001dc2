import { formatDate, isRepaying } from '@lend/domain';
import type { Db } from '../../db/client';
import { borrowerOrderSummaries, extensionOffer, oldestRepayingOrder } from '../orders';
import { channelTakes, marketChannels } from './reference-issuer';
import { amountToPayNow, repayingOrder } from './repayment-service';

type OrderRef = { orderNo: string; productId: number };

/** Orders of one borrower in the states the developer preview's links need to open their screens. */
export type PreviewOrders = {
  /** The oldest order being repaid, with what is owed now and a channel that takes it. */
  repaying: (OrderRef & { amountMinor: number; payCode: string }) | undefined;
  /** The oldest order that may be extended today. */
  extendable: OrderRef | undefined;
};

export async function previewOrders(db: Db, borrowerId: number, now = new Date()): Promise<PreviewOrders> {
  const oldest = await oldestRepayingOrder(db, borrowerId);
  let repaying: PreviewOrders['repaying'];
  if (oldest) {
    const found = await repayingOrder(db, borrowerId, { orderNo: oldest.orderNo });
    const owedNow = amountToPayNow(found, now);
    const channels = await marketChannels(db, found.market);
    // Late charges can take what is owed past every channel's maximum: the preview then opens a
    // part payment at the channel that takes the most, so the instruction screen always has a channel.
    const widest = [...channels].sort((a, b) => b.maxAmountMinor - a.maxAmountMinor)[0];
    const whole = channels.find((c) => channelTakes(c, owedNow));
    const channel = whole ?? (widest && channelTakes(widest, Math.min(owedNow, widest.maxAmountMinor)) ? widest : undefined);
    const amountMinor = whole || !channel ? owedNow : Math.min(owedNow, channel.maxAmountMinor);
    repaying = { ...oldest, amountMinor, payCode: channel?.code ?? '' };
  }
  // Oldest first, as the repayment link picks its order.
  const candidates = (await borrowerOrderSummaries(db, borrowerId)).filter((o) => isRepaying(o.statusCode)).reverse();
  for (const candidate of candidates) {
    const { order, product, installments, market } = await repayingOrder(db, borrowerId, { orderNo: candidate.orderNo });
    if (extensionOffer(order, product, installments, formatDate(now, market)).allowed) {
      return { repaying, extendable: { orderNo: order.orderNo, productId: order.productId } };
    }
  }
  return { repaying, extendable: undefined };
}
