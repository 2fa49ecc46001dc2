import { MARKET_SETTINGS, type Market } from '@lend/domain';
import type { PayoutProviderName } from './payout-config';
import type { PayoutProvider } from './payout-provider';
import { RazorpayXPayouts, type RazorpayXConfig } from './razorpayx';
import { SandboxPayoutProvider, type SandboxPayoutOptions } from './sandbox/sandbox-payout-provider';
import { StpPayouts, type StpConfig } from './stp';

/** Each market's payout provider; a market whose payouts are disabled has none, and its approved orders' payouts wait held. */
export type PayoutRails = ReadonlyMap<Market, PayoutProvider>;

/** What each rail is built from; a real rail's settings are set exactly when a market names it (the configuration sees to that). */
export type PayoutRailDeps = { sandbox: SandboxPayoutOptions; stp?: StpConfig | undefined; razorpayX?: RazorpayXConfig | undefined };

function settingsOf<T>(settings: T | undefined, name: string): T {
  if (settings === undefined) throw new Error(`The ${name} payout rail was chosen without its settings`);
  return settings;
}

/** One provider per market from its configured name (docs/decisions/152, 158): a real rail is one line here. */
export function createPayoutRails(names: Record<Market, PayoutProviderName>, deps: PayoutRailDeps): PayoutRails {
  const rails = new Map<Market, PayoutProvider>();
  for (const market of ['MX', 'IN'] as const) {
    const currency = MARKET_SETTINGS[market].currency;
    const build: Record<PayoutProviderName, () => PayoutProvider | undefined> = {
      sandbox: () => new SandboxPayoutProvider(currency, deps.sandbox),
      disabled: () => undefined,
      stp: () => new StpPayouts(settingsOf(deps.stp, 'stp')),
      razorpayx: () => new RazorpayXPayouts(settingsOf(deps.razorpayX, 'razorpayx')),
    };
    const rail = build[names[market]]();
    if (rail) rails.set(market, rail);
  }
  return rails;
}

/** The sandbox rail of a market, which tests and the demo drive; undefined on a real or disabled one. */
export function sandboxRailOf(rails: PayoutRails, market: Market): SandboxPayoutProvider | undefined {
  const rail = rails.get(market);
  return rail instanceof SandboxPayoutProvider ? rail : undefined;
}
