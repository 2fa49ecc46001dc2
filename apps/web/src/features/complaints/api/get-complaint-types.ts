import { MachinePath, type ComplaintInit } from '@lend/contracts';
import { firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/** The complaint form's first call; the server renders the page with its answer (decision 100). */
export const complaintTypesCall: PrefetchableCall = { path: MachinePath.complaintInit, method: 'GET', bodyKeys: [] };

const call = firstCall<ComplaintInit>(complaintTypesCall);

/** `GET problem-init` (next page): the same lists, without choosing an order. */
export const getComplaintTypes = (loadingText: string, signal?: AbortSignal): Promise<ComplaintInit> => call.load({}, loadingText, signal);

/** The lists when the page came with them (rendered by the server). */
export const complaintTypesInPage = (): ComplaintInit | undefined => call.inPage({});
