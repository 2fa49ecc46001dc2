import { formatAmount, formatDate, formatDateTime, formatDeduction, marketForLanguage, type Market, type MinorUnits } from '@lend/domain';
import type { Language } from '@lend/contracts';
import { useMemo } from 'react';

export type Formatters = {
  amount: (minor: MinorUnits) => string;
  /** An amount taken off, `−₹200.00`, never split across lines. */
  deduction: (minor: MinorUnits) => string;
  date: (date: Date) => string;
  dateTime: (date: Date) => string;
};

/** Binds the borrower's market once so no screen ever chooses a currency or time zone. */
export function formattersFor(language: Language): Formatters {
  return formattersForMarket(marketForLanguage(language));
}

/** A loan is shown in its own product's currency, whatever the page language. */
export function formattersForMarket(market: Market): Formatters {
  return {
    amount: (minor) => formatAmount(minor, market),
    deduction: (minor) => formatDeduction(minor, market),
    date: (date) => formatDate(date, market),
    dateTime: (date) => formatDateTime(date, market),
  };
}

export function useMarketFormat(market: Market): Formatters {
  return useMemo(() => formattersForMarket(market), [market]);
}
