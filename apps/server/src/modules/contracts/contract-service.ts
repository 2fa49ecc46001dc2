import { createHash } from 'node:crypto';
import { contractClauseSchema, ErrorCode, type ContractClause, type Language, type ProductPricing } from '@lend/contracts';
import { dueDatesFrom, formatDate, type AnnualCost, type IsoDate, type Market } from '@lend/domain';
import { z } from 'zod';
import type { Db, Queryable, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { companyFacts } from '../company';
import { borrowerOrder, orderInstallments, type Agreement, type OrderRow } from '../orders';
import { effectiveOffer, productById, quoteLoan, refuseOtherMarket, termsRefusal, type LoanQuote, type LoanTerms, type ProductRow } from '../products';
import { borrowerById, type BorrowerRow } from '../sessions';
import { contractClauses } from './contract-clauses';
import { contractsOfOrders, findContract, insertContract } from './contract-repository';
import { keyFactsBody, keyFactsRecord } from './key-facts-presenter';

/** The name the contract gives the borrower: their name, or their phone when none is on file. */
export function borrowerDisplayName(borrower: Pick<BorrowerRow, 'name' | 'phone'>): string {
  return borrower.name.trim() || borrower.phone;
}

/** Where and how the borrower agreed: kept with the agreed text as evidence of the signature. */

/**
 * Stores the contract the borrower agrees to by confirming, in the caller's transaction: its
 * clauses in their language with this loan's numbers, hashed, with the terms they were worked
 * out from and where and when it was agreed (docs/decisions/035).
 */
export async function recordAgreement(
  tx: Tx,
  parties: { order: OrderRow; borrower: BorrowerRow; product: ProductRow },
  terms: LoanTerms,
  quote: LoanQuote,
  agreement: Agreement,
): Promise<void> {
  const { order, borrower, product } = parties;
  // The entity that lends in the loan's market is the one the contract and statement name (docs/decisions/230).
  const company = await companyFacts(tx, quote.market);
  const clauses = contractClauses(
    agreement.language,
    { orderNo: order.orderNo, company: company?.name ?? '', userName: borrowerDisplayName(borrower), productName: product.name },
    product.pricing,
    quote,
  );
  const text = JSON.stringify(clauses);
  const { price, plan } = quote;
  // India's borrowers confirm the Key Facts Statement with the contract: its hash joins the evidence (docs/decisions/143).
  const keyFacts =
    quote.market === 'IN'
      ? keyFactsRecord(
          keyFactsBody(
            agreement.language,
            { orderNo: order.orderNo, borrowerName: borrowerDisplayName(borrower), productName: product.name, company },
            product.pricing,
            quote,
            formatDate(agreement.at, quote.market),
          ),
        )
      : { keyFactsText: null, keyFactsSha256: null };
  await insertContract(tx, {
    ...keyFacts,
    orderId: order.id,
    language: agreement.language,
    text,
    textSha256: createHash('sha256').update(text).digest('hex'),
    terms: { pricing: product.pricing, ...terms, price, plan, annualCost: quote.cost },
    clientIp: agreement.clientIp.slice(0, 64),
    userAgent: agreement.userAgent.slice(0, 300),
    agreedAt: agreement.at,
  });
}

/** One installment of the contract's payment table; its date is '' until the loan is paid out. */
export type ContractInstallment = { seq: number; dueDate: IsoDate | ''; principalMinor: number; interestMinor: number; taxMinor: number; amountMinor: number };

/** What a contract names of its borrower (docs/decisions/233): the account the loan is paid out to, and the address on file. */
export type BorrowerParticulars = {
  payoutAccount: { bankName: string; accountNumber: string } | null;
  address: { line1: string; line2: string | null; city: string; state: string; postalCode: string } | null;
};

/**
 * The borrower's particulars, read from the profile (which stands beside the contracts, so the app
 * hands the reader in): the account that was active when the loan was paid out, else the active one.
 */
export type ParticularsOf = (db: Queryable, borrowerId: number, paidOutAt: Date | null) => Promise<BorrowerParticulars>;

const NO_PARTICULARS: BorrowerParticulars = { payoutAccount: null, address: null };

/** The loan a contract is about: its parties, its money and its payment table. */
export type ContractTerms = {
  market: Market;
  borrowerName: string;
  particulars: BorrowerParticulars;
  productName: string;
  company: string;
  principalMinor: number;
  totalRepayableMinor: number;
  commissionMinor: number;
  interestMinor: number;
  discountMinor: number;
  taxMinor: number;
  disbursalMinor: number;
  termDays: number;
  periods: number;
  plan: ContractInstallment[];
  cover: ContractCover;
};

/** The rates the cover box states (docs/decisions/144); null where a stored contract's terms lack one. */
export type ContractCover = { annualCost: AnnualCost | null; interestPerDayPpm: number | null; commissionPpm: number | null };

/** The part of a contract's stored terms the cover box reads; older rows may lack any of it. */
const storedCoverTerms = z.object({
  pricing: z.object({ interestPerDayPpm: z.number(), commissionPpm: z.number() }).partial().optional(),
  annualCost: z.object({ kind: z.enum(['CAT', 'APR']), rate: z.number() }).optional(),
});

function coverOfStoredTerms(terms: unknown): ContractCover {
  const parsed = storedCoverTerms.safeParse(terms);
  const stored = parsed.success ? parsed.data : {};
  return {
    annualCost: stored.annualCost ?? null,
    interestPerDayPpm: stored.pricing?.interestPerDayPpm ?? null,
    commissionPpm: stored.pricing?.commissionPpm ?? null,
  };
}

/** An order's contract as agreed: its stored clauses and hash, and the plan with its dates once paid out. */
export type SignedContract = ContractTerms & {
  state: 'signed';
  orderNo: string;
  language: Language;
  paidOutOn: IsoDate | null;
  agreedAt: Date;
  clauses: ContractClause[];
  textHash: string;
};

/** The contract the borrower would sign for their current offer, dated as if paid out today. */
export type DraftContract = ContractTerms & { state: 'draft'; today: IsoDate; pricing: ProductPricing; quote: LoanQuote };

const storedClauses = z.array(contractClauseSchema);

/** An order's contract as agreed; another borrower's order, or one without a contract, reads as missing. */
export async function signedContract(db: Db, borrowerId: number, orderNo: string, particularsOf: ParticularsOf): Promise<SignedContract> {
  const { order, product, market } = await borrowerOrder(db, borrowerId, { orderNo });
  const contract = await findContract(db, order.id);
  const borrower = await borrowerById(db, borrowerId);
  if (!contract || !borrower) throw new AppError(ErrorCode.NotFound);
  const installments = await orderInstallments(db, order.id);
  const company = await companyFacts(db, market);
  return {
    state: 'signed',
    orderNo: order.orderNo,
    market,
    language: contract.language === 'en' ? 'en' : 'es',
    borrowerName: borrowerDisplayName(borrower),
    particulars: await particularsOf(db, borrowerId, order.disbursedAt),
    productName: product.name,
    company: company?.name ?? '',
    principalMinor: order.principalMinor,
    totalRepayableMinor: order.totalRepayableMinor,
    commissionMinor: order.commissionMinor,
    interestMinor: order.interestMinor,
    discountMinor: order.discountMinor,
    taxMinor: order.taxMinor,
    disbursalMinor: order.disbursalMinor,
    termDays: order.termDays,
    periods: order.periods,
    plan: installments.map((i) => ({
      seq: i.seq,
      dueDate: i.dueDate ?? '',
      principalMinor: i.principalMinor,
      interestMinor: i.interestMinor,
      taxMinor: i.taxMinor,
      amountMinor: i.amountMinor,
    })),
    cover: coverOfStoredTerms(contract.terms),
    paidOutOn: order.disbursedAt ? formatDate(order.disbursedAt, market) : null,
    agreedAt: contract.agreedAt,
    clauses: storedClauses.parse(JSON.parse(contract.text)),
    textHash: contract.textSha256,
  };
}

/** The contract the borrower would sign for their current offer on a product, dated as if paid out today. */
export async function draftContract(db: Db, borrowerId: number, productId: number, now = new Date(), particularsOf?: ParticularsOf): Promise<DraftContract> {
  const product = await productById(db, productId);
  const borrower = await borrowerById(db, borrowerId);
  if (!product || !borrower) throw new AppError(ErrorCode.NoOffer);
  refuseOtherMarket(borrower, product);
  const offer = await effectiveOffer(db, borrowerId, product);
  if (offer.status === 'withdrawn') throw new AppError(ErrorCode.NoOffer);
  let quote: LoanQuote;
  try {
    quote = quoteLoan(product, offer);
  } catch (error) {
    termsRefusal(error);
  }
  const company = await companyFacts(db, quote.market);
  const today = formatDate(now, quote.market);
  const dates = dueDatesFrom(quote.plan, today);
  const { price } = quote;
  return {
    state: 'draft',
    market: quote.market,
    borrowerName: borrowerDisplayName(borrower),
    particulars: particularsOf ? await particularsOf(db, borrowerId, null) : NO_PARTICULARS,
    productName: product.name,
    company: company?.name ?? '',
    principalMinor: price.principalMinor,
    totalRepayableMinor: price.totalRepayableMinor,
    commissionMinor: price.commissionMinor,
    interestMinor: price.interestMinor,
    discountMinor: price.discountMinor,
    taxMinor: price.taxMinor,
    disbursalMinor: price.disbursalMinor,
    termDays: price.termDays,
    periods: price.periods,
    plan: quote.plan.map((i, index) => ({
      seq: i.seq,
      dueDate: dates[index] ?? '',
      principalMinor: i.principalMinor,
      interestMinor: i.interestMinor,
      taxMinor: i.taxMinor,
      amountMinor: i.amountMinor,
    })),
    cover: { annualCost: quote.cost, interestPerDayPpm: product.pricing.interestPerDayPpm, commissionPpm: product.pricing.commissionPpm },
    today,
    pricing: product.pricing,
    quote,
  };
}

/** What the borrower agreed to on each of these orders, when and from where (their data download). */
export function agreementsOfOrders(db: Queryable, orderIds: readonly number[]) {
  return contractsOfOrders(db, orderIds);
}
