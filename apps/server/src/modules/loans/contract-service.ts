import { contractClauseSchema, ErrorCode, type ContractDetail, type Language } from '@lend/contracts';
import { formatDate, formatDateTime } from '@lend/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { companyFacts } from '../company/company-facts-service';
import { borrowerById } from '../sessions/session-service';
import { findContract } from './contract-repository';
import { contractClauses } from './contract-text';
import { listInstallments } from './installment-repository';
import { planDates, productMarket, quoteLoan, type LoanQuote } from './loan-quote';
import { loanText } from './loan-texts';
import { effectiveOffer, termsRefusal } from './offer-service';
import { findBorrowerOrder } from './order-repository';
import { borrowerDisplayName } from './place-order';
import { findProduct } from './product-repository';

const storedClauses = z.array(contractClauseSchema);

/** An order's contract as agreed: the stored text, and the plan with its dates once paid out. */
export async function signedContract(db: Db, borrowerId: number, orderNo: string): Promise<ContractDetail> {
  const order = await findBorrowerOrder(db, borrowerId, orderNo);
  const contract = order ? await findContract(db, order.id) : undefined;
  const product = order ? await findProduct(db, order.productId) : undefined;
  const borrower = await borrowerById(db, borrowerId);
  if (!order || !contract || !product || !borrower) throw new AppError(ErrorCode.NotFound);
  const market = productMarket(product);
  const installments = await listInstallments(db, order.id);
  const company = await companyFacts(db);
  return {
    state: 'signed',
    orderNo: order.orderNo,
    market,
    language: contract.language === 'en' ? 'en' : 'es',
    userName: borrowerDisplayName(borrower),
    productName: product.name,
    amount: order.principalMinor,
    bankNo: '',
    daiDate: order.disbursedAt ? formatDate(order.disbursedAt, market) : '',
    planDate: installments.at(-1)?.dueDate ?? '',
    contractAmount: order.totalRepayableMinor,
    commission: order.commissionMinor,
    Interest: order.interestMinor,
    discount: order.discountMinor,
    IVA: order.taxMinor,
    giveAmount: order.disbursalMinor,
    userAddress: '',
    contractDate: formatDateTime(contract.agreedAt, market),
    company: company?.name ?? '',
    termDays: order.termDays,
    periods: order.periods,
    plans: installments.map((i) => ({
      period: i.seq,
      dueDate: i.dueDate ?? '',
      principal: i.principalMinor,
      interest: i.interestMinor,
      IVA: i.taxMinor,
      amount: i.amountMinor,
    })),
    clauses: storedClauses.parse(JSON.parse(contract.text)),
    textHash: contract.textSha256,
  };
}

/** The contract the borrower would sign for their current offer, dated as if paid out today. */
export async function draftContract(
  db: Db,
  borrowerId: number,
  productId: number,
  language: Language,
  now = new Date(),
): Promise<ContractDetail> {
  const product = await findProduct(db, productId);
  const borrower = await borrowerById(db, borrowerId);
  if (!product || !borrower) throw new AppError(ErrorCode.NoOffer);
  const offer = await effectiveOffer(db, borrowerId, product);
  if (offer.status === 'withdrawn') throw new AppError(ErrorCode.NoOffer);
  let quote: LoanQuote;
  try {
    quote = quoteLoan(product, offer);
  } catch (error) {
    termsRefusal(error);
  }
  const company = await companyFacts(db);
  const today = formatDate(now, quote.market);
  const dates = planDates(quote.plan, today);
  const userName = borrowerDisplayName(borrower);
  const { price } = quote;
  return {
    state: 'draft',
    orderNo: '',
    market: quote.market,
    language,
    userName,
    productName: product.name,
    amount: price.principalMinor,
    bankNo: '',
    daiDate: today,
    planDate: dates.at(-1) ?? '',
    contractAmount: price.totalRepayableMinor,
    commission: price.commissionMinor,
    Interest: price.interestMinor,
    discount: price.discountMinor,
    IVA: price.taxMinor,
    giveAmount: price.disbursalMinor,
    userAddress: '',
    contractDate: today,
    company: company?.name ?? '',
    termDays: price.termDays,
    periods: price.periods,
    plans: quote.plan.map((i, index) => ({
      period: i.seq,
      dueDate: dates[index] ?? '',
      principal: i.principalMinor,
      interest: i.interestMinor,
      IVA: i.taxMinor,
      amount: i.amountMinor,
    })),
    clauses: contractClauses(
      language,
      { orderNo: loanText(language, 'contract.pendingNo'), company: company?.name ?? '', userName, productName: product.name },
      product.pricing,
      quote,
    ),
    textHash: '',
  };
}
