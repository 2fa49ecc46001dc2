import { z } from 'zod';
import { collectionMessageRequestSchema, collectionMessageTemplatesSchema, promiseRatesQuerySchema, promiseRatesSchema } from './collection-messages';
import { jobRunListQuerySchema, jobRunPageSchema } from './jobs';
import {
  cardReconcileOneResultSchema,
  cardRecordParamsSchema,
  issuedReferencePageSchema,
  issuedReferenceQuerySchema,
  pendingCardChargePageSchema,
  refundApprovalDeclineSchema,
  refundApprovalListQuerySchema,
  refundApprovalPageSchema,
  refundApprovalParamsSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
} from './operator-payments';
import { OperatorPath } from './api-paths';
import {
  BookHealthPath,
  bookMonthsQuerySchema,
  bookProductMonthsQuerySchema,
  bookProductQuerySchema,
  efficiencyReportSchema,
  parReportSchema,
  promisesReportSchema,
  rollRateReportSchema,
  vintageReportSchema,
} from './book-health';
import { CSV_ANSWER, listExportRoutes, pagedListExport, wholeListExport } from './list-exports';
import { companyFactsInputSchema, lenderFactsListSchema, lenderMarketParamsSchema, serviceContactsInputSchema } from './lender-facts';
import { companyFactsSchema } from './site';
import {
  collectionAssignRequestSchema,
  collectionAssignResultSchema,
  collectionContactRequestSchema,
  collectionMarketRequestSchema,
  collectionOrderParamsSchema,
  collectionOrderSchema,
  collectionTakenSchema,
  collectionQueuePageSchema,
  collectionQueueQuerySchema,
  CollectionsPath,
  CollectionsWorkPath,
  delinquencyBandsRequestSchema,
  delinquencyMarketParamsSchema,
  marketBandsListSchema,
  marketBandsSchema,
  promiseRequestSchema,
  promiseSchema,
  promisesCheckResultSchema,
} from './collections';
import { AgencyPath, agencyInputSchema, agencyListSchema, agencyParamsSchema, agencySchema, placementRequestSchema, recallRequestSchema } from './collection-agencies';
import { collectionsPolicyUpdateRequestSchema, LossesPath, settlementParamsSchema, settlementRequestSchema, writeOffRequestSchema } from './collections-losses';
import { paymentPlanParamsSchema, paymentPlanRequestSchema } from './plan-requests';
import { bankCardSchema, cardReconcileRequestSchema, cardReconcileResultSchema, testCardRequestSchema } from './card-repayment';
import {
  creditPolicyUpdateRequestSchema,
  paymentChannelConfigListSchema,
  paymentChannelConfigSchema,
  paymentChannelListQuerySchema,
  paymentChannelParamsSchema,
  paymentChannelUpdateRequestSchema,
  pricingPreviewRequestSchema,
  pricingUpdateRequestSchema,
  productParamsSchema,
} from './configuration';
import {
  complaintImageUploadedSchema,
  operatorComplaintListQuerySchema,
  operatorComplaintListSchema,
  operatorComplaintParamsSchema,
  operatorComplaintSchema,
  operatorComplaintTypeListSchema,
  operatorComplaintTypeParamsSchema,
  operatorComplaintTypeRequestSchema,
  operatorComplaintTypeSchema,
  operatorReplyRequestSchema,
} from './complaint';
import {
  creditApproveRequestSchema,
  creditDeclineRequestSchema,
  creditReferralListQuerySchema,
  creditReferralListSchema,
  creditReferralParamsSchema,
  OperatorCreditPath,
  operatorCreditDecisionSchema,
} from './credit-decision';
import { loanConfirmSchema } from './loan';
import { createSessionRequestSchema, createSessionResponseSchema, healthResponseSchema } from './operator';
import { borrowerPageSchema, borrowerParamsSchema, borrowerSearchQuerySchema, borrowerSearchSchema, borrowerSessionEndBodySchema, borrowerSessionEndedSchema } from './operator-borrowers';
import {
  offerSchema,
  offerSetRequestSchema,
  offerWithdrawRequestSchema,
  orderActionRequestSchema,
  orderListQuerySchema,
  orderListSchema,
  orderRejectRequestSchema,
  orderSummarySchema,
  orderSweepRequestSchema,
  orderSignaturesSchema,
  orderSweepResultSchema,
  productSummarySchema,
} from './operator-loans';
import { pageQuerySchema } from './paging';
import { staffNoteBodySchema, staffNoteListSchema } from './staff-notes';
import {
  cashReconcileResultSchema,
  paymentExceptionListQuerySchema,
  paymentExceptionPageSchema,
  paymentExceptionParamsSchema,
  paymentExceptionResolveRequestSchema,
  paymentExceptionSchema,
  paymentReferenceInfoSchema,
  paymentReferenceLookupQuerySchema,
} from './payment-events';
import {
  ledgerCheckResultSchema,
  ledgerViewSchema,
  manualPaymentRequestSchema,
  manualPaymentResultSchema,
  operatorPayoffSchema,
  orderNoParamsSchema,
  paymentIdParamsSchema,
  paymentListQuerySchema,
  paymentPageSchema,
  receiptSchema,
} from './payments';
import {
  payoutListQuerySchema,
  payoutListSchema,
  payoutOrderRequestSchema,
  payoutRunResultSchema,
  payoutSandboxRequestSchema,
  payoutViewSchema,
  unmatchedPayoutEventListSchema,
} from './payouts';
import {
  operatorArcoAnswerBodySchema,
  operatorArcoListQuerySchema,
  operatorArcoListSchema,
  operatorArcoParamsSchema,
  operatorArcoRequestSchema,
  rectifiableProfileSchema,
  rectificationBodySchema,
  rectificationResultSchema,
} from './privacy';
import { OrderEvidencePath, PromotionOperatorPath } from './backoffice-paths';
import { PrivacyOperatorPath } from './privacy-values';
import { OperatorProfilePath, operatorProfileImageParamsSchema, operatorProfileParamsSchema, operatorProfileSchema } from './profile';
import {
  captchaAnswerQuerySchema,
  captchaAnswerSchema,
  promoFunnelDaysQuerySchema,
  promoFunnelDaysSchema,
  promoFunnelQuerySchema,
  promoFunnelSchema,
  promoTemplateInputSchema,
  promoTemplateParamsSchema,
  promoTemplateUpdateSchema,
  promoTemplateListQuerySchema,
  promoTemplateListSchema,
  promoTemplateSchema,
  smsOutboxPageSchema,
  smsOutboxQuerySchema,
} from './promotion';
import {
  refundCreateResultSchema,
  refundCreateSchema,
  refundApprovalApproveResultSchema,
  refundApprovalDeclineResultSchema,
  refundFollowResultSchema,
  refundListQuerySchema,
  refundPageSchema,
  settlementReportPageSchema,
  settlementRunResultSchema,
  settlementRunSchema,
} from './refunds';
import { reminderRunRequestSchema, reminderRunResultSchema } from './reminders';
import { contactMessageAnswerBodySchema, contactMessageListQuerySchema, contactMessageListSchema, contactMessageParamsSchema, contactMessageSchema } from './site';
import {
  auditPageSchema,
  auditQuerySchema,
  staffCreatedSchema,
  staffCreateSchema,
  staffIdParamsSchema,
  staffListSchema,
  staffMeSchema,
  StaffPath,
  staffPasswordChangeSchema,
  staffRoleChangeSchema,
  staffSignInRequestSchema,
  staffSignInStepSchema,
  staffTotpRequestSchema,
  staffViewSchema,
} from './staff';

