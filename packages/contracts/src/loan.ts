import { z } from 'zod';
import { Limits } from './limits';

const minor = z.number().int();
const id = z.coerce.number().int().positive().max(2_147_483_647);
/** Borrower-facing order identifier: the order number, e.g. `LN26031012345678`. */
const orderNo = z.string().trim().min(1).max(32);
const market = z.enum(['MX', 'IN']);

/** A label and its display value, in the borrower's language (one row of a screen's details list). */
export const detailRowSchema = z.object({ text: z.string(), value: z.string() });
export type DetailRow = z.infer<typeof detailRowSchema>;

/** `loan-detail-confirm` body: the product, and `isType=1` on the reload after the countdown, which marks an operator's revision seen (docs/decisions/030). */
export const loanConfirmRequestSchema = z.object({
  productId: id,
  isType: z.literal('1').optional(),
});
export type LoanConfirmRequest = z.input<typeof loanConfirmRequestSchema>;

export const repayPlanSchema = z.object({
  /** Minor units. */
  amount: minor,
  /** `YYYY-MM-DD`; before disbursal, counted from today. */
  pay_time: z.string(),
});
export type RepayPlan = z.infer<typeof repayPlanSchema>;

/** The `loan-detail-confirm` answer: what the borrower sees before confirming; amounts in minor units. */
export const loanConfirmSchema = z.object({
  productId: z.number().int(),
  market,
  firstPayTime: z.string(),
  /** Principal. */
  amount: minor,
  /** What reaches the borrower's account after the commission. */
  giveAmount: minor,
  /** Number of repayment periods. */
  periods: z.number().int(),
  /** Days in each period (the term unit is days). */
  termUnit: z.number().int(),
  termDays: z.number().int(),
  isNeedPop: z.union([z.literal(0), z.literal(1)]),
  /** 1 would ask for an SMS code before pushing; none of our products does. */
  sendSms: z.union([z.literal(0), z.literal(1)]),
  details: z.array(detailRowSchema),
  repay_plans: z.array(repayPlanSchema),
  /** Daily interest rate, e.g. "0.05%". */
  loanRate: z.string(),
  /** The all-in annual cost sentence: CAT (Mexico) or APR (India). */
  ratemsg: z.string(),
  /** Shown in the reload modal when `isNeedPop` is 1. */
  amountDec: z.string(),
  /** Address of the contract to read before confirming; empty when there is none. */
  isNewContract: z.string(),
  /** 0: nothing to announce; 1: the offer was revised since the borrower last saw it. */
  messageType: z.number().int(),
  comProductLogo: z.string(),
  comProductName: z.string(),
  /** Coupon discount in minor units; 0 when no coupon applies. */
  couNum: minor,
});
export type LoanConfirm = z.infer<typeof loanConfirmSchema>;

/**
 * `loan-detail-push` body. The terms must be the ones the confirmation showed; `agreement`
 * is 1 when the borrower ticked the contract checkbox.
 */
export const loanPushRequestSchema = z.object({
  productId: id,
  amount: z.coerce.number().int().positive(),
  periods: z.coerce.number().int().positive().max(366),
  termUnit: z.coerce.number().int().positive().max(366),
  agreement: z.string().trim().max(8).optional(),
});
export type LoanPushRequest = z.input<typeof loanPushRequestSchema>;

export const loanPushSchema = z.object({ lendDetailsUrl: z.string() });
export type LoanPush = z.infer<typeof loanPushSchema>;

/** `loan-details` body: the order (by its number) and optionally its product. */
export const loanDetailsRequestSchema = z.object({
  orderId: orderNo,
  productId: id.optional(),
});
export type LoanDetailsRequest = z.input<typeof loanDetailsRequestSchema>;

const flag = z.enum(['0', '1']);

/** The `loan-details` answer: the order's status, texts and rows, and which buttons the screen shows. */
export const loanDetailsSchema = z.object({
  orderNo: z.string(),
  productId: z.number().int(),
  market,
  orderStatus: z.number().int(),
  noticeStatusText: z.string(),
  noticeDesText: z.string(),
  productName: z.string(),
  productLogo: z.string(),
  userOrderDetail: z.object({ detail: z.array(detailRowSchema) }),
  /** "1": a product of our own (not a partner's listing). */
  inside: flag,
  /** "1": ask the borrower to rate the service: the order is settled and was neither rated nor the question closed (docs/decisions/234). */
  isScore: flag,
  /** A product's own repayment page for this order; empty means the default repayment screen. */
  h5Url: z.string(),
  /** "1": an extension of the due date is available. */
  isDelay: flag,
  isNewContract: z.string(),
  /** India: the Key Facts Statement agreed with the order (docs/decisions/143); empty when there is none. */
  keyFactsUrl: z.string(),
  /** The order's payments screen once it has been paid out; empty before. */
  paymentsUrl: z.string(),
  /** The card payment screen (`#/borrowDetail/`) while the order is repaid and its market takes cards; empty otherwise. */
  cardPayUrl: z.string().optional(),
});
export type LoanDetails = z.infer<typeof loanDetailsSchema>;

