import { MachinePath, type ComplaintList } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `POST problem-list`: the borrower's complaints in tabs (spec §7). */
export function getComplaintList(loadingText: string, signal?: AbortSignal): Promise<ComplaintList> {
  return callMachine<ComplaintList>(MachinePath.complaintList, {}, { loadingText, signal });
}
