import { loanPushSchema, MachinePath, type LoanConfirm, type LoanPush } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** `loan-detail-push` with the terms the screen showed and the ticked agreement. */
export function pushLoan(offer: LoanConfirm, loadingText: string): Promise<LoanPush> {
  return callMachine(
    MachinePath.loanPush,
    { productId: offer.productId, amount: offer.amount, periods: offer.periods, termUnit: offer.termUnit, agreement: '1' },
    { loadingText, schema: loanPushSchema },
  );
}