/** The body of an upload: a multipart form sent as it is (its file field named by the route). */
export const MULTIPART = 'multipart';

/**
 * One operator route as the server registers it and its callers call it: its method and path
 * under `OPERATOR_BASE` (`:name` for each path parameter) and the schemas of its parameters, query,
 * body and answer. `data` is the envelope's data; `'file'` an answer of bytes (an image);
 * `'csv'` a list's export (docs/decisions/237); `envelope: false` an answer that is not an envelope (`health`).
 */
export type OperatorRoute = {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType | typeof MULTIPART;
  readonly data: z.ZodType | 'file' | typeof CSV_ANSWER;
  readonly envelope?: false;
};

const route = <const R extends OperatorRoute>(definition: R): R => definition;

/** The staff calls that answer nothing but success. */
export const noDataSchema = z.null();
/** Each product with its pricing. */
export const productListSchema = z.array(productSummarySchema);
/** `GET /payouts/<orderNo>`. */
export const payoutParamsSchema = z.object({ orderNo: z.string().min(1).max(32) });
/** `GET /payment-references/<reference>`. */
export const paymentReferenceParamsSchema = z.object({ reference: z.string().trim().min(1).max(40) });
export const paymentReferenceInfoListSchema = z.array(paymentReferenceInfoSchema);
/** `GET /complaint-images/<name>`: the name is checked against the stored names' pattern by the route. */
export const complaintImageParamsSchema = z.object({ name: z.string() });
/** Optional, so a bare POST (no body at all) runs the card reconciler as of now. */
export const cardReconcileBodySchema = cardReconcileRequestSchema.nullish();

