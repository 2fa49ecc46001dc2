import { createHash } from 'node:crypto';
import { ErrorCode, Limits, LoanStatus, type Language } from '@lend/contracts';
import type { Tx } from '../../db/client';
import { violatedUniqueKey } from '../../db/unique-violation';
import { AppError } from '../../errors';
import { companyFacts } from '../company/company-facts-service';
import type { BorrowerRow } from '../sessions/session-service';
import { insertContract } from './contract-repository';
import { contractClauses } from './contract-text';
import { insertInstallments } from './installment-repository';
import { newOrderNo, type LoanQuote, type LoanTerms } from './loan-quote';
import { insertPendingOrder, type NewOrder, type OrderRow } from './order-repository';
import type { ProductRow } from './product-repository';

export type Agreement = { language: Language; clientIp: string; userAgent: string; at: Date };

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

/** The name the contract gives the borrower: their name, or their phone when none is on file. */
export function borrowerDisplayName(borrower: Pick<BorrowerRow, 'name' | 'phone'>): string {
  return borrower.name.trim() || borrower.phone;
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
  drawOrderNo: OrderNumberSource = newOrderNo,
): Promise<OrderRow | undefined> {
  const { price, plan } = quote;
  const order = await insertWithFreshOrderNo(tx, {
    borrowerId: borrower.id,
    productId: product.id,
    statusCode: LoanStatus.UnderReview,
    principalMinor: price.principalMinor,
    disbursalMinor: price.disbursalMinor,
    commissionMinor: price.commissionMinor,
    interestMinor: price.interestMinor,
    discountMinor: price.discountMinor,
    taxMinor: price.taxMinor,
    totalRepayableMinor: price.totalRepayableMinor,
    termDays: price.termDays,
    periods: price.periods,
    createdAt: agreement.at,
    updatedAt: agreement.at,
  }, drawOrderNo);
  if (!order) return undefined;
  await insertInstallments(tx, order.id, plan);
  const company = await companyFacts(tx);
  const clauses = contractClauses(
    agreement.language,
    {
      orderNo: order.orderNo,
      company: company?.name ?? '',
      userName: borrowerDisplayName(borrower),
      productName: product.name,
    },
    product.pricing,
    quote,
  );
  const text = JSON.stringify(clauses);
  await insertContract(tx, {
    orderId: order.id,
    language: agreement.language,
    text,
    textSha256: createHash('sha256').update(text).digest('hex'),
    terms: { pricing: product.pricing, ...terms, price, plan, annualCost: quote.cost },
    clientIp: agreement.clientIp.slice(0, 64),
    userAgent: agreement.userAgent.slice(0, 300),
    agreedAt: agreement.at,
  });
  return order;
}
