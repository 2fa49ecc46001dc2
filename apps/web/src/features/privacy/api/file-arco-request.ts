import { PrivacyPath, type ArcoKind, type ArcoRequest } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

export function fileArcoRequest(kind: ArcoKind, description: string, loadingText: string): Promise<ArcoRequest> {
  return callMachine<ArcoRequest>(PrivacyPath.arcoRequest, { kind, description }, { loadingText });
}
