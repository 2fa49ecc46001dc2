import { CardRepaymentPath, repaymentCommitDataSchema, type RepaymentCommitData, type RepaymentConfirmRequest } from '@lend/contracts';
import { callCard, type CardReply } from './card-client';

/** `repayment-confirm`: checks the SMS code and charges the card once; answers the record as a commit does. */
export function confirmRepayment(payload: RepaymentConfirmRequest): Promise<CardReply<RepaymentCommitData>> {
  return callCard(CardRepaymentPath.confirm, { schema: repaymentCommitDataSchema, body: payload });
}
