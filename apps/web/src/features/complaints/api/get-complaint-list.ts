import { complaintListSchema, MachinePath, type ComplaintList } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `POST problem-list`: the borrower's complaints in tabs. */
export function getComplaintList(loadingText: string, signal?: AbortSignal): Promise<ComplaintList> {
  return callMachine(MachinePath.complaintList, {}, { loadingText, schema: complaintListSchema, signal });
}
