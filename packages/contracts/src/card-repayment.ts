import { z } from 'zod';
import { CardLimits, SANDBOX_TEST_CARD_KINDS } from './card-repayment-values';

export * from './card-repayment-values';

const orderNo = z.string().trim().min(1).max(32);
const minorAmount = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const recordId = z.string().trim().min(1).max(40);

export const repaymentWayRequestSchema = z.object({ orderId: orderNo });
export type RepaymentWayRequest = z.input<typeof repaymentWayRequestSchema>;

/** A saved card as the borrower sees it: never more of the number than the last 4 digits. */
export const bankCardSchema = z.object({
  id: z.number().int(),
  bankName: z.string(),
  /** Masked for display, e.g. `•••• 4242`. */
  cardNo: z.string(),
  bankCode: z.string(),
  last4: z.string().length(4),
});
export type BankCard = z.infer<typeof bankCardSchema>;

export const repaymentWayDataSchema = z.object({
  /** 1 when the redirect (alipay-style) payment is offered. */
  alipay: z.union([z.literal(0), z.literal(1)]),
  /**
   * 1 when a card may be added on our page and charged here; 0 when the market's provider keeps
   * saved cards on its own hosted page (docs/decisions/125), where the borrower picks one.
   */
  addCard: z.union([z.literal(0), z.literal(1)]).default(1),
  repayToken: z.string(),
  bankCards: z.array(bankCardSchema),
  orderId: z.string(),
  productName: z.string(),
  market: z.enum(['MX', 'IN']),
  /**
   * What this payment is for, in minor units: what is owed now, or the next installment, within
   * `maxAmount`; 0 when nothing may be paid by card now (`unavailable` says why).
   */
  amount: z.number().int(),
  /**
   * The most a card payment may be for today (docs/decisions/233): what the loan's terms let be paid
   * now (up to what settles it, once early repayment is allowed), less card payments still being confirmed.
   */
  maxAmount: z.number().int(),
  /** Why nothing may be paid by card now: the code and message a payment would be refused with; else null. */
  unavailable: z.object({ code: z.string(), message: z.string() }).nullable().default(null),
  /** The first day the whole loan may be repaid early (`YYYY-MM-DD`), while that day is still to come; else null. */
  earlyRepaymentFrom: z.string().nullable().default(null),
});
export type RepaymentWayData = z.infer<typeof repaymentWayDataSchema>;

export const repaymentCommitRequestSchema = z.object({
  amount: minorAmount,
  bankName: z.string().trim().max(60).default(''),
  cardId: z.coerce.number().int().positive().max(2_147_483_647),
  cardNo: z.string().trim().max(30).default(''),
  /** No coupons exist: null or empty only. */
  couponId: z
    .union([z.null(), z.literal(''), z.literal('null')])
    .optional()
    .transform(() => null),
  orderId: orderNo,
  repayToken: z.string().trim().min(1).max(64),
  bankCode: z.string().trim().max(20).default(''),
  sendMsg: z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)])),
});
export type RepaymentCommitRequest = z.input<typeof repaymentCommitRequestSchema>;

/** Where one repayment stands; the money figures are minor units in the order's market. */
export const cardRepaymentResultSchema = z.object({
  repayRecordId: z.string(),
  orderId: z.string(),
  method: z.enum(['card', 'redirect']),
  status: z.enum(['awaitingCode', 'charging', 'paid', 'declined', 'insufficientFunds', 'failed', 'cancelled']),
  market: z.enum(['MX', 'IN']),
  amount: z.number().int(),
  bankName: z.string().nullable(),
  last4: z.string().nullable(),
  receiptNo: z.string().nullable(),
  /** Everything still owed once the payment was applied. */
  balanceAfter: z.number().int().nullable(),
  settled: z.boolean(),
  paidAt: z.string().nullable(),
  /** Seconds until another code may be sent (awaitingCode only). */
  resendInSeconds: z.number().int().nullable(),
});
export type CardRepaymentResult = z.infer<typeof cardRepaymentResultSchema>;

export const repaymentCommitDataSchema = z.object({
  needValid: z.union([z.literal(0), z.literal(1)]),
  repayRecordId: z.string(),
  result: cardRepaymentResultSchema,
});
export type RepaymentCommitData = z.infer<typeof repaymentCommitDataSchema>;

export const repaymentConfirmRequestSchema = z.object({
  orderId: orderNo,
  verifyCode: z.string().trim().regex(/^\d{6}$/),
  repaymentRecordId: recordId,
});
export type RepaymentConfirmRequest = z.input<typeof repaymentConfirmRequestSchema>;

export const repaymentRedirectRequestSchema = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
  orderId: orderNo,
  amount: minorAmount,
});
export type RepaymentRedirectRequest = z.input<typeof repaymentRedirectRequestSchema>;

