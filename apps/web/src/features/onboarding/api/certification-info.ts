import { ProfilePath, type CertificationInfo } from '@lend/contracts';
import { firstCall } from '../../../lib/http/machine';
import type { PrefetchableCall } from '../../../lib/prefetch';

/**
 * `POST certification/info`, the onboarding screen's first call: the server renders the page with
 * its answer, and like every first call it is not validated, so the first paint waits for no
 * schema code (docs/decisions/100, 241); the steps' saves validate theirs.
 */
export const certificationInfoCall: PrefetchableCall = { path: ProfilePath.certificationInfo, bodyKeys: [] };

const call = firstCall<CertificationInfo>(certificationInfoCall);

export const firstCertificationInfo = (loadingText: string, signal: AbortSignal): Promise<CertificationInfo> => call.load({}, loadingText, signal);

/** The steps' state when the page came with it. */
export const certificationInfoInPage = (): CertificationInfo | undefined => call.inPage({});
