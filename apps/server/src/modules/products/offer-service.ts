import { ErrorCode } from '@lend/contracts';
import { assertLoanTerms, LoanTermsError } from '@lend/domain';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../staff';
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

const auditedOffer = (offer: EffectiveOffer) => ({ status: offer.status, amountMinor: offer.amountMinor, termDays: offer.termDays, couponMinor: offer.couponMinor });

/**
 * Sets a borrower's offer; terms left out keep the current offer's, and must fit the product. The
 * operator's change and its audit entry commit together (docs/decisions/162).
 */
export async function setOffer(
  db: Db,
  borrowerId: number,
  product: ProductRow,
  terms: { amountMinor?: number | undefined; termDays?: number | undefined; couponMinor?: number | undefined },
  actor: Actor,
  now = new Date(),
): Promise<EffectiveOffer> {
  return db.transaction(async (tx) => {
    const current = await effectiveOffer(tx, borrowerId, { ...product, active: true });
    const base = current.status === 'withdrawn' ? { amountMinor: product.pricing.defaultAmountMinor, termDays: product.pricing.termDays } : current;
    const amountMinor = terms.amountMinor ?? base.amountMinor;
    const termDays = terms.termDays ?? base.termDays;
    try {
      assertLoanTerms(product.pricing, amountMinor, termDays);
    } catch (error) {
      termsRefusal(error);
    }
    await saveOfferDecision(
      tx,
      { borrowerId, productId: product.id, status: 'active', amountMinor, termDays, couponMinor: terms.couponMinor ?? current.couponMinor },
      now,
    );
    const offer = await effectiveOffer(tx, borrowerId, product);
    await recordAudit(tx, actor, { action: 'offer.set', objectType: 'offer', objectId: `${borrowerId}:${product.id}`, before: auditedOffer(current), after: auditedOffer(offer) }, now);
    return offer;
  });
}

export async function withdrawOffer(db: Db, borrowerId: number, product: ProductRow, actor: Actor, now = new Date()): Promise<EffectiveOffer> {
  return db.transaction(async (tx) => {
    const current = await effectiveOffer(tx, borrowerId, { ...product, active: true });
    await saveOfferDecision(
      tx,
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
    const offer = await effectiveOffer(tx, borrowerId, product);
    await recordAudit(tx, actor, { action: 'offer.withdraw', objectType: 'offer', objectId: `${borrowerId}:${product.id}`, before: auditedOffer(current), after: auditedOffer(offer) }, now);
    return offer;
  });
}

/** The borrower has been told of their revised offer: it is no longer news. */
export function offerSeen(db: Queryable, offerId: number, now: Date): Promise<void> {
  return acknowledgeOffer(db, offerId, now);
}
