import { CardLimits, ErrorCode, type RepaymentWayData } from '@lend/contracts';
import { AppError } from '../../errors';
import { bankCardView, liveCardsOf } from '../cards';
import type { CardDeps } from './card-deps';
import { cardRoom, type CardRefusal } from './charge-room';
import { insertRepayToken } from './repay-token-repository';
import { newRepayToken, repayTokenHash } from './repay-token';

/** The listing before its words: why nothing may be paid now is a code the presenter words. */
export type RepaymentWay = Omit<RepaymentWayData, 'unavailable'> & { unavailable: CardRefusal | null };

/**
 * The card screen's listing of one of the borrower's repaying orders: its saved cards, whether the
 * redirect checkout is offered, what to pay and the most a payment may be today (the same room a
 * charge is checked against, docs/decisions/233), and a fresh token that one commit may use within
 * its lifetime.
 */
export async function repaymentWay(deps: CardDeps, borrowerId: number, orderNo: string): Promise<RepaymentWay> {
  const now = deps.now();
  const terms = await cardRoom(deps.db, borrowerId, orderNo, now);
  const market = deps.rails.forMarket(terms.market);
  // A market whose cards are disabled takes none, whatever the other market does (docs/decisions/111, 124).
  if (market.card.name === 'disabled') throw new AppError(ErrorCode.CardProviderUnavailable);
  const repayToken = newRepayToken();
  await insertRepayToken(deps.db, {
    tokenHash: repayTokenHash(repayToken),
    orderId: terms.orderId,
    borrowerId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CardLimits.repayTokenTtlMs),
  });
  // Only cards the market's provider issued can be charged through it.
  const cards = (await liveCardsOf(deps.db, borrowerId)).filter((card) => card.provider === market.card.name);
  return {
    alipay: market.redirect ? 1 : 0,
    addCard: market.card.cardsOnItsOwnPage ? 0 : 1,
    repayToken,
    bankCards: cards.map(bankCardView),
    orderId: terms.orderNo,
    productName: terms.productName,
    market: terms.market,
    amount: terms.offerMinor,
    maxAmount: terms.maxMinor,
    unavailable: terms.unavailable,
    earlyRepaymentFrom: terms.payable.earlyRepaymentFrom,
  };
}
