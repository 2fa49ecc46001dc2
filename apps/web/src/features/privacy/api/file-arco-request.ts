import { PrivacyPath, type ArcoRequest, type PrivacyRequestKind } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** Files an ARCO request; a refusal is the form's to show, under its description. */
export function fileArcoRequest(kind: PrivacyRequestKind, description: string, loadingText: string): Promise<ArcoRequest> {
  return callMachine<ArcoRequest>(PrivacyPath.arcoRequest, { kind, description }, { loadingText, refusal: 'caller' });
}
