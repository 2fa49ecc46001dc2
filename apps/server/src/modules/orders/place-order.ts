import { randomInt } from 'node:crypto';
import { ErrorCode, Limits, LoanStatus } from '@lend/contracts';
import type { Language } from '@lend/contracts';
import type { LoanPrice } from '@lend/domain';
import type { Tx } from '../../db/client';
import { violatedUniqueKey } from '../../db/unique-violation';
import { AppError } from '../../errors';
import type { LoanQuote, LoanTerms, ProductRow } from '../products';
import type { BorrowerRow } from '../sessions';
import { insertInstallments } from './installment-repository';
import { insertPendingOrder, type NewOrder, type OrderRow } from './order-repository';

/** How, when and from where the borrower agreed to the order's contract by confirming it. */
export type Agreement = { language: Language; clientIp: string; userAgent: string; at: Date };

/**
 * Records the contract the borrower agrees to, in the order's transaction. The contracts module,
 * above this one, keeps it; `app.ts` hands it in, so placing an order never imports upward.
 */
export type AgreementRecorder = (
  tx: Tx,
  parties: { order: OrderRow; borrower: BorrowerRow; product: ProductRow },
  terms: LoanTerms,
  quote: LoanQuote,
  agreement: Agreement,
) => Promise<void>;

/** Draws an order number for an order placed at `now`; tests give their own to force a collision. */
export type OrderNumberSource = (now: Date) => string;

const ORDER_NO_KEY = 'loan_orders_order_no_unique';

/**
 * Inserts the order under a freshly drawn number. Numbers are random, so two orders can draw the
 * same one: only that collision is retried, a few times, each inside a savepoint so the caller's
 * transaction stays usable. Any other failure is the caller's.
 */
async function insertWithFreshOrderNo(tx: Tx, values: Omit<NewOrder, 'orderNo'>, drawOrderNo: OrderNumberSource): Promise<OrderRow | undefined> {
  for (let attempt = 1; ; attempt += 1) {
    const orderNo = drawOrderNo(values.createdAt ?? new Date());
    try {
      return await tx.transaction((savepoint) => insertPendingOrder(savepoint, { ...values, orderNo }));
    } catch (error) {
      if (violatedUniqueKey(error) !== ORDER_NO_KEY) throw error;
      if (attempt >= Limits.orderNumberTries) throw new AppError(ErrorCode.ServiceUnavailable);
    }
  }
}

/** `LN` + the UTC date + 8 random digits: unguessable enough to say aloud, never a sequence. */
export function newOrderNo(now: Date): string {
  const date = now.toISOString().slice(2, 10).replace(/-/g, '');
  return `LN${date}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/** An order's columns of its agreed price, as the engine quoted it. */
export function priceColumns(price: LoanPrice) {
  return {
    principalMinor: price.principalMinor,
    disbursalMinor: price.disbursalMinor,
    commissionMinor: price.commissionMinor,
    interestMinor: price.interestMinor,
    discountMinor: price.discountMinor,
    taxMinor: price.taxMinor,
    totalRepayableMinor: price.totalRepayableMinor,
    termDays: price.termDays,
    periods: price.periods,
  };
}

/**
 * Writes an order under review with its plan and its contract, in the caller's transaction.
 * Returns undefined, writing nothing, when the borrower already has one in review for the product.
 */
export async function placeOrder(
  tx: Tx,
  borrower: BorrowerRow,
  product: ProductRow,
  terms: LoanTerms,
  quote: LoanQuote,
  agreement: Agreement,
  recordAgreement: AgreementRecorder,
  drawOrderNo: OrderNumberSource = newOrderNo,
): Promise<OrderRow | undefined> {
  const { price, plan } = quote;
  const order = await insertWithFreshOrderNo(tx, {
    borrowerId: borrower.id,
    productId: product.id,
    statusCode: LoanStatus.UnderReview,
    ...priceColumns(price),
    createdAt: agreement.at,
    updatedAt: agreement.at,
    // Recorded below in the same transaction; the order's reads need not ask the contracts (212).
    agreementRecorded: true,
    keyFactsRecorded: quote.market === 'IN',
  }, drawOrderNo);
  if (!order) return undefined;
  await insertInstallments(tx, order.id, plan);
  await recordAgreement(tx, { order, borrower, product }, terms, quote, agreement);
  return order;
}
