import { formatAmount, formatDate, formatDateTime, marketForLanguage, type MinorUnits } from '@lend/domain';
import type { Language } from '@lend/contracts';
import { useMemo } from 'react';
import { useLanguage } from './i18n';

export type Formatters = {
  amount: (minor: MinorUnits) => string;
  date: (date: Date) => string;
  dateTime: (date: Date) => string;
};

/** Binds the borrower's market once so no screen ever chooses a currency or time zone. */
export function formattersFor(language: Language): Formatters {
  const market = marketForLanguage(language);
  return {
    amount: (minor) => formatAmount(minor, market),
    date: (date) => formatDate(date, market),
    dateTime: (date) => formatDateTime(date, market),
  };
}

export function useFormat(): Formatters {
  const language = useLanguage();
  return useMemo(() => formattersFor(language), [language]);
}
