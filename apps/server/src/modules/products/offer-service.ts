import { ErrorCode } from '@lend/contracts';
import { assertLoanTerms, LoanTermsError } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { acknowledgeOffer, findOfferRow, saveOfferDecision } from './offer-repository';
import type { ProductRow } from './product-repository';

export type EffectiveOffer = {
  /** The operator's row, when there is one. */
  id: number | null;
  status: 'default' | 'active' | 'withdrawn';
  amountMinor: number;
  termDays: number;
  couponMinor: number;
  revisedAt: Date | null;
  /** The operator revised the terms and the borrower has not yet been told (isNeedPop). */
  needsNotice: boolean;
};

/** Turns a domain refusal of terms into the borrower's message. */
export function termsRefusal(error: unknown): never {
  if (error instanceof LoanTermsError) {
    throw new AppError(error.reason === 'amount' ? ErrorCode.AmountOutOfRange : ErrorCode.TermOutOfRange);
  }
  throw error;
}

/**
 * What the borrower may confirm on a product: the operator's decision when there is one,
 * otherwise the product's default amount and term (until credit scoring exists). An inactive
 * product offers nothing.
 */
export async function effectiveOffer(db: Queryable, borrowerId: number, product: ProductRow): Promise<EffectiveOffer> {
  const row = await findOfferRow(db, borrowerId, product.id);
  if (!product.active) {
    return { id: row?.id ?? null, status: 'withdrawn', amountMinor: 0, termDays: 0, couponMinor: 0, revisedAt: null, needsNotice: false };
  }
  if (!row) {
    return {
      id: null,
      status: 'default',
      amountMinor: product.pricing.defaultAmountMinor,
      termDays: product.pricing.termDays,
      couponMinor: 0,
      revisedAt: null,
      needsNotice: false,
    };
  }
  return {
    id: row.id,
    status: row.status === 'active' ? 'active' : 'withdrawn',
    amountMinor: row.amountMinor,
    termDays: row.termDays,
    couponMinor: row.couponMinor,
    revisedAt: row.revisedAt,
    needsNotice: row.status === 'active' && (row.acknowledgedAt === null || row.acknowledgedAt < row.revisedAt),
  };
}

/** Sets a borrower's offer; terms left out keep the current offer's, and must fit the product. */
export async function setOffer(
  db: Queryable,
  borrowerId: number,
  product: ProductRow,
  terms: { amountMinor?: number | undefined; termDays?: number | undefined; couponMinor?: number | undefined },
  now = new Date(),
): Promise<EffectiveOffer> {
  const current = await effectiveOffer(db, borrowerId, { ...product, active: true });
  const base = current.status === 'withdrawn' ? { amountMinor: product.pricing.defaultAmountMinor, termDays: product.pricing.termDays } : current;
  const amountMinor = terms.amountMinor ?? base.amountMinor;
  const termDays = terms.termDays ?? base.termDays;
  try {
    assertLoanTerms(product.pricing, amountMinor, termDays);
  } catch (error) {
    termsRefusal(error);
  }
  await saveOfferDecision(
    db,
    { borrowerId, productId: product.id, status: 'active', amountMinor, termDays, couponMinor: terms.couponMinor ?? current.couponMinor },
    now,
  );
  return effectiveOffer(db, borrowerId, product);
}

export async function withdrawOffer(db: Queryable, borrowerId: number, product: ProductRow, now = new Date()): Promise<EffectiveOffer> {
  const current = await effectiveOffer(db, borrowerId, { ...product, active: true });
  await saveOfferDecision(
    db,
    {
      borrowerId,
      productId: product.id,
      status: 'withdrawn',
      amountMinor: current.amountMinor || product.pricing.defaultAmountMinor,
      termDays: current.termDays || product.pricing.termDays,
      couponMinor: current.couponMinor,
    },
    now,
  );
  return effectiveOffer(db, borrowerId, product);
}

/** The borrower has been told of their revised offer: it is no longer news. */
export function offerSeen(db: Queryable, offerId: number, now: Date): Promise<void> {
  return acknowledgeOffer(db, offerId, now);
}
