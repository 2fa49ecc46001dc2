import type { Language } from '@lend/contracts';

/** The two markets: pesos shown in Spanish, rupees shown in English (docs/decisions/003). */
export const MARKETS = ['MX', 'IN'] as const;
export type Market = (typeof MARKETS)[number];

export type MarketSettings = {
  currency: 'MXN' | 'INR';
  currencySign: string;
  timeZone: string;
  /** How the integer part of an amount is grouped (see docs/decisions). */
  grouping: 'thousands' | 'indian';
  /**
   * The market's tax on a loan's interest and commission, in ppm: Mexico's IVA 16 %, India's GST
   * 18 %. The rate a product charges is its own `taxPpm`; this is the market's rate the demo
   * products take and the public site quotes (docs/decisions/232).
   */
  taxPpm: number;
};

export const MARKET_SETTINGS: Record<Market, MarketSettings> = {
  MX: { currency: 'MXN', currencySign: '$', timeZone: 'America/Mexico_City', grouping: 'thousands', taxPpm: 160_000 },
  IN: { currency: 'INR', currencySign: '₹', timeZone: 'Asia/Kolkata', grouping: 'indian', taxPpm: 180_000 },
};

export function marketForLanguage(language: Language): Market {
  return language === 'en' ? 'IN' : 'MX';
}
