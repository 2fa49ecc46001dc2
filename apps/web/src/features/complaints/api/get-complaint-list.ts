import { MachinePath, type ComplaintList } from '@lend/contracts';
import { callMachine, embeddedMachineAnswer } from '../../../lib/http/machine';
import { callBody, type PrefetchableCall } from '../../../lib/prefetch';

/** The complaint list's first call; the server renders the page with its answer (decision 100). */
export const complaintListCall: PrefetchableCall = { path: MachinePath.complaintList, bodyKeys: [] };

/** `POST problem-list`: the borrower's complaints in tabs. */
export function getComplaintList(loadingText: string, signal?: AbortSignal): Promise<ComplaintList> {
  return callMachine<ComplaintList>(complaintListCall.path, callBody(complaintListCall, {}), { loadingText, signal, reusePrefetch: true, refusal: 'caller' });
}

/** The complaints when the page came with them (rendered by the server). */
export function complaintListInPage(): ComplaintList | undefined {
  return embeddedMachineAnswer<ComplaintList>(complaintListCall.path, callBody(complaintListCall, {}));
}
