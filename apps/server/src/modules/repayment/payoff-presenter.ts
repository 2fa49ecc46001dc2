import type { BorrowerPayoff, Language } from '@lend/contracts';
import { formatAmount, formatDeduction, formatRatePercent, LOAN_RULES, type Market } from '@lend/domain';
import type { PayoffSituation } from './payoff-service';
import { repaymentText, type RepaymentTextKey } from './repayment-texts';

/** Why early repayment must wait, in the words of the market's rule. */
function notYetText(language: Language, market: Market, reason: 'beforeShareOfTerm' | 'tooSoonAfterPayout', date: string): string {
  const rule = LOAN_RULES[market].earlyRepayment;
  if (rule.kind === 'anyTime') return '';
  return reason === 'beforeShareOfTerm'
    ? repaymentText(language, 'payoff.beforeShareOfTerm', { date, share: formatRatePercent(rule.termSharePpm) })
    : repaymentText(language, 'payoff.tooSoonAfterPayout', { date, days: rule.minDaysFromDisbursal });
}

export function borrowerPayoffView(language: Language, situation: PayoffSituation): BorrowerPayoff {
  const { order, market, today, outstandingMinor, quote } = situation;
  const amount = (minor: number) => formatAmount(minor, market);
  const t = (key: RepaymentTextKey, values?: Record<string, string | number>) => repaymentText(language, key, values);
  const base = { orderNo: order.orderNo, market, today, status: order.statusCode, outstandingMinor, title: t('payoff.title') };
  if (!quote.allowed) {
    return {
      ...base,
      allowed: false,
      payoffMinor: null,
      rebateMinor: 0,
      allowedFrom: quote.allowedFrom,
      reason: quote.reason,
      lookUpUntil: null,
      message: notYetText(language, market, quote.reason, quote.allowedFrom),
      rows: [
        { text: t('payoff.row.outstanding'), value: amount(outstandingMinor) },
        { text: t('payoff.row.allowedFrom'), value: quote.allowedFrom },
      ],
    };
  }
  return {
    ...base,
    allowed: true,
    payoffMinor: quote.payoffMinor,
    rebateMinor: quote.rebateMinor,
    allowedFrom: null,
    reason: null,
    lookUpUntil: quote.lookUpUntil,
    ...allowedPayoffTexts(language, market, { ...quote, outstandingMinor }),
  };
}

/** The look-up period exit in the borrower's words: what leaves the loan, and until when (docs/decisions/150). */
function lookUpExitTexts(
  language: Language,
  market: Market,
  exit: { payoffMinor: number; rebateMinor: number; outstandingMinor: number; lookUpUntil: string },
): { message: string; rows: { text: string; value: string }[] } {
  const amount = (minor: number) => formatAmount(minor, market);
  const t = (key: RepaymentTextKey, values?: Record<string, string | number>) => repaymentText(language, key, values);
  return {
    message: t('payoff.lookUp', { date: exit.lookUpUntil, amount: amount(exit.payoffMinor) }),
    rows: [
      { text: t('payoff.row.outstanding'), value: amount(exit.outstandingMinor) },
      ...(exit.rebateMinor > 0 ? [{ text: t('payoff.row.lookUpRebate'), value: formatDeduction(exit.rebateMinor, market) }] : []),
      { text: t('payoff.row.payoff'), value: amount(exit.payoffMinor) },
      { text: t('payoff.row.lookUpUntil'), value: exit.lookUpUntil },
    ],
  };
}

/** An allowed payoff in the borrower's words: what it settles and what is taken off. */
export function allowedPayoffTexts(
  language: Language,
  market: Market,
  payoff: { payoffMinor: number; rebateMinor: number; outstandingMinor: number; lookUpUntil: string | null },
): { message: string; rows: { text: string; value: string }[] } {
  if (payoff.lookUpUntil !== null) return lookUpExitTexts(language, market, { ...payoff, lookUpUntil: payoff.lookUpUntil });
  const amount = (minor: number) => formatAmount(minor, market);
  const t = (key: RepaymentTextKey, values?: Record<string, string | number>) => repaymentText(language, key, values);
  const values = { amount: amount(payoff.payoffMinor), rebate: amount(payoff.rebateMinor) };
  return {
    message: t(payoff.rebateMinor > 0 ? 'payoff.allowedRebate' : 'payoff.allowed', values),
    rows: [
      { text: t('payoff.row.outstanding'), value: amount(payoff.outstandingMinor) },
      ...(payoff.rebateMinor > 0 ? [{ text: t('payoff.row.rebate'), value: formatDeduction(payoff.rebateMinor, market) }] : []),
      { text: t('payoff.row.payoff'), value: amount(payoff.payoffMinor) },
    ],
  };
}
