import { ErrorCode, LoanStatus } from '@lend/contracts';
import { OPEN_STATUSES } from '@lend/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerById } from '../sessions';
import { openOrdersOf, overdueOrderIn, standingRefusal, type CreditLineForOrder } from './confirm-service';
import { orderDetailsUrl } from './loan-links';
import { effectiveOffer, productById, quoteLoan, refuseOtherMarket, termsRefusal, type LoanQuote, type LoanTerms } from '../products';
import { findOrdersInStatus, type OrderRow } from './order-repository';
import { placeOrder, type Agreement, type AgreementRecorder, type OrderNumberSource } from './place-order';

export type PushInput = {
  borrowerId: number;
  productId: number;
  amountMinor: number;
  periods: number;
  termUnit: number;
  agreement: string | undefined;
};

const sameTerms = (order: OrderRow, terms: LoanTerms) =>
  order.principalMinor === terms.amountMinor && order.termDays === terms.termDays;

/**
 * Confirms the borrower's offer as an order under review, exactly once: a double tap, a retry
 * or a concurrent push with the same terms answers with the same order; anything else that
 * does not match the offer is refused and writes nothing.
 */
export async function pushLoan(
  db: Db,
  input: PushInput,
  agreement: Agreement,
  rules: { creditLineForOrder: CreditLineForOrder; recordAgreement: AgreementRecorder },
  drawOrderNo?: OrderNumberSource,
): Promise<{ lendDetailsUrl: string }> {
  if (input.agreement !== '1') throw new AppError(ErrorCode.AgreementRequired);
  const order = await db.transaction(async (tx) => {
    const product = await productById(tx, input.productId);
    const borrower = await borrowerById(tx, input.borrowerId);
    if (!product || !borrower) throw new AppError(ErrorCode.NoOffer);
    refuseOtherMarket(borrower, product);
    const offer = await effectiveOffer(tx, borrower.id, product);
    if (offer.status === 'withdrawn') throw new AppError(ErrorCode.NoOffer);
    if (input.periods !== product.pricing.periods) throw new AppError(ErrorCode.TermOutOfRange);
    const terms: LoanTerms = { amountMinor: input.amountMinor, termDays: input.periods * input.termUnit, couponMinor: offer.couponMinor };
    let quote: LoanQuote;
    try {
      quote = quoteLoan(product, terms);
    } catch (error) {
      termsRefusal(error);
    }
    const open = await findOrdersInStatus(tx, borrower.id, product.id, OPEN_STATUSES);
    const [existing] = open;
    if (existing) {
      if (open.length === 1 && existing.statusCode === LoanStatus.UnderReview && sameTerms(existing, terms)) return existing;
      throw new AppError(ErrorCode.OrderInProgress);
    }
    // A new loan needs no overdue one and an approved credit decision still on the borrower's facts,
    // held until the order is written (docs/decisions/141, 215).
    const overdue = overdueOrderIn(await openOrdersOf(tx, borrower.id));
    if (overdue) throw new AppError(ErrorCode.OverdueLoanBlocksBorrowing);
    const now = agreement.at;
    const credit = await rules.creditLineForOrder(tx, borrower.id, product, now);
    if (credit.kind !== 'approved') standingRefusal({ kind: 'blocked', product, reason: credit.kind, orderNo: '', credit });
    if (terms.amountMinor > credit.ceilingMinor) throw new AppError(ErrorCode.CreditAmountAboveCeiling, String(credit.ceilingMinor / 100));
    if (offer.needsNotice || terms.amountMinor !== Math.min(offer.amountMinor, credit.ceilingMinor) || terms.termDays !== offer.termDays) {
      throw new AppError(ErrorCode.OfferChanged);
    }
    const placed = await placeOrder(tx, borrower, product, terms, quote, agreement, rules.recordAgreement, drawOrderNo);
    if (placed) return placed;
    // A concurrent push won the race; if it carried these terms, this push is the same confirmation.
    const [winner] = await findOrdersInStatus(tx, borrower.id, product.id, OPEN_STATUSES);
    if (winner && sameTerms(winner, terms)) return winner;
    throw new AppError(ErrorCode.OrderInProgress);
  });
  return { lendDetailsUrl: orderDetailsUrl(order.orderNo, order.productId) };
}
