import type { ContractClause, Language, ProductPricing } from '@lend/contracts';
import { extensionCharge, formatAmount, formatRatePercent, LOAN_RULES, type Market, type MinorUnits } from '@lend/domain';
import {
  annualCostLine,
  annualInterestPpm,
  earlyRepaymentDay,
  lateChargeCapMinor,
  lateFeeAmounts,
  lateInterestTiersText,
  type LoanQuote,
} from '../products';
import { contractText, type ContractTextKey } from './contract-texts';

/** The late-payment clause: the fee, the daily tiers or the flat rule, and the cap. */
export function lateClauseText(language: Language, market: Market, principalMinor: MinorUnits): string {
  const rules = LOAN_RULES[market].lateCharges;
  const tiers = lateInterestTiersText(language, market);
  return [
    contractText(language, 'clause.late.fee', lateFeeAmounts(market)),
    tiers === null ? contractText(language, 'clause.late.flat') : contractText(language, 'clause.late.tiers', { tiers }),
    contractText(language, 'clause.late.cap', {
      cap: formatAmount(lateChargeCapMinor(market, principalMinor), market),
      capShare: formatRatePercent(rules.capPpmOfPrincipal),
    }),
  ].join(' ');
}

/** The early-repayment clause with the day of this loan's term from which it is allowed. */
export function earlyRepaymentClauseText(language: Language, market: Market, termDays: number): string {
  const rule = LOAN_RULES[market].earlyRepayment;
  const fromDay = earlyRepaymentDay(rule, termDays);
  if (rule.kind === 'anyTime' || fromDay === null) return contractText(language, 'clause.early.anyTime');
  return contractText(language, 'clause.early.body', {
    termShare: formatRatePercent(rule.termSharePpm),
    minDays: rule.minDaysFromDisbursal,
    fromDay,
  });
}

/** The extension clause: how many days, how often, when, and what this loan's extension costs. */
export function extensionClauseText(language: Language, pricing: ProductPricing, quote: LoanQuote): string {
  if (pricing.maxExtensions <= 0) return contractText(language, 'clause.noExtension.body');
  const { extension } = LOAN_RULES[quote.market];
  return contractText(language, 'clause.extension.body', {
    days: extension.days,
    times: pricing.maxExtensions,
    opensBefore: extension.opensDaysBeforeDue,
    closesAfter: extension.closesDaysAfterDue,
    charge: formatAmount(extensionCharge(pricing, quote.price.principalMinor, extension.days, 0), quote.market),
  });
}

export type ContractParties = { orderNo: string; company: string; userName: string; productName: string };

/**
 * The contract's clauses with this loan's own numbers. The text is stored, hashed, when the
 * borrower confirms; a draft shown before confirming is built by this same function.
 */
export function contractClauses(
  language: Language,
  parties: ContractParties,
  pricing: ProductPricing,
  quote: LoanQuote,
): ContractClause[] {
  const t = (key: ContractTextKey, values?: Parameters<typeof contractText>[2]) => contractText(language, key, values);
  const amount = (minor: number) => formatAmount(minor, quote.market);
  const { price, plan } = quote;
  const interestBody = t('clause.interest.body', {
    dailyRate: formatRatePercent(pricing.interestPerDayPpm),
    annualRate: formatRatePercent(annualInterestPpm(pricing.interestPerDayPpm)),
    interest: amount(price.interestMinor),
  });
  const discount = price.discountMinor > 0 ? ` ${t('clause.discount.body', { discount: amount(price.discountMinor) })}` : '';
  return [
    { id: 'parties', title: t('clause.parties.title'), body: t('clause.parties.body', { ...parties }) },
    {
      id: 'amount',
      title: t('clause.amount.title'),
      body: t('clause.amount.body', {
        amount: amount(price.principalMinor),
        commissionRate: formatRatePercent(pricing.commissionPpm),
        commission: amount(price.commissionMinor),
        giveAmount: amount(price.disbursalMinor),
      }),
    },
    {
      id: 'term',
      title: t('clause.term.title'),
      body: t('clause.term.body', { termDays: price.termDays, periods: price.periods, periodDays: price.periodDays }),
    },
    { id: 'interest', title: t('clause.interest.title'), body: `${interestBody}${discount}` },
    {
      id: 'tax',
      title: t('clause.tax.title'),
      body: t(quote.market === 'IN' ? 'clause.taxIn.body' : 'clause.tax.body', {
        taxRate: formatRatePercent(pricing.taxPpm),
        tax: amount(price.taxMinor),
      }),
    },
    { id: 'total', title: t('clause.total.title'), body: t('clause.total.body', { total: amount(price.totalRepayableMinor) }) },
    { id: 'cost', title: t('clause.cost.title'), body: annualCostLine(language, quote.cost) },
    {
      id: 'schedule',
      title: t('clause.schedule.title'),
      body: plan
        .map((installment) =>
          t('clause.schedule.line', {
            seq: installment.seq,
            periods: price.periods,
            amount: amount(installment.amountMinor),
            dueDay: installment.dueDay,
          }),
        )
        .join('\n'),
    },
    { id: 'late', title: t('clause.late.title'), body: lateClauseText(language, quote.market, price.principalMinor) },
    { id: 'early', title: t('clause.early.title'), body: earlyRepaymentClauseText(language, quote.market, price.termDays) },
    { id: 'extension', title: t('clause.extension.title'), body: extensionClauseText(language, pricing, quote) },
    { id: 'acceptance', title: t('clause.acceptance.title'), body: t('clause.acceptance.body') },
  ];
}
