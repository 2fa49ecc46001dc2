/**
 * Repayment: where and how a borrower pays. The market's payment channels, the payment
 * references issued per order, channel, purpose and amount, the installment overview and the
 * payment instruction, the extension on offer, the payoff, and what a card payment may be.
 * Owns payment_channels and payment_references.
 */
export { operatorPaymentChannelRoutes } from './operator-payment-channel-routes';
export { operatorPaymentChannelList } from './payment-channel-config';
export { operatorPaymentReferenceRoutes } from './operator-payment-reference-routes';
export { operatorIssuedReferencePage } from './issued-references';
export { borrowerPayoffView } from './payoff-presenter';
export { borrowerPayoff, payoffSituation, type PayoffSituation } from './payoff-service';
export { expireOpenReferences as voidOpenReferences, findReferenceIssuedAs as referenceIssuedAs, findReferenceProviderPaymentIds as referenceProviderPaymentIds, markReferencePaid } from './payment-channel-repository';
export { previewOrders } from './preview-orders';
export { channelNames, referenceOfProviderPayment, reportedReference } from './reference-issuer';
export { referencesToReconcile, releaseReference, type ReferenceToReconcile } from './reconcile-references';
export { repaymentRoutes } from './repayment-routes';
export { cardPaymentTerms, type CardPaymentTerms } from './repayment-service';