/** The operator routes but the lists' exports, which `OperatorRoutes` adds from `ListExports`. */
const ListedRoutes = {
  health: route({ method: 'GET', path: OperatorPath.health, data: healthResponseSchema, envelope: false }),
  createSession: route({ method: 'POST', path: OperatorPath.createSession, body: createSessionRequestSchema, data: createSessionResponseSchema }),

  complaints: route({ method: 'GET', path: OperatorPath.complaints, query: operatorComplaintListQuerySchema, data: operatorComplaintListSchema }),
  complaintReply: route({ method: 'POST', path: OperatorPath.complaintReply, params: operatorComplaintParamsSchema, body: operatorReplyRequestSchema, data: operatorComplaintSchema }),
  complaintImageUpload: route({ method: 'POST', path: OperatorPath.complaintImages, body: MULTIPART, data: complaintImageUploadedSchema }),
  complaintImage: route({ method: 'GET', path: `${OperatorPath.complaintImages}/:name`, params: complaintImageParamsSchema, data: 'file' }),
  complaintTypes: route({ method: 'GET', path: OperatorPath.complaintTypes, data: operatorComplaintTypeListSchema }),
  complaintTypeSave: route({
    method: 'PUT',
    path: `${OperatorPath.complaintTypes}/:value`,
    params: operatorComplaintTypeParamsSchema,
    body: operatorComplaintTypeRequestSchema,
    data: operatorComplaintTypeSchema,
  }),
  contactMessages: route({ method: 'GET', path: OperatorPath.contactMessages, query: contactMessageListQuerySchema, data: contactMessageListSchema }),
  contactMessageAnswer: route({ method: 'POST', path: OperatorPath.contactMessageAnswer, params: contactMessageParamsSchema, body: contactMessageAnswerBodySchema, data: contactMessageSchema }),
  privacyRequests: route({ method: 'GET', path: PrivacyOperatorPath.requests, query: operatorArcoListQuerySchema, data: operatorArcoListSchema }),
  privacyAnswer: route({ method: 'POST', path: PrivacyOperatorPath.answer, params: operatorArcoParamsSchema, body: operatorArcoAnswerBodySchema, data: operatorArcoRequestSchema }),
  rectifiable: route({ method: 'GET', path: PrivacyOperatorPath.rectification, params: operatorArcoParamsSchema, data: rectifiableProfileSchema }),
  rectify: route({
    method: 'POST',
    path: PrivacyOperatorPath.rectification,
    params: operatorArcoParamsSchema,
    body: rectificationBodySchema,
    data: rectificationResultSchema,
  }),

  borrowers: route({ method: 'GET', path: OperatorPath.borrowers, query: borrowerSearchQuerySchema, data: borrowerSearchSchema }),
  borrower: route({ method: 'GET', path: OperatorPath.borrower, params: borrowerParamsSchema, data: borrowerPageSchema }),
  borrowerSessionEnd: route({ method: 'POST', path: OperatorPath.borrowerSessionEnd, params: borrowerParamsSchema, body: borrowerSessionEndBodySchema, data: borrowerSessionEndedSchema }),

  // Staff notes on a borrower, an order and a complaint; adding one answers the subject's notes (docs/decisions/236).
  borrowerNotes: route({ method: 'GET', path: OperatorPath.borrowerNotes, params: borrowerParamsSchema, data: staffNoteListSchema }),
  borrowerNoteAdd: route({ method: 'POST', path: OperatorPath.borrowerNotes, params: borrowerParamsSchema, body: staffNoteBodySchema, data: staffNoteListSchema }),
  orderNotes: route({ method: 'GET', path: OperatorPath.orderNotes, params: orderNoParamsSchema, data: staffNoteListSchema }),
  orderNoteAdd: route({ method: 'POST', path: OperatorPath.orderNotes, params: orderNoParamsSchema, body: staffNoteBodySchema, data: staffNoteListSchema }),
  complaintNotes: route({ method: 'GET', path: OperatorPath.complaintNotes, params: operatorComplaintParamsSchema, data: staffNoteListSchema }),
  complaintNoteAdd: route({ method: 'POST', path: OperatorPath.complaintNotes, params: operatorComplaintParamsSchema, body: staffNoteBodySchema, data: staffNoteListSchema }),

  promoTemplates: route({ method: 'GET', path: OperatorPath.promoTemplates, query: promoTemplateListQuerySchema, data: promoTemplateListSchema }),
  promoTemplateCreate: route({ method: 'POST', path: OperatorPath.promoTemplates, body: promoTemplateInputSchema, data: promoTemplateSchema }),
  promoTemplateUpdate: route({ method: 'PUT', path: OperatorPath.promoTemplate, params: promoTemplateParamsSchema, body: promoTemplateUpdateSchema, data: promoTemplateSchema }),
  promoFunnel: route({ method: 'GET', path: OperatorPath.promoFunnel, query: promoFunnelQuerySchema, data: promoFunnelSchema }),
  promoFunnelDays: route({ method: 'GET', path: PromotionOperatorPath.funnelDays, query: promoFunnelDaysQuerySchema, data: promoFunnelDaysSchema }),
  captchaAnswer: route({ method: 'GET', path: OperatorPath.captchaAnswer, query: captchaAnswerQuerySchema, data: captchaAnswerSchema }),
  smsOutbox: route({ method: 'GET', path: OperatorPath.smsOutbox, query: smsOutboxQuerySchema, data: smsOutboxPageSchema }),
  products: route({ method: 'GET', path: OperatorPath.products, data: productListSchema }),
  productPricing: route({ method: 'PUT', path: OperatorPath.productPricing, params: productParamsSchema, body: pricingUpdateRequestSchema, data: productSummarySchema }),
  productPricingPreview: route({ method: 'POST', path: OperatorPath.productPricingPreview, params: productParamsSchema, body: pricingPreviewRequestSchema, data: loanConfirmSchema }),
  productCreditPolicy: route({ method: 'PUT', path: OperatorPath.productCreditPolicy, params: productParamsSchema, body: creditPolicyUpdateRequestSchema, data: productSummarySchema }),
  paymentChannels: route({ method: 'GET', path: OperatorPath.paymentChannels, query: paymentChannelListQuerySchema, data: paymentChannelConfigListSchema }),
  paymentChannel: route({ method: 'PUT', path: OperatorPath.paymentChannel, params: paymentChannelParamsSchema, body: paymentChannelUpdateRequestSchema, data: paymentChannelConfigSchema }),
  lenderFacts: route({ method: 'GET', path: OperatorPath.lenderFacts, data: lenderFactsListSchema }),
  lenderCompanyFacts: route({ method: 'PUT', path: OperatorPath.lenderCompanyFacts, params: lenderMarketParamsSchema, body: companyFactsInputSchema, data: companyFactsSchema }),
  lenderServiceContacts: route({ method: 'PUT', path: OperatorPath.lenderServiceContacts, params: lenderMarketParamsSchema, body: serviceContactsInputSchema, data: serviceContactsInputSchema }),
  delinquencyBands: route({ method: 'GET', path: CollectionsPath.bands, data: marketBandsListSchema }),
  delinquencyMarketBands: route({ method: 'PUT', path: CollectionsPath.marketBands, params: delinquencyMarketParamsSchema, body: delinquencyBandsRequestSchema, data: marketBandsSchema }),
  collectionQueue: route({ method: 'GET', path: CollectionsWorkPath.queue, query: collectionQueueQuerySchema, data: collectionQueuePageSchema }),
  collectionTakeNext: route({ method: 'POST', path: CollectionsWorkPath.takeNext, body: collectionMarketRequestSchema, data: collectionTakenSchema }),
  collectionAssign: route({ method: 'POST', path: CollectionsWorkPath.assign, body: collectionAssignRequestSchema, data: collectionAssignResultSchema }),
  collectionAssignEvenly: route({ method: 'POST', path: CollectionsWorkPath.assignEvenly, body: collectionMarketRequestSchema, data: collectionAssignResultSchema }),
  collectionOrder: route({ method: 'GET', path: CollectionsWorkPath.order, params: collectionOrderParamsSchema, data: collectionOrderSchema }),
  collectionContact: route({ method: 'POST', path: CollectionsWorkPath.contacts, params: collectionOrderParamsSchema, body: collectionContactRequestSchema, data: collectionOrderSchema }),
  collectionPromise: route({ method: 'POST', path: CollectionsWorkPath.promises, params: collectionOrderParamsSchema, body: promiseRequestSchema, data: promiseSchema }),
  collectionPromisesCheck: route({ method: 'POST', path: CollectionsWorkPath.promisesCheck, data: promisesCheckResultSchema }),
  productCollectionsPolicy: route({ method: 'PUT', path: LossesPath.productCollectionsPolicy, params: productParamsSchema, body: collectionsPolicyUpdateRequestSchema, data: productSummarySchema }),
  collectionAgencies: route({ method: 'GET', path: AgencyPath.agencies, data: agencyListSchema }),
  collectionAgencyAdd: route({ method: 'POST', path: AgencyPath.agencies, body: agencyInputSchema, data: agencySchema }),
  collectionAgencyChange: route({ method: 'PUT', path: AgencyPath.agency, params: agencyParamsSchema, body: agencyInputSchema, data: agencySchema }),
  collectionPlace: route({ method: 'POST', path: AgencyPath.placement, params: collectionOrderParamsSchema, body: placementRequestSchema, data: collectionOrderSchema }),
  collectionRecall: route({ method: 'POST', path: AgencyPath.recall, params: collectionOrderParamsSchema, body: recallRequestSchema, data: collectionOrderSchema }),
  collectionWriteOff: route({ method: 'POST', path: LossesPath.writeOff, params: collectionOrderParamsSchema, body: writeOffRequestSchema, data: collectionOrderSchema }),
  settlementOffer: route({ method: 'POST', path: LossesPath.settlements, params: collectionOrderParamsSchema, body: settlementRequestSchema, data: collectionOrderSchema }),
  settlementApprove: route({ method: 'POST', path: LossesPath.settlementApprove, params: settlementParamsSchema, data: collectionOrderSchema }),
  settlementDecline: route({ method: 'POST', path: LossesPath.settlementDecline, params: settlementParamsSchema, data: collectionOrderSchema }),
  settlementWithdraw: route({ method: 'POST', path: LossesPath.settlementWithdraw, params: settlementParamsSchema, data: collectionOrderSchema }),
  paymentPlanOffer: route({ method: 'POST', path: LossesPath.paymentPlans, params: collectionOrderParamsSchema, body: paymentPlanRequestSchema, data: collectionOrderSchema }),
  paymentPlanWithdraw: route({ method: 'POST', path: LossesPath.paymentPlanWithdraw, params: paymentPlanParamsSchema, data: collectionOrderSchema }),
  collectionMessageTemplates: route({ method: 'GET', path: CollectionsWorkPath.messages, params: collectionOrderParamsSchema, data: collectionMessageTemplatesSchema }),
  collectionMessage: route({ method: 'POST', path: CollectionsWorkPath.messages, params: collectionOrderParamsSchema, body: collectionMessageRequestSchema, data: collectionOrderSchema }),
  collectionPromiseRates: route({ method: 'GET', path: CollectionsWorkPath.promiseRates, query: promiseRatesQuerySchema, data: promiseRatesSchema }),
  bookPar: route({ method: 'GET', path: BookHealthPath.par, query: bookProductQuerySchema, data: parReportSchema }),
  bookVintages: route({ method: 'GET', path: BookHealthPath.vintages, query: bookProductQuerySchema, data: vintageReportSchema }),
  bookRollRates: route({ method: 'GET', path: BookHealthPath.rollRates, query: bookMonthsQuerySchema, data: rollRateReportSchema }),
  bookEfficiency: route({ method: 'GET', path: BookHealthPath.efficiency, query: bookProductMonthsQuerySchema, data: efficiencyReportSchema }),
  bookPromises: route({ method: 'GET', path: BookHealthPath.promises, query: bookMonthsQuerySchema, data: promisesReportSchema }),
  offerSet: route({ method: 'POST', path: OperatorPath.offerSet, body: offerSetRequestSchema, data: offerSchema }),
  offerWithdraw: route({ method: 'POST', path: OperatorPath.offerWithdraw, body: offerWithdrawRequestSchema, data: offerSchema }),
  orderSweep: route({ method: 'POST', path: OperatorPath.orderSweep, body: orderSweepRequestSchema, data: orderSweepResultSchema }),
  remindersRun: route({ method: 'POST', path: OperatorPath.remindersRun, body: reminderRunRequestSchema, data: reminderRunResultSchema }),
  testCards: route({ method: 'POST', path: OperatorPath.testCards, body: testCardRequestSchema, data: bankCardSchema }),

  referrals: route({ method: 'GET', path: OperatorCreditPath.referrals, query: creditReferralListQuerySchema, data: creditReferralListSchema }),
  referralApprove: route({ method: 'POST', path: OperatorCreditPath.approve, params: creditReferralParamsSchema, body: creditApproveRequestSchema, data: operatorCreditDecisionSchema }),
  referralDecline: route({ method: 'POST', path: OperatorCreditPath.decline, params: creditReferralParamsSchema, body: creditDeclineRequestSchema, data: operatorCreditDecisionSchema }),
  profile: route({ method: 'GET', path: OperatorProfilePath.profile, params: operatorProfileParamsSchema, data: operatorProfileSchema }),
  profileImage: route({ method: 'GET', path: OperatorProfilePath.image, params: operatorProfileImageParamsSchema, data: 'file' }),
  orders: route({ method: 'GET', path: OperatorPath.orders, query: orderListQuerySchema, data: orderListSchema }),
  orderApprove: route({ method: 'POST', path: OperatorPath.orderApprove, body: orderActionRequestSchema, data: orderSummarySchema }),
  orderReject: route({ method: 'POST', path: OperatorPath.orderReject, body: orderRejectRequestSchema, data: orderSummarySchema }),
  orderDisburse: route({ method: 'POST', path: OperatorPath.orderDisburse, body: orderActionRequestSchema, data: orderSummarySchema }),
  paymentReference: route({
    method: 'GET',
    path: OperatorPath.paymentReference,
    params: paymentReferenceParamsSchema,
    query: paymentReferenceLookupQuerySchema,
    data: paymentReferenceInfoListSchema,
  }),
  payments: route({ method: 'GET', path: OperatorPath.payments, query: paymentListQuerySchema, data: paymentPageSchema }),
  paymentRecord: route({ method: 'POST', path: OperatorPath.payments, body: manualPaymentRequestSchema, data: manualPaymentResultSchema }),
  payment: route({ method: 'GET', path: OperatorPath.payment, params: paymentIdParamsSchema, data: receiptSchema }),
  orderLedger: route({ method: 'GET', path: OperatorPath.orderLedger, params: orderNoParamsSchema, data: ledgerViewSchema }),
  orderSignatures: route({ method: 'GET', path: OrderEvidencePath.signatures, params: orderNoParamsSchema, data: orderSignaturesSchema }),
  paymentExceptions: route({ method: 'GET', path: OperatorPath.paymentExceptions, query: paymentExceptionListQuerySchema, data: paymentExceptionPageSchema }),
  paymentExceptionResolve: route({
    method: 'POST',
    path: OperatorPath.paymentExceptionResolve,
    params: paymentExceptionParamsSchema,
    body: paymentExceptionResolveRequestSchema,
    data: paymentExceptionSchema,
  }),
  orderPayoff: route({ method: 'GET', path: OperatorPath.orderPayoff, params: orderNoParamsSchema, data: operatorPayoffSchema }),
  ledgerCheck: route({ method: 'GET', path: OperatorPath.ledgerCheck, data: ledgerCheckResultSchema }),
  cardReconcile: route({ method: 'POST', path: OperatorPath.cardReconcile, body: cardReconcileBodySchema, data: cardReconcileResultSchema }),
  cashReconcile: route({ method: 'POST', path: OperatorPath.cashReconcile, data: cashReconcileResultSchema }),
  refunds: route({ method: 'GET', path: OperatorPath.refunds, query: refundListQuerySchema, data: refundPageSchema }),
  refundCreate: route({ method: 'POST', path: OperatorPath.refunds, body: refundCreateSchema, data: refundCreateResultSchema }),
  refundsFollow: route({ method: 'POST', path: OperatorPath.refundsFollow, data: refundFollowResultSchema }),
  refundApprovals: route({ method: 'GET', path: OperatorPath.refundApprovals, query: refundApprovalListQuerySchema, data: refundApprovalPageSchema }),
  refundApprovalApprove: route({ method: 'POST', path: OperatorPath.refundApprovalApprove, params: refundApprovalParamsSchema, data: refundApprovalApproveResultSchema }),
  refundApprovalDecline: route({
    method: 'POST',
    path: OperatorPath.refundApprovalDecline,
    params: refundApprovalParamsSchema,
    body: refundApprovalDeclineSchema,
    data: refundApprovalDeclineResultSchema,
  }),
  cardRepaymentsPending: route({ method: 'GET', path: OperatorPath.cardRepaymentsPending, query: pageQuerySchema, data: pendingCardChargePageSchema }),
  cardRepaymentReconcile: route({ method: 'POST', path: OperatorPath.cardRepaymentReconcile, params: cardRecordParamsSchema, data: cardReconcileOneResultSchema }),
  paymentReferences: route({ method: 'GET', path: OperatorPath.paymentReferences, query: issuedReferenceQuerySchema, data: issuedReferencePageSchema }),
  webhookDeliveries: route({ method: 'GET', path: OperatorPath.webhookDeliveries, query: webhookDeliveryQuerySchema, data: webhookDeliveryPageSchema }),
  settlementReports: route({ method: 'GET', path: OperatorPath.settlementReports, query: pageQuerySchema, data: settlementReportPageSchema }),
  settlementRun: route({ method: 'POST', path: OperatorPath.settlementReports, body: settlementRunSchema, data: settlementRunResultSchema }),
  payouts: route({ method: 'GET', path: OperatorPath.payouts, query: payoutListQuerySchema, data: payoutListSchema }),
  payout: route({ method: 'GET', path: OperatorPath.payout, params: payoutParamsSchema, data: payoutListSchema }),
  payoutEventsUnmatched: route({ method: 'GET', path: OperatorPath.payoutEventsUnmatched, data: unmatchedPayoutEventListSchema }),
  payoutRetry: route({ method: 'POST', path: OperatorPath.payoutRetry, body: payoutOrderRequestSchema, data: payoutViewSchema }),
  payoutRestate: route({ method: 'POST', path: OperatorPath.payoutRestate, body: payoutOrderRequestSchema, data: orderSummarySchema }),
  payoutsSend: route({ method: 'POST', path: OperatorPath.payoutsSend, data: payoutRunResultSchema }),
  payoutsReconcile: route({ method: 'POST', path: OperatorPath.payoutsReconcile, data: payoutRunResultSchema }),
  payoutSandbox: route({ method: 'POST', path: OperatorPath.payoutSandbox, body: payoutSandboxRequestSchema, data: payoutViewSchema }),

  staffSignIn: route({ method: 'POST', path: StaffPath.signIn, body: staffSignInRequestSchema, data: staffSignInStepSchema }),
  staffSignInTotp: route({ method: 'POST', path: StaffPath.signInTotp, body: staffTotpRequestSchema, data: staffMeSchema }),
  staffSignOut: route({ method: 'POST', path: StaffPath.signOut, data: noDataSchema }),
  staffMe: route({ method: 'GET', path: StaffPath.me, data: staffMeSchema }),
  staffPassword: route({ method: 'POST', path: StaffPath.password, body: staffPasswordChangeSchema, data: noDataSchema }),
  staffAccounts: route({ method: 'GET', path: StaffPath.accounts, data: staffListSchema }),
  staffCreate: route({ method: 'POST', path: StaffPath.accounts, body: staffCreateSchema, data: staffCreatedSchema }),
  staffRole: route({ method: 'POST', path: StaffPath.accountRole, params: staffIdParamsSchema, body: staffRoleChangeSchema, data: staffViewSchema }),
  staffDisable: route({ method: 'POST', path: StaffPath.accountDisable, params: staffIdParamsSchema, data: staffViewSchema }),
  staffResetTotp: route({ method: 'POST', path: StaffPath.accountResetTotp, params: staffIdParamsSchema, data: staffViewSchema }),
  staffConfirmAdmin: route({ method: 'POST', path: StaffPath.accountConfirmAdmin, params: staffIdParamsSchema, data: staffViewSchema }),
  audit: route({ method: 'GET', path: StaffPath.audit, query: auditQuerySchema, data: auditPageSchema }),

  jobRuns: route({ method: 'GET', path: OperatorPath.jobRuns, query: jobRunListQuerySchema, data: jobRunPageSchema }),
} as const satisfies Record<string, OperatorRoute>;

