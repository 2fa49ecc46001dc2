import { CardRepaymentPath, type RepaymentWayData } from '@lend/contracts';
import { callCard, type CardReply } from './card-client';

/** `repayment-way`: the saved cards, a fresh repayToken and the amount; orderId in the query, empty body. */
export function getRepaymentWay(orderId: string, signal?: AbortSignal): Promise<CardReply<RepaymentWayData>> {
  return callCard<RepaymentWayData>(CardRepaymentPath.way, { query: { orderId }, ...(signal ? { signal } : {}) });
}
