import {
  CardRepaymentPath,
  repaymentCommitDataSchema,
  type BankCard,
  type RepaymentCommitData,
  type RepaymentCommitRequest,
  type RepaymentWayData,
} from '@lend/contracts';
import { callCard, type CardReply } from './card-client';

export type SendMsgValue = 0 | 1;

/** The `repayment-commit` payload for a listing and a card; a resend (sendMsg 1) repeats token and amount. */
export function commitPayload(listing: RepaymentWayData, card: BankCard, sendMsg: SendMsgValue): RepaymentCommitRequest {
  return {
    amount: listing.amount,
    bankName: card.bankName,
    cardId: card.id,
    cardNo: card.cardNo,
    couponId: null,
    orderId: listing.orderId,
    repayToken: listing.repayToken,
    bankCode: card.bankCode,
    sendMsg,
  };
}

/**
 * The repayment a refused commit or confirm still names: a charge that did not pay (declined, no
 * funds, still being confirmed, provider unreachable) answers its code with the record in `data`.
 */
export function refusedRecord(reply: CardReply<RepaymentCommitData>): RepaymentCommitData | null {
  if (reply.ok) return null;
  const record = repaymentCommitDataSchema.safeParse(reply.data);
  return record.success ? record.data : null;
}

/** `repayment-commit`: starts the listing's one repayment, or sends its code again. */
export function commitRepayment(payload: RepaymentCommitRequest): Promise<CardReply<RepaymentCommitData>> {
  return callCard(CardRepaymentPath.commit, { schema: repaymentCommitDataSchema, body: payload });
}
