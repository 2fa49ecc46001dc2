import { MARKET_SETTINGS, type Market } from '@lend/domain';
import type { PayoutProviderName } from './payout-config';
import type { PayoutProvider } from './payout-provider';
import { SandboxPayoutProvider, type SandboxPayoutOptions } from './sandbox/sandbox-payout-provider';

/** Each market's payout provider; a market whose payouts are disabled has none, and its approved orders' payouts wait held. */
export type PayoutRails = ReadonlyMap<Market, PayoutProvider>;

export type PayoutRailDeps = { sandbox: SandboxPayoutOptions };

/** One provider per market from its configured name (docs/decisions/152): a real rail is one line here. */
export function createPayoutRails(names: Record<Market, PayoutProviderName>, deps: PayoutRailDeps): PayoutRails {
  const rails = new Map<Market, PayoutProvider>();
  for (const market of ['MX', 'IN'] as const) {
    const currency = MARKET_SETTINGS[market].currency;
    if (names[market] === 'sandbox') rails.set(market, new SandboxPayoutProvider(currency, deps.sandbox));
  }
  return rails;
}

/** The sandbox rail of a market, which tests and the demo drive; undefined on a real or disabled one. */
export function sandboxRailOf(rails: PayoutRails, market: Market): SandboxPayoutProvider | undefined {
  const rail = rails.get(market);
  return rail instanceof SandboxPayoutProvider ? rail : undefined;
}
