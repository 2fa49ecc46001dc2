import { ProfilePath, type CertificationInfo } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/**
 * `POST certification/info`, the screen's first call: like every screen's first call it is not
 * validated, so the first paint waits for no schema code (docs/decisions/100); the steps' saves
 * validate their answers.
 */
export function firstCertificationInfo(signal: AbortSignal): Promise<CertificationInfo> {
  return callMachine<CertificationInfo>(ProfilePath.certificationInfo, {}, { encoding: 'json', refusal: 'caller', signal });
}
