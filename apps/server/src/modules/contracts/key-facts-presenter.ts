import { createHash } from 'node:crypto';
import type { CompanyFacts, KeyFactsBody, KeyFactsCharge, Language, ProductPricing } from '@lend/contracts';
import { coolingOffDays, dueDatesFrom, formatAnnualRate, formatRatePercent, type IsoDate } from '@lend/domain';
import { annualInterestPpm, type LoanQuote } from '../products';
import { earlyRepaymentClauseText, extensionClauseText, lateClauseText } from './contract-clauses';
import { keyFactsText, type KeyFactsTextKey } from './key-facts-texts';

export type KeyFactsParties = { orderNo: string; borrowerName: string; productName: string; company: CompanyFacts | undefined };

/** The lender's facts as the statement names them; a deployment without them shows blanks rather than failing a loan. */
function lenderOf(company: CompanyFacts | undefined): KeyFactsBody['lender'] {
  return {
    name: company?.name ?? '',
    address: company?.address ?? '',
    cin: company?.cin ?? '',
    nbfcNumber: company?.nbfcNumber ?? '',
    site: company?.site ?? '',
    email: company?.email ?? '',
    phone: company?.phone ?? '',
  };
}

/**
 * The Key Facts Statement of a loan in one language (docs/decisions/143), every figure taken from
 * the engine's quote: the one the confirmation shows and the contract states. `issuedOn` dates it
 * and the schedule, as if paid out that day. The same function writes the draft shown before
 * confirming and the statement stored, hashed, with the contract.
 */
export function keyFactsBody(language: Language, parties: KeyFactsParties, pricing: ProductPricing, quote: LoanQuote, issuedOn: IsoDate): KeyFactsBody {
  const t = (key: KeyFactsTextKey, values?: Parameters<typeof keyFactsText>[2]) => keyFactsText(language, key, values);
  const { price, plan, market } = quote;
  const lender = lenderOf(parties.company);
  const coolingOff = coolingOffDays(market, price.termDays) ?? 0;
  const charges: KeyFactsCharge[] = [
    { id: 'processingFee', name: t('charge.processingFee', { rate: formatRatePercent(pricing.commissionPpm) }), amount: price.commissionMinor, payable: t('payable.atPayout') },
    ...(price.discountMinor > 0
      ? [{ id: 'interestDiscount' as const, name: t('charge.interestDiscount'), amount: -price.discountMinor, payable: t('payable.offInterest') }]
      : []),
    { id: 'gst', name: t('charge.gst', { rate: formatRatePercent(pricing.taxPpm) }), amount: price.taxMinor, payable: t('payable.withRepayments') },
  ];
  // India's grievance redressal officer as the market's facts name them (docs/decisions/230).
  const company = parties.company;
  const grievance = company
    ? { officer: company.complaintsOfficer, email: company.complaintsEmail, phone: company.complaintsPhone, address: company.complaintsAddress }
    : { officer: t('officer', { company: lender.name }), email: '', phone: '', address: '' };
  const dates = dueDatesFrom(plan, issuedOn);
  return {
    orderNo: parties.orderNo,
    language,
    issuedOn,
    lender,
    borrowerName: parties.borrowerName,
    productName: parties.productName,
    loanAmount: price.principalMinor,
    termDays: price.termDays,
    periods: price.periods,
    periodDays: price.periodDays,
    interestRate: t('rate.body', {
      dailyRate: formatRatePercent(pricing.interestPerDayPpm),
      annualRate: formatRatePercent(annualInterestPpm(pricing.interestPerDayPpm)),
    }),
    interest: price.interestMinor,
    charges,
    netDisbursed: price.disbursalMinor,
    totalRepayable: price.totalRepayableMinor,
    apr: formatAnnualRate(quote.cost.rate),
    lateCharges: lateClauseText(language, market, price.principalMinor),
    coolingOffDays: coolingOff,
    grievance,
    items: [
      { id: 'coolingOff', title: t('item.coolingOff.title'), body: t('item.coolingOff.body', { days: coolingOff }) },
      { id: 'early', title: t('item.early.title'), body: earlyRepaymentClauseText(language, market, price.termDays) },
      { id: 'extension', title: t('item.extension.title'), body: extensionClauseText(language, pricing, quote) },
      { id: 'recovery', title: t('item.recovery.title'), body: t('item.recovery.body') },
      { id: 'grievance', title: t('item.grievance.title'), body: t('item.grievance.body', { email: grievance.email, phone: grievance.phone, address: grievance.address }) },
    ],
    schedule: plan.map((installment, index) => ({
      seq: installment.seq,
      dueDate: dates[index] ?? '',
      dueDay: installment.dueDay,
      principal: installment.principalMinor,
      interest: installment.interestMinor,
      tax: installment.taxMinor,
      amount: installment.amountMinor,
    })),
  };
}

/** A statement's stored text and the hash the signature evidence keeps of it. */
export function keyFactsRecord(body: KeyFactsBody): { keyFactsText: string; keyFactsSha256: string } {
  const text = JSON.stringify(body);
  return { keyFactsText: text, keyFactsSha256: createHash('sha256').update(text).digest('hex') };
}