/** `repayment-huichao` answers the redirect address beside the code (`url`), not in `data`. */
export const repaymentRedirectDataSchema = z.object({ repayRecordId: z.string() });

export const repaymentResultRequestSchema = z.object({ orderId: orderNo, repayRecordId: recordId });
export type RepaymentResultRequest = z.input<typeof repaymentResultRequestSchema>;

/** A provider whose card fields are ours: the browser posts the card to its address (the sandbox, docs/decisions/081). */
export const tokenizeCardFormSchema = z.object({
  entry: z.literal('form'),
  provider: z.string(),
  /** Where the browser sends the card number; it never passes through our API. */
  tokenizeUrl: z.string(),
  publishableKey: z.string(),
});
export type TokenizeCardForm = z.infer<typeof tokenizeCardFormSchema>;

/**
 * A provider whose own script draws the card fields in its own frame (Stripe's Payment Element,
 * docs/decisions/218): the page loads `scriptUrl`, mounts the fields for `clientSecret` (a
 * SetupIntent our server made for this borrower) and binds the SetupIntent's id; no card number
 * is ever in our page.
 */
export const providerCardFormSchema = z.object({
  entry: z.literal('payment-element'),
  provider: z.string(),
  scriptUrl: z.url({ protocol: /^https?$/ }),
  publishableKey: z.string(),
  clientSecret: z.string().min(1).max(200),
});
export type ProviderCardForm = z.infer<typeof providerCardFormSchema>;

/** `card-form`: how this borrower's card provider takes a new card. */
export const cardFormDataSchema = z.discriminatedUnion('entry', [tokenizeCardFormSchema, providerCardFormSchema]);
export type CardFormData = z.infer<typeof cardFormDataSchema>;

export const bindCardRequestSchema = z.object({ token: z.string().trim().min(1).max(100) });
export type BindCardRequest = z.input<typeof bindCardRequestSchema>;

/** What the browser sends to the card provider's tokenisation address (the sandbox's shape). */
export const cardTokenizeRequestSchema = z.object({
  publishableKey: z.string().min(1).max(100),
  number: z.string().regex(/^\d{13,19}$/),
  expMonth: z.coerce.number().int().min(1).max(12),
  expYear: z.coerce.number().int().min(2000).max(2100),
  holderName: z.string().trim().min(1).max(CardLimits.holderNameMax),
});
export type CardTokenizeRequest = z.input<typeof cardTokenizeRequestSchema>;

export const cardTokenizeResponseSchema = z.object({
  token: z.string(),
  last4: z.string().length(4),
  bankName: z.string(),
  bankCode: z.string(),
});
export type CardTokenizeResponse = z.infer<typeof cardTokenizeResponseSchema>;

/** What the provider's script answers for a confirmed SetupIntent: its id is the token `bind-card` takes (docs/decisions/218). */
export const confirmedSetupSchema = z.object({ id: z.string().startsWith('seti_'), status: z.string() });

/** The card envelope: `{code, message, data}` with the string code '00' for success (docs/decisions/080). */
export function cardEnvelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ code: z.string(), message: z.string(), data: data.nullable() });
}

/** What the card provider's notification is answered when it was taken (a replay included). */
export const cardNotificationReceivedSchema = z.object({
  received: z.literal(true),
  repayRecordId: z.string(),
  status: cardRepaymentResultSchema.shape.status,
  replay: z.boolean(),
});
export type CardNotificationReceived = z.infer<typeof cardNotificationReceivedSchema>;

/**
 * `POST /card-repayments/reconcile` (operator): `at` (an ISO instant) runs the reconciler as if it
 * were then, so a crash test need not wait out `reconcileAfterMs`; demo mode only (docs/decisions/084).
 */
export const cardReconcileRequestSchema = z.object({ at: z.iso.datetime({ offset: true }).optional() });
export type CardReconcileRequest = z.input<typeof cardReconcileRequestSchema>;

/** `POST /card-repayments/reconcile` (operator): what one run of the reconciler did. */
export const cardReconcileResultSchema = z.object({
  checked: z.number().int(),
  paid: z.number().int(),
  declined: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
  pending: z.number().int(),
});
export type CardReconcileResult = z.infer<typeof cardReconcileResultSchema>;

/** `POST /cards/test-cards` (operator, sandbox only): a published test card saved for a borrower. */
export const testCardRequestSchema = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
  kind: z.enum(SANDBOX_TEST_CARD_KINDS),
  holderName: z.string().trim().min(1).max(CardLimits.holderNameMax).optional(),
});
export type TestCardRequest = z.input<typeof testCardRequestSchema>;
