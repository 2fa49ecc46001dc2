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
};

export const MARKET_SETTINGS: Record<Market, MarketSettings> = {
  MX: { currency: 'MXN', currencySign: '$', timeZone: 'America/Mexico_City', grouping: 'thousands' },
  IN: { currency: 'INR', currencySign: '₹', timeZone: 'Asia/Kolkata', grouping: 'indian' },
};

export function marketForLanguage(language: Language): Market {
  return language === 'en' ? 'IN' : 'MX';
}
