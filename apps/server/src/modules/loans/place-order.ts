import { createHash } from 'node:crypto';
import { LoanStatus, type Language } from '@lend/contracts';
import type { Tx } from '../../db/client';
import { findCompanyFacts } from '../company/company-facts-repository';
import type { BorrowerRow } from '../sessions/session-repository';
import { insertContract } from './contract-repository';
import { contractClauses } from './contract-text';
import { insertInstallments } from './installment-repository';
import { newOrderNo, type LoanQuote, type LoanTerms } from './loan-quote';
import { insertPendingOrder, type OrderRow } from './order-repository';
import type { ProductRow } from './product-repository';

export type Agreement = { language: Language; clientIp: string; userAgent: string; at: Date };

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
): Promise<OrderRow | undefined> {
  const { price, plan } = quote;
  const order = await insertPendingOrder(tx, {
    orderNo: newOrderNo(agreement.at),
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
  });
  if (!order) return undefined;
  await insertInstallments(tx, order.id, plan);
  const company = await findCompanyFacts(tx);
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
