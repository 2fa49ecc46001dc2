import { BorrowerPaymentPlanPath, borrowerPaymentPlanSchema, type BorrowerPaymentPlan } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

/** The payment plan offered on the order, or in force, in the borrower's language (docs/decisions/250). */
export function orderPaymentPlan(orderNo: string): Promise<BorrowerPaymentPlan> {
  return callMachine(BorrowerPaymentPlanPath.plan, { orderId: orderNo }, { encoding: 'json', refusal: 'caller', schema: borrowerPaymentPlanSchema });
}

/** Accepts the plan whose text has this hash: the one the borrower was shown. */
export function acceptOrderPaymentPlan(orderNo: string, textSha256: string): Promise<BorrowerPaymentPlan> {
  return callMachine(BorrowerPaymentPlanPath.planAccept, { orderId: orderNo, textSha256 }, { encoding: 'json', refusal: 'caller', schema: borrowerPaymentPlanSchema });
}
