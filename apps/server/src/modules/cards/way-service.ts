import { CardLimits, type RepaymentWayData } from '@lend/contracts';
import { cardPaymentTerms } from '../repayment/index';
import type { CardDeps } from './card-deps';
import { bankCardView } from './card-texts';
import { insertRepayToken } from './repay-token-repository';
import { newRepayToken, repayTokenHash } from './repay-token';
import { listLiveCards } from './saved-card-repository';

/**
 * The card screen's listing of one of the borrower's repaying orders (spec §3 'Repayment way
 * response'): its saved cards, whether the redirect checkout is offered, what to pay, and a fresh
 * token that one commit may use within its lifetime.
 */
export async function repaymentWay(deps: CardDeps, borrowerId: number, orderNo: string): Promise<RepaymentWayData> {
  const now = deps.now();
  const terms = await cardPaymentTerms(deps.db, borrowerId, orderNo, now);
  const repayToken = newRepayToken();
  await insertRepayToken(deps.db, {
    tokenHash: repayTokenHash(repayToken),
    orderId: terms.orderId,
    borrowerId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CardLimits.repayTokenTtlMs),
  });
  const cards = await listLiveCards(deps.db, borrowerId);
  return {
    alipay: deps.redirect ? 1 : 0,
    repayToken,
    bankCards: cards.map(bankCardView),
    orderId: terms.orderNo,
    productName: terms.productName,
    market: terms.market,
    amount: terms.amountMinor,
    maxAmount: terms.maxAmountMinor,
  };
}
