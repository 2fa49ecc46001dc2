import { MachinePath } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `score-dismiss`: the borrower closed the rating question without rating; the order does not ask again (docs/decisions/234). */
export async function dismissLoanScore(orderId: string): Promise<void> {
  await callMachine(MachinePath.loanScoreDismiss, { orderId }, { refusal: 'caller' });
}
