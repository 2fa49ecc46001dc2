import { PrivacyPath, type AccountDeleted } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

export function deleteAccount(loadingText: string): Promise<AccountDeleted> {
  return callMachine<AccountDeleted>(PrivacyPath.deleteAccount, {}, { loadingText });
}
