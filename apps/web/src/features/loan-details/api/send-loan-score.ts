import { MachinePath } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `google-score`: the borrower's rating of this order, 1 to 5. */
export async function sendLoanScore(orderId: string, score: number, loadingText: string): Promise<void> {
  await callMachine(MachinePath.loanScore, { orderId, score }, { loadingText, refusal: 'caller' });
}
