import { PrivacyPath, type PrivacyOverview } from '@lend/contracts';
import { firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/** The privacy centre's first call; the server renders the page with its answer (decision 097). */
export const privacyOverviewCall: PrefetchableCall = { path: PrivacyPath.overview, bodyKeys: [] };

const call = firstCall<PrivacyOverview>(privacyOverviewCall);

/** `POST overview`: switches, ARCO requests and whether a loan is open (not validated: the screen reads only these fields). */
export const getPrivacyOverview = (loadingText: string, signal?: AbortSignal): Promise<PrivacyOverview> => call.load({}, loadingText, signal);

/** The overview when the page came with it (rendered by the server). */
export const privacyOverviewInPage = (): PrivacyOverview | undefined => call.inPage({});