/** `google-score` body: the rating (1 to 5) of one order. */
export const loanScoreRequestSchema = z.object({
  orderId: orderNo,
  score: z.coerce.number().int(),
});
export type LoanScoreRequest = z.input<typeof loanScoreRequestSchema>;

/** `score-dismiss` body: the order whose rating question the borrower closed without rating. */
export const loanScoreDismissRequestSchema = z.object({ orderId: orderNo });
export type LoanScoreDismissRequest = z.input<typeof loanScoreDismissRequestSchema>;

export function isValidScore(score: number): boolean {
  return Number.isInteger(score) && score >= Limits.ratingMin && score <= Limits.ratingMax;
}

/**
 * `contract-detail` query: `orderNo` for an order's signed contract, or `productId` for the
 * draft of the borrower's current offer (exactly one of them).
 */
export const contractDetailRequestSchema = z.object({ orderNo: orderNo.optional(), productId: id.optional() });
export type ContractDetailRequest = z.input<typeof contractDetailRequestSchema>;

export const contractPlanSchema = z.object({
  period: z.number().int(),
  dueDate: z.string(),
  principal: minor,
  interest: minor,
  IVA: minor,
  amount: minor,
});
export type ContractPlan = z.infer<typeof contractPlanSchema>;

/** One clause of the contract; `id` lets a screen pick clauses (the period agreement shows the schedule ones). */
export const contractClauseSchema = z.object({ id: z.string(), title: z.string(), body: z.string() });
export type ContractClause = z.infer<typeof contractClauseSchema>;

/** The `contract-detail` answer: the contract's table of dates and amounts, its text and plan (docs/decisions/035); amounts in minor units. */
export const contractDetailSchema = z.object({
  /** "signed" for an order's contract; "draft" for the offer not yet confirmed. */
  state: z.enum(['signed', 'draft']),
  orderNo: z.string(),
  market,
  language: z.enum(['en', 'es']),
  userName: z.string(),
  productName: z.string(),
  amount: minor,
  bankNo: z.string(),
  /** Date the lender pays out; estimated from today on a draft. */
  daiDate: z.string(),
  /** Date of the last repayment. */
  planDate: z.string(),
  contractAmount: minor,
  commission: minor,
  Interest: minor,
  discount: minor,
  IVA: minor,
  giveAmount: minor,
  userAddress: z.string(),
  contractDate: z.string(),
  company: z.string(),
  termDays: z.number().int(),
  periods: z.number().int(),
  plans: z.array(contractPlanSchema),
  clauses: z.array(contractClauseSchema),
  /**
   * The cover box (Mexico's carátula: docs/decisions/144): the all-in annual cost (CAT or APR, as
   * "46.8%"), the ordinary annual interest rate and the opening commission's rate; shown beside
   * the total to pay and the commission's amount. Empty strings when the stored terms lack them.
   */
  cover: z.object({ annualCostKind: z.enum(['CAT', 'APR']), annualCost: z.string(), interestRate: z.string(), commissionRate: z.string() }),
  /** SHA-256 of the contract text as agreed; empty on a draft. */
  textHash: z.string(),
});
export type ContractDetail = z.infer<typeof contractDetailSchema>;

/** `loan-play-detail` body (installment repayment overview). */
export const installmentDetailRequestSchema = z.object({ orderId: orderNo, productId: id.optional() });
export type InstallmentDetailRequest = z.input<typeof installmentDetailRequestSchema>;

/**
 * What a real payment rail shows beside the reference, when it has it: its hosted voucher page, and
 * for a transfer the receiving bank, the account (a CLABE in Mexico) and its holder.
 */
export const referenceDisplaySchema = z.object({
  voucherUrl: z.string().optional(),
  bankName: z.string().optional(),
  clabe: z.string().optional(),
  beneficiary: z.string().optional(),
  /** India's UPI: the QR code's image, scanned from another screen or opened in a UPI app (docs/decisions/121). */
  upiQrUrl: z.string().optional(),
  /** The `upi://pay?…` link that QR code holds, which opens the borrower's UPI app on a phone (docs/decisions/131). */
  upiIntentUrl: z.string().optional(),
  /** That link drawn as a QR code by our server (an SVG data URI), shown on the screen itself. */
  upiQrImg: z.string().optional(),
  /** An Indian bank transfer's receiving account: its IFSC and number (docs/decisions/121). */
  ifsc: z.string().optional(),
  accountNumber: z.string().optional(),
});

