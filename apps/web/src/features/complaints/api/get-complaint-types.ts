import { MachinePath, type ComplaintInit } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `GET problem-init` (next page): the same lists, without choosing an order. */
export function getComplaintTypes(loadingText: string, signal?: AbortSignal): Promise<ComplaintInit> {
  return callMachine<ComplaintInit>(MachinePath.complaintInit, {}, { method: 'GET', loadingText, signal });
}
