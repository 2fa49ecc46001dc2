import { MachinePath, type ComplaintInit } from '@lend/contracts';
import { callMachine, embeddedMachineAnswer } from '../../../lib/http/machine';
import { callBody, type PrefetchableCall } from '../../../lib/prefetch';

/** The complaint home's first call; the page's HTML starts it before the scripts load. */
export const complaintInitCall: PrefetchableCall = { path: MachinePath.complaintInit, bodyKeys: ['orderId'] };

/** `POST problem-init`: problem types and the borrower's orders, `orderId` shown first (docs/decisions/025). */
export function getComplaintInit(orderId: string | undefined, loadingText: string, signal?: AbortSignal): Promise<ComplaintInit> {
  return callMachine<ComplaintInit>(complaintInitCall.path, callBody(complaintInitCall, { orderId }), {
    loadingText,
    signal,
    reusePrefetch: true,
    refusal: 'caller',
  });
}

/** Problem types and orders when the page came with them (rendered by the server). */
export function complaintInitInPage(orderId: string | undefined): ComplaintInit | undefined {
  return embeddedMachineAnswer<ComplaintInit>(complaintInitCall.path, callBody(complaintInitCall, { orderId }));
}
