import { MachinePath, missingPaymentFiledSchema, type MissingPaymentFiled } from '@lend/contracts';
import { callMachine } from '../../../lib/http/machine';

export type MissingPaymentDraft = {
  orderId: string;
  productId?: string | undefined;
  reference: string;
  /** YYYY-MM-DD, as the date field gives it. */
  paidOn: string;
  /** The uploaded ticket photo's address; empty when none. */
  ticketImage: string;
};

/** `installment/payment-missing`: files the report as a complaint and answers its folio; a refusal is the form's to show. */
export function reportMissingPayment(draft: MissingPaymentDraft, loadingText: string): Promise<MissingPaymentFiled> {
  const { productId, ...body } = draft;
  return callMachine(MachinePath.paymentMissing, { ...body, ...(productId ? { productId } : {}) }, { loadingText, schema: missingPaymentFiledSchema, refusal: 'caller' });
}
