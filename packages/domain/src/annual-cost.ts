import type { Market } from './market';
import type { Installment, LoanPrice } from './pricing';

/** Money between lender and borrower on a day of the loan: positive to the borrower, negative from them. */
export type CashFlow = { day: number; amountMinor: number };

/** Days in the year both rates annualise over: the calendar year of the loan terms. */
export const DAYS_PER_YEAR = 365;

/**
 * The borrower's cash flows: the amount received on day 0, then each installment on its day.
 * `withTax: false` leaves the IVA out of the installments (CAT is stated without IVA).
 */
export function loanCashFlows(price: LoanPrice, plan: readonly Installment[], withTax: boolean): CashFlow[] {
  return [
    { day: 0, amountMinor: price.disbursalMinor },
    ...plan.map((installment) => ({
      day: installment.dueDay,
      amountMinor: -(withTax ? installment.amountMinor : installment.amountMinor - installment.taxMinor),
    })),
  ];
}

function presentValue(flows: readonly CashFlow[], rate: number, periodDays: number): number {
  return flows.reduce((sum, flow) => sum + flow.amountMinor / Math.pow(1 + rate, flow.day / periodDays), 0);
}

/**
 * The rate per period of `periodDays` at which the flows' present value is zero (their IRR),
 * found by bisection. Flows start with money to the borrower and are repaid after, so the
 * present value rises with the rate.
 */
export function periodicRate(flows: readonly CashFlow[], periodDays: number): number {
  let low = -0.999_999;
  let high = 1;
  while (presentValue(flows, high, periodDays) < 0) {
    high *= 2;
    if (high > 1e9) throw new RangeError('cash flows have no finite rate');
  }
  if (presentValue(flows, low, periodDays) > 0) throw new RangeError('cash flows repay less than nothing');
  for (let i = 0; i < 200 && high - low > 1e-15; i += 1) {
    const middle = (low + high) / 2;
    if (presentValue(flows, middle, periodDays) < 0) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

/**
 * CAT (Banco de México): the annual rate that equates what the borrower receives with what
 * they pay, without IVA, compounding the period rate over the periods in a year.
 */
export function costoAnualTotal(price: LoanPrice, plan: readonly Installment[]): number {
  const rate = periodicRate(loanCashFlows(price, plan, false), price.periodDays);
  return Math.pow(1 + rate, DAYS_PER_YEAR / price.periodDays) - 1;
}

/**
 * APR (RBI Key Facts Statement): the IRR of the net amount disbursed against every payment,
 * taxes included, per period, times the periods in a year.
 */
export function annualPercentageRate(price: LoanPrice, plan: readonly Installment[]): number {
  const rate = periodicRate(loanCashFlows(price, plan, true), price.periodDays);
  return rate * (DAYS_PER_YEAR / price.periodDays);
}

export type AnnualCost = { kind: 'CAT' | 'APR'; rate: number };

/** The all-in annual cost each market's borrowers are shown: CAT in Mexico, APR in India. */
export function annualCost(market: Market, price: LoanPrice, plan: readonly Installment[]): AnnualCost {
  return market === 'MX'
    ? { kind: 'CAT', rate: costoAnualTotal(price, plan) }
    : { kind: 'APR', rate: annualPercentageRate(price, plan) };
}