/** A place to pay: `vCode` is this order's reference there, `BARcodeImg` a barcode image (empty when none). */
export const paymentChannelItemSchema = z.object({
  logo: z.string(),
  desc: z.string(),
  vCode: z.string(),
  BARcodeImg: z.string(),
  payCode: z.string(),
  ...referenceDisplaySchema.shape,
});
export const paymentChannelGroupSchema = z.object({ reviewer: z.string(), list: z.array(paymentChannelItemSchema) });
export type PaymentChannelGroup = z.infer<typeof paymentChannelGroupSchema>;

/** The early payoff offered beside the installment: its amount (minor units), texts and references (requestType 1). */
export const installmentPayoffSchema = z.object({
  amount: minor,
  title: z.string(),
  message: z.string(),
  rows: z.array(detailRowSchema),
  repayList: z.array(paymentChannelGroupSchema),
});
export type InstallmentPayoff = z.infer<typeof installmentPayoffSchema>;

/** The `loan-play-detail` answer (installment overview): what to pay now, by when, and where; amounts in minor units. */
export const installmentDetailSchema = z.object({
  market,
  /** What to pay now: everything due (with late charges), else the next installment. */
  repayAmount: minor,
  repayDate: z.string(),
  productName: z.string(),
  productLogo: z.string(),
  detail: z.array(detailRowSchema),
  repayList: z.array(paymentChannelGroupSchema),
  noticeMsg: z.string(),
  /** What settles the loan today, with its own references; only while that is less than everything owed. */
  payoff: installmentPayoffSchema.optional(),
  /** Set while a payment is late: the first missed due date, the days since, and the late charges owed so far (minor units). */
  overdue: z.object({ since: z.string(), days: z.number().int().nonnegative(), lateCharges: minor }).optional(),
  /** True when the order's market takes card payments: the screen offers paying by card (`#/borrowDetail/`). */
  cardPayment: z.boolean().optional(),
});
export type InstallmentDetail = z.infer<typeof installmentDetailSchema>;

/** `channel-fees` body: the order whose market's places to pay are listed. */
export const channelFeesRequestSchema = z.object({ orderId: orderNo, productId: id.optional() });
export type ChannelFeesRequest = z.input<typeof channelFeesRequestSchema>;

/** One place to pay as the fee table shows it: what the place charges per payment and the amounts it takes (minor units). */
export const channelFeeSchema = z.object({
  payCode: z.string(),
  name: z.string(),
  logo: z.string(),
  /** The kind of place, in the borrower's language (cash at a store, bank transfer). */
  kind: z.string(),
  fee: minor,
  minAmount: minor,
  maxAmount: minor,
});
export type ChannelFee = z.infer<typeof channelFeeSchema>;

/** The `channel-fees` answer: the order's market and each of its places to pay. */
export const channelFeesSchema = z.object({ market, channels: z.array(channelFeeSchema) });
export type ChannelFees = z.infer<typeof channelFeesSchema>;

/** `generate-vcode` body: a payment reference for an amount at a channel; requestType 1 repays, 2 extends. */
export const repayInstructionRequestSchema = z.object({
  orderId: orderNo,
  productId: id.optional(),
  amount: z.coerce.number().int().positive(),
  payCode: z.string().trim().min(1).max(40),
  requestType: z.enum(['1', '2']),
});
export type RepayInstructionRequest = z.input<typeof repayInstructionRequestSchema>;

/** The `generate-vcode` answer (repayment instruction): the reference for one amount at one place, and how to pay it. */
export const repayInstructionSchema = z.object({
  market,
  topLogo: z.string(),
  bottomLogo: z.string(),
  repayDetail: z.object({
    amount: minor,
    repayTitle: z.string(),
    repayDes: z.string(),
    /** Image of the code to show at the till; empty for a transfer. */
    repayCode: z.string(),
    vCode: z.string(),
    companyName: z.string(),
    /** What the place itself charges for the payment, on top of `amount` (its `fee_minor`); absent when nothing (docs/decisions/234). */
    fee: minor.optional(),
    /** ISO instant after which the reference can no longer be paid; asking again issues a new one. */
    expiresAt: z.string().optional(),
    /** What the channel accepts in one payment, minor units. */
    minAmount: minor.optional(),
    maxAmount: minor.optional(),
    /** The reference this call replaced because it had expired; it can no longer be paid. */
    expiredVCode: z.string().optional(),
    ...referenceDisplaySchema.shape,
  }),
  dataList: z.array(z.object({ title: z.string(), content: z.array(z.string()) })),
  /** `eMail` is the link text of the fees page at `link`. */
  imgList: z.object({ title: z.string(), eMail: z.string(), link: z.string().optional(), content: z.array(z.string()) }),
});
export type RepayInstruction = z.infer<typeof repayInstructionSchema>;
