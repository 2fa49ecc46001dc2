import { complaintInitSchema, MachinePath, type ComplaintInit } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `POST problem-init`: problem types and the borrower's orders, `orderId` shown first (spec §7). */
export function getComplaintInit(orderId: string | undefined, loadingText: string, signal?: AbortSignal): Promise<ComplaintInit> {
  return callMachine(MachinePath.complaintInit, orderId ? { orderId } : {}, { loadingText, schema: complaintInitSchema, signal });
}