/**
 * Every list the back office shows, downloadable as CSV with its filters (docs/decisions/237): its
 * route is the list's path with `.csv`, its query the list's without `limit` and `cursor`.
 */
export const ListExports = {
  audit: pagedListExport('audit-log', ListedRoutes.audit),
  cardRepaymentsPending: pagedListExport('pending-card-charges', ListedRoutes.cardRepaymentsPending),
  complaints: pagedListExport('complaints', ListedRoutes.complaints),
  contactMessages: pagedListExport('contact-messages', ListedRoutes.contactMessages),
  orders: pagedListExport('orders', ListedRoutes.orders),
  paymentExceptions: pagedListExport('payment-exceptions', ListedRoutes.paymentExceptions),
  paymentReferences: pagedListExport('payment-references', ListedRoutes.paymentReferences),
  payments: pagedListExport('payments', ListedRoutes.payments),
  privacyRequests: pagedListExport('privacy-requests', ListedRoutes.privacyRequests),
  promoTemplates: pagedListExport('promotion-templates', ListedRoutes.promoTemplates),
  referrals: pagedListExport('referrals', ListedRoutes.referrals),
  refundApprovals: pagedListExport('refund-approvals', ListedRoutes.refundApprovals),
  refunds: pagedListExport('refunds', ListedRoutes.refunds),
  settlementReports: pagedListExport('settlement-reports', ListedRoutes.settlementReports),
  webhookDeliveries: pagedListExport('webhook-deliveries', ListedRoutes.webhookDeliveries),
  borrowers: wholeListExport('borrowers', ListedRoutes.borrowers),
  staffAccounts: wholeListExport('staff-accounts', ListedRoutes.staffAccounts),
  paymentChannels: wholeListExport('payment-channels', ListedRoutes.paymentChannels),
  // The book's health (docs/decisions/247): each report's rows, the same figures as its JSON.
  bookPar: wholeListExport('portfolio-at-risk', ListedRoutes.bookPar),
  bookVintages: wholeListExport('vintages', ListedRoutes.bookVintages),
  bookRollRates: wholeListExport('roll-rates', ListedRoutes.bookRollRates),
  bookEfficiency: wholeListExport('collections-efficiency', ListedRoutes.bookEfficiency),
  bookPromises: wholeListExport('promises-by-agent', ListedRoutes.bookPromises),
} as const;
export type ListExportName = keyof typeof ListExports;

/**
 * Every operator route (docs/decisions/186): the server registers each with these schemas, the
 * roles table (`OPERATOR_ROUTE_ROLES`) names each, and the command line and the back office call
 * them through `createOperatorClient`.
 */
export const OperatorRoutes = { ...ListedRoutes, ...listExportRoutes(ListExports) } as const satisfies Record<string, OperatorRoute>;

export type OperatorRouteName = keyof typeof OperatorRoutes;
