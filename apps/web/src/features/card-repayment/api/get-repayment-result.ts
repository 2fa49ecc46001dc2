import { CardRepaymentPath, type CardRepaymentResult } from '@lend/contracts';
import { callCard, type CardReply } from './card-client';

/** `repayment-result`: where one repayment stands (after a charge, or back from the checkout page). */
export function getRepaymentResult(orderId: string, repayRecordId: string, signal?: AbortSignal): Promise<CardReply<CardRepaymentResult>> {
  return callCard<CardRepaymentResult>(CardRepaymentPath.result, {
    body: { orderId, repayRecordId },
    ...(signal ? { signal } : {}),
  });
}
