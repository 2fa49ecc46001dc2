import { CardRepaymentPath, type RepaymentRedirectRequest } from '@lend/contracts';
import { callCard, type CardReply } from './card-client';

/** `repayment-huichao`: opens the provider's checkout; its address comes back beside the code (`url`). */
export function startRedirectPayment(payload: RepaymentRedirectRequest, signal?: AbortSignal): Promise<CardReply<{ repayRecordId: string }>> {
  return callCard<{ repayRecordId: string }>(CardRepaymentPath.redirect, { body: payload, ...(signal ? { signal } : {}) });
}
