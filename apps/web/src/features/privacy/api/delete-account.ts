import { PrivacyPath, type AccountDeleted } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** Deletes the account; a refusal is the section's to show. */
export function deleteAccount(loadingText: string): Promise<AccountDeleted> {
  return callMachine<AccountDeleted>(PrivacyPath.deleteAccount, {}, { loadingText, refusal: 'caller' });
}
