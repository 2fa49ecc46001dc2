import { BorrowerCollectionsPath, borrowerSettlementSchema, type BorrowerSettlement } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** The settlement offered on the order, in the borrower's language (docs/decisions/245). */
export function orderSettlement(orderNo: string): Promise<BorrowerSettlement> {
  return callMachine(BorrowerCollectionsPath.settlement, { orderId: orderNo }, { encoding: 'json', refusal: 'caller', schema: borrowerSettlementSchema });
}

/** Accepts the offer whose text has this hash: the one the borrower was shown. */
export function acceptOrderSettlement(orderNo: string, textSha256: string): Promise<BorrowerSettlement> {
  return callMachine(BorrowerCollectionsPath.settlementAccept, { orderId: orderNo, textSha256 }, { encoding: 'json', refusal: 'caller', schema: borrowerSettlementSchema });
}
