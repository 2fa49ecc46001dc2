import { CardRepaymentPath, cardRepaymentResultSchema, type CardRepaymentResult, type RepaymentConfirmRequest } from '@lend/contracts';
import { callCard, type CardReply } from './card-client';

/** `repayment-confirm`: checks the SMS code and charges the card once; answers where the repayment stands. */
export function confirmRepayment(payload: RepaymentConfirmRequest): Promise<CardReply<CardRepaymentResult>> {
  return callCard(CardRepaymentPath.confirm, { schema: cardRepaymentResultSchema, body: payload });
}
