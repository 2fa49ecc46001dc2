import { MachinePath } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** Stores the borrower's 1–5 score of the lender's reply. */
export async function scoreComplaint(problemId: string, score: number, loadingText: string): Promise<void> {
  await callMachine(MachinePath.complaintScore, { problemId, score }, { loadingText, refusal: 'caller' });
}
