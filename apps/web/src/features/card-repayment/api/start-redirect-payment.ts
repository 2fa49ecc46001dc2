import { CardRepaymentPath, repaymentRedirectDataSchema, type RepaymentRedirectRequest } from '@lend/contracts';
import { callCard, type CardReply } from './card-client';

/** `repayment-huichao`: opens the provider's checkout; its address comes back beside the code (`url`). */
export function startRedirectPayment(payload: RepaymentRedirectRequest, signal?: AbortSignal): Promise<CardReply<{ repayRecordId: string }>> {
  return callCard(CardRepaymentPath.redirect, { schema: repaymentRedirectDataSchema, body: payload, ...(signal ? { signal } : {}) });
}
