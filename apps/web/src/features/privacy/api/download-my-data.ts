import { PrivacyPath, type BorrowerData } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `POST my-data`: everything held about the session's borrower. */
export function getMyData(loadingText: string): Promise<BorrowerData> {
  return callMachine<BorrowerData>(PrivacyPath.myData, {}, { loadingText });
}
