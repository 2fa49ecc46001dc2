import { PrivacyPath, type ArcoRequest, type PrivacyRequestKind } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

export function fileArcoRequest(kind: PrivacyRequestKind, description: string, loadingText: string): Promise<ArcoRequest> {
  return callMachine<ArcoRequest>(PrivacyPath.arcoRequest, { kind, description }, { loadingText });
}
