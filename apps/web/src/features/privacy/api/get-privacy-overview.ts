import { PrivacyPath, type PrivacyOverview } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';
import { callBody, type PrefetchableCall } from '../../../lib/prefetch';

/** The privacy centre's first call; the page's HTML starts it before the scripts load. */
export const privacyOverviewCall: PrefetchableCall = { path: PrivacyPath.overview, bodyKeys: [] };

/** `POST overview`: switches, ARCO requests and whether a loan is open (not validated: the screen reads only these fields). */
export function getPrivacyOverview(loadingText: string, signal?: AbortSignal): Promise<PrivacyOverview> {
  return callMachine<PrivacyOverview>(privacyOverviewCall.path, callBody(privacyOverviewCall, {}), { loadingText, signal, reusePrefetch: true });
}
