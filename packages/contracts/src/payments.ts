import { z } from 'zod';
import { pageQuerySchema, pageSchema } from './paging';

const id = z.coerce.number().int().positive().max(2_147_483_647);
const orderNo = z.string().trim().min(1).max(32);
const market = z.enum(['MX', 'IN']);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** What one part of a payment paid: the late charges (seq null) or a component of an installment. */
export const allocationLineSchema = z.object({
  seq: z.number().int().nullable(),
  component: z.enum(['lateCharges', 'tax', 'interest', 'principal']),
  amountMinor: z.number().int(),
});
export type AllocationLineView = z.infer<typeof allocationLineSchema>;

/** A payment as applied, which is also its receipt: raw values in minor units, instants in ISO. */
export const receiptSchema = z.object({
  id: z.number().int(),
  receiptNo: z.string(),
  orderNo: z.string(),
  provider: z.string(),
  providerEventId: z.string(),
  purpose: z.enum(['repayment', 'extension']),
  channelCode: z.string(),
  amountMinor: z.number().int(),
  /** The order's market and its currency: the receipt's amounts are in it (docs/decisions/235). */
  market: z.enum(['MX', 'IN']),
  currency: z.enum(['MXN', 'INR']),
  paidAt: z.string(),
  appliedAt: z.string(),
  allocation: z.array(allocationLineSchema),
  rebateMinor: z.number().int(),
  extensionFeeMinor: z.number().int(),
  creditMinor: z.number().int(),
  balanceAfterMinor: z.number().int(),
  statusBefore: z.number().int(),
  statusAfter: z.number().int(),
  recordedBy: z.string().nullable(),
  note: z.string().nullable(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const paymentListQuerySchema = pageQuerySchema.extend({ orderNo: orderNo.optional() });
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;
export const paymentPageSchema = pageSchema(receiptSchema);

export const paymentIdParamsSchema = z.object({ id });

/**
 * A transfer the lender received outside any provider. The same `referenceNote` (the bank's
 * reference) for the same order is one transfer: recording it again applies nothing.
 */
export const manualPaymentRequestSchema = z.object({
  orderNo,
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  referenceNote: z.string().trim().min(1).max(200),
  recordedBy: z.string().trim().min(1).max(100),
});
export type ManualPaymentRequest = z.input<typeof manualPaymentRequestSchema>;

/** `replay`: this transfer was recorded before; the receipt is the first record's. */
export const manualPaymentResultSchema = z.object({ replay: z.boolean(), receipt: receiptSchema });
export type ManualPaymentResult = z.infer<typeof manualPaymentResultSchema>;

export const orderNoParamsSchema = z.object({ orderNo });

export const ledgerPostingSchema = z.object({
  account: z.string(),
  /** Positive for a debit, negative for a credit. */
  amountMinor: z.number().int(),
});

export const ledgerViewSchema = z.object({
  orderNo: z.string(),
  entries: z.array(
    z.object({
      id: z.number().int(),
      kind: z.string(),
      paymentId: z.number().int().nullable(),
      bookedOn: z.string(),
      createdAt: z.string(),
      postings: z.array(ledgerPostingSchema),
    }),
  ),
  /** Each account's balance (debits − credits) over all the order's entries. */
  accounts: z.array(z.object({ account: z.string(), balanceMinor: z.number().int() })),
});
export type LedgerView = z.infer<typeof ledgerViewSchema>;

export const ledgerMismatchSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('unbalanced-entry'), entryId: z.number().int(), orderId: z.number().int(), sumMinor: z.number().int() }),
  z.object({ kind: z.literal('unknown-account'), entryId: z.number().int(), orderId: z.number().int(), account: z.string() }),
  z.object({ kind: z.literal('unbooked-payment'), paymentId: z.number().int(), receiptNo: z.string() }),
  z.object({
    kind: z.literal('account'),
    orderNo: z.string(),
    account: z.string(),
    orderSaysMinor: z.number().int(),
    ledgerSaysMinor: z.number().int(),
  }),
  z.object({
    kind: z.literal('status'),
    orderNo: z.string(),
    statusCode: z.number().int(),
    outstandingMinor: z.number().int(),
    settled: z.boolean(),
  }),
  /** A written-off order that owes other than what was written off less what was recovered and waived by a settlement, or whose recoveries the ledger does not hold (docs/decisions/244, 245). */
  z.object({
    kind: z.literal('write-off'),
    orderNo: z.string(),
    writtenOffMinor: z.number().int(),
    recoveredMinor: z.number().int(),
    waivedMinor: z.number().int(),
    ledgerRecoveredMinor: z.number().int(),
    outstandingMinor: z.number().int(),
  }),
  z.object({
    kind: z.literal('payout'),
    orderNo: z.string(),
    entry: z.enum(['disbursal', 'disbursal-reversal']),
    expected: z.number().int(),
    booked: z.number().int(),
  }),
]);

