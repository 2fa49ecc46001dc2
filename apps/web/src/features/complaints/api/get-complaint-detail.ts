import { MachinePath, type ComplaintDetail } from '@lend/contracts';
import { callMachine, firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/** The complaint details' first call; the server renders the page with its answer (decision 100). */
export const complaintDetailCall: PrefetchableCall = { path: MachinePath.complaintDetail, bodyKeys: ['problemId'], requiredKeys: ['problemId'] };

const call = firstCall<ComplaintDetail>(complaintDetailCall);

/** `POST problem-detail` with `problemId`, the page's first call. */
export const getComplaintDetail: (problemId: string, loadingText: string, signal?: AbortSignal) => Promise<ComplaintDetail> = (problemId, loadingText, signal) =>
  call.load({ problemId }, loadingText, signal);

/** The complaint when the page came with it (rendered by the server). */
export const complaintDetailInPage = (problemId: string): ComplaintDetail | undefined => call.inPage({ problemId });

/** The same call again, without the page's answer: after a score, so the prompt's flag and the stored score agree. */
export function reloadComplaintDetail(problemId: string): Promise<ComplaintDetail> {
  return callMachine<ComplaintDetail>(MachinePath.complaintDetail, { problemId });
}
