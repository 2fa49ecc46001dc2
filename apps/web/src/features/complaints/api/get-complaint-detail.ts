import { MachinePath, type ComplaintDetail } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `POST problem-detail` with `problemId`. */
export function getComplaintDetail(problemId: string, loadingText: string | undefined, signal?: AbortSignal): Promise<ComplaintDetail> {
  return callMachine<ComplaintDetail>(MachinePath.complaintDetail, { problemId }, { loadingText, signal });
}