export const ledgerCheckResultSchema = z.object({
  ordersChecked: z.number().int(),
  mismatchCount: z.number().int(),
  mismatches: z.array(ledgerMismatchSchema),
});
export type LedgerCheckView = z.infer<typeof ledgerCheckResultSchema>;

const earlyRepaymentReason = z.enum(['beforeShareOfTerm', 'tooSoonAfterPayout']);

/** What settles an order on `today` (a market date), or from when early repayment is allowed. */
export const operatorPayoffSchema = z.object({
  orderNo: z.string(),
  market,
  today: isoDate,
  status: z.number().int(),
  outstandingMinor: z.number().int(),
  allowed: z.boolean(),
  /** What settles the loan today; null while early repayment is not yet allowed. */
  payoffMinor: z.number().int().nullable(),
  rebateMinor: z.number().int(),
  /** Of `taxMinor`, the tax on the commission a look-up period exit leaves to the lender (docs/decisions/150). */
  rebates: z.array(
    z.object({ seq: z.number().int(), interestMinor: z.number().int(), taxMinor: z.number().int(), commissionTaxMinor: z.number().int().optional() }),
  ),
  allowedFrom: isoDate.nullable(),
  reason: earlyRepaymentReason.nullable(),
  /** The look-up period's last day while the payoff is its exit (docs/decisions/150), else null. */
  lookUpUntil: isoDate.nullable(),
});
export type OperatorPayoff = z.infer<typeof operatorPayoffSchema>;

/** The borrower's calls about one order's money: `orderId` is the order number, as elsewhere. */
export const borrowerOrderMoneyRequestSchema = z.object({ orderId: orderNo, productId: id.optional() });
export type BorrowerOrderMoneyRequest = z.input<typeof borrowerOrderMoneyRequestSchema>;

const textRow = z.object({ text: z.string(), value: z.string() });

export const borrowerReceiptSchema = z.object({
  receiptNo: z.string(),
  /** The market date it was paid. */
  paidOn: isoDate,
  amountMinor: z.number().int(),
  title: z.string(),
  /** Where it was paid (a store, a bank, a transfer), in the borrower's language. */
  channel: z.string(),
  /** What it paid, line by line, then the balance it left. */
  rows: z.array(textRow),
  balanceAfterMinor: z.number().int(),
  balanceAfter: z.string(),
});
export type BorrowerReceipt = z.infer<typeof borrowerReceiptSchema>;

export const borrowerPaymentsSchema = z.object({
  orderNo: z.string(),
  market,
  /** Newest first. */
  receipts: z.array(borrowerReceiptSchema),
  /** The market date the order was settled; null while it is not. */
  settledOn: isoDate.nullable(),
  settledText: z.string(),
  /** Once settled: what the loan cost and how it was repaid, in a few sentences; empty before. */
  closingStatement: z.string(),
  emptyText: z.string(),
});
export type BorrowerPayments = z.infer<typeof borrowerPaymentsSchema>;

export const borrowerPayoffSchema = operatorPayoffSchema
  .omit({ rebates: true })
  .extend({
    title: z.string(),
    message: z.string(),
    rows: z.array(textRow),
  });
export type BorrowerPayoff = z.infer<typeof borrowerPayoffSchema>;
