import { CardRepaymentStatus, ErrorCode, HashRoute, type Language } from '@lend/contracts';
import { MARKET_SETTINGS } from '@lend/domain';
import { AppError } from '../../errors';
import type { CardDeps } from './card-deps';
import { insertRepayment } from './card-repayment-repository';
import { termsWithRoomFor } from './charge-room';
import { closeIfCharging } from './charge-service';
import { newRecordNo } from './repay-token';

export type RedirectInput = {
  borrowerId: number;
  /** The `userId` the body names: it must be the session's. */
  userId: number;
  orderNo: string;
  amountMinor: number;
  /** The common query the request came with, so the borrower returns to the detail page in the same session. */
  returnQuery: Record<string, string>;
  /** The borrower's language: the checkout page is shown in it. */
  language: Language;
};

/** The borrow-detail page the checkout sends the borrower back to, paid or not. */
function returnUrl(query: Record<string, string>, orderNo: string, recordNo: string): string {
  return `/#${HashRoute.borrowDetail}?${new URLSearchParams({ ...query, orderId: orderNo, repayRecordId: recordNo }).toString()}`;
}

/**
 * `repayment-huichao`: a redirect (alipay-style) payment. The record is committed `charging` before
 * the provider is asked for a checkout; a checkout that could not be opened fails the record (no
 * page exists, so nothing can be paid). The provider's signed notification settles it.
 */
export async function startRedirectPayment(deps: CardDeps, input: RedirectInput): Promise<{ url: string; repayRecordId: string }> {
  if (input.userId !== input.borrowerId) throw new AppError(ErrorCode.SessionUserMismatch);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const terms = await termsWithRoomFor(tx, input.borrowerId, input.orderNo, input.amountMinor, now);
    // The order's market chooses the checkout (docs/decisions/124); refused here, nothing is written.
    const redirect = deps.rails.forMarket(terms.market).redirect;
    if (!redirect || redirect.name === 'disabled') throw new AppError(ErrorCode.CardProviderUnavailable);
    const created = await insertRepayment(tx, {
      recordNo: newRecordNo(),
      orderId: terms.orderId,
      borrowerId: input.borrowerId,
      tokenId: null,
      method: 'redirect',
      cardId: null,
      provider: redirect.name,
      amountMinor: input.amountMinor,
      status: CardRepaymentStatus.Charging,
      createdAt: now,
      chargeStartedAt: now,
    });
    return { created, currency: MARKET_SETTINGS[terms.market].currency, redirect };
  });
  const { redirect } = row;
  try {
    // The checkout is found again by its merchant reference (our record), so its id is not kept.
    const checkout = await redirect.createCheckout({
      merchantReference: row.created.recordNo,
      amountMinor: input.amountMinor,
      currency: row.currency,
      returnUrl: returnUrl(input.returnQuery, input.orderNo, row.created.recordNo),
      language: input.language,
    });
    return { url: checkout.url, repayRecordId: row.created.recordNo };
  } catch (error) {
    await closeIfCharging(deps, row.created.id, CardRepaymentStatus.Failed);
    deps.log.error({ err: error, repaymentId: row.created.id, provider: redirect.name }, 'redirect checkout not opened');
    throw new AppError(ErrorCode.CardProviderUnavailable);
  }
}
