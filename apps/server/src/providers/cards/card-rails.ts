import type { Market } from '@lend/domain';
import type { CardProvider, RedirectPaymentProvider } from './card-provider';

/** One market's card provider and its redirect checkout; none offered when the market takes no cards. */
export type MarketCards = { card: CardProvider; redirect: RedirectPaymentProvider | undefined };

/**
 * Each market's card provider (docs/decisions/124). A new payment goes to its market's provider;
 * a saved card or a record already made goes back to the provider that issued or took it, by the
 * name it carries, so changing a market's provider never sends a token to a provider that did not issue it.
 */
export class CardRails {
  constructor(private readonly markets: Record<Market, MarketCards>) {}

  forMarket(market: Market): MarketCards {
    return this.markets[market];
  }

  /** Whether a market takes card payments at all: a `disabled` provider takes none (docs/decisions/111). */
  takesCards(market: Market): boolean {
    return this.markets[market].card.name !== 'disabled';
  }

  /** The card provider a saved card or a record names, if a market still uses it. */
  cardNamed(name: string): CardProvider | undefined {
    return Object.values(this.markets).find((pair) => pair.card.name === name)?.card;
  }

  /** The redirect checkout a record names, if a market still uses it. */
  redirectNamed(name: string): RedirectPaymentProvider | undefined {
    return Object.values(this.markets).find((pair) => pair.redirect?.name === name)?.redirect;
  }
}
