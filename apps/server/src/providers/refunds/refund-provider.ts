/**
 * Sending money back through the provider that took it (docs/decisions/119). Every refund carries
 * an idempotency key: asking again with the same key is the same refund, and answers where it
 * stands now, which is how a pending refund is followed to its end.
 */
export type RefundRequest = {
  /** Our refund's own number: a provider without idempotency keys is given a receipt made from it. */
  refundId: number;
  idempotencyKey: string;
  /** The provider's id of the payment being returned (a charge id, a cash event id). */
  providerPaymentId: string;
  amountMinor: number;
  currency: 'MXN' | 'INR';
  /** The provider's id of this refund once it has answered one: a provider that looks refunds up by id follows it so. */
  providerRefundId?: string | undefined;
};

export type RefundStatus = 'pending' | 'succeeded' | 'failed';

export type ProviderRefund = { refundId: string; status: RefundStatus };

export interface RefundProvider {
  /** The provider's name, as the payments it took carry it ('sandbox-cash', 'sandbox-card'). */
  readonly name: string;
  refund(request: RefundRequest): Promise<ProviderRefund>;
}
