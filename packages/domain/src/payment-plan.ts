import { DAYS_PER_YEAR, periodicRate, type CashFlow } from './annual-cost';
import { assertBalance, installmentRemaining, type OrderBalance } from './balance';
import { addDays, daysBetween, type IsoDate } from './dates';
import type { Market } from './market';
import { MoneyError, type MinorUnits } from './money';

/**
 * Payment plans (docs/decisions/250): a late loan's debt re-scheduled into N installments, no new
 * interest. Late charges are waived (taken off) or frozen (kept, paid first, none added while the
 * plan is in force), as the product's collections policy says.
 */
export type PlanLateCharges = 'waive' | 'freeze';
export type PlanEvery = 'week' | 'fortnight';
export const PLAN_EVERY_DAYS: Readonly<Record<PlanEvery, number>> = { week: 7, fortnight: 14 };

/** One installment of a plan: what the borrower pays on its day, and the parts of the debt it pays, in the allocation's order. */
export type PlanInstallment = {
  seq: number;
  dueDate: IsoDate;
  amountMinor: MinorUnits;
  /** Frozen late charges it pays first (they stay owed on the order, as the clock accrued them). */
  lateChargesMinor: MinorUnits;
  taxMinor: MinorUnits;
  interestMinor: MinorUnits;
  principalMinor: MinorUnits;
};

export type PlanSchedule = {
  installments: PlanInstallment[];
  /** Everything the plan collects: its installments' sum. */
  totalMinor: MinorUnits;
  /** Late charges taken off by the plan (waive), or kept in it (freeze). */
  waivedLateChargesMinor: MinorUnits;
  frozenLateChargesMinor: MinorUnits;
};

export type PlanTerms = { count: number; every: PlanEvery; firstDueDate: IsoDate; lateCharges: PlanLateCharges };

/**
 * The plan of an order that owes `balance` (docs/decisions/250): what remains of every installment
 * (principal, interest, tax: no new interest), plus the late charges when frozen, split into
 * `count` equal installments in minor units, the remainder of the division on the last; every
 * `every` from `firstDueDate`. Each installment's parts are taken in the order a payment pays
 * them (late charges first, then the old installments oldest first, tax, interest, principal:
 * docs/decisions/070), so paying each plan installment on its day clears exactly its parts.
 */
export function planSchedule(balance: OrderBalance, terms: PlanTerms): PlanSchedule {
  assertBalance(balance);
  if (!Number.isSafeInteger(terms.count) || terms.count < 1) throw new MoneyError(`a plan needs a whole number of installments, got ${terms.count}`);
  const frozen = terms.lateCharges === 'freeze' ? balance.lateChargesMinor : 0;
  const queue: { part: 'lateChargesMinor' | 'taxMinor' | 'interestMinor' | 'principalMinor'; minor: MinorUnits }[] = [{ part: 'lateChargesMinor', minor: frozen }];
  for (const old of balance.installments) {
    queue.push({ part: 'taxMinor', minor: old.taxMinor }, { part: 'interestMinor', minor: old.interestMinor }, { part: 'principalMinor', minor: old.principalMinor });
  }
  const totalMinor = frozen + balance.installments.reduce((sum, old) => sum + installmentRemaining(old), 0);
  if (totalMinor < terms.count) throw new MoneyError(`${totalMinor} cannot be split into ${terms.count} installments`);
  const base = Math.floor(totalMinor / terms.count);
  const installments: PlanInstallment[] = [];
  for (let index = 0; index < terms.count; index += 1) {
    const amountMinor = index === terms.count - 1 ? totalMinor - base * (terms.count - 1) : base;
    const installment: PlanInstallment = {
      seq: index + 1,
      dueDate: addDays(terms.firstDueDate, index * PLAN_EVERY_DAYS[terms.every]),
      amountMinor,
      lateChargesMinor: 0,
      taxMinor: 0,
      interestMinor: 0,
      principalMinor: 0,
    };
    let left = amountMinor;
    for (const item of queue) {
      if (left === 0) break;
      const take = Math.min(left, item.minor);
      installment[item.part] += take;
      item.minor -= take;
      left -= take;
    }
    installments.push(installment);
  }
  return { installments, totalMinor, waivedLateChargesMinor: balance.lateChargesMinor - frozen, frozenLateChargesMinor: frozen };
}

/**
 * The plan's all-in annual cost as each market states it (docs/decisions/250): the debt owed today
 * as what the borrower holds on day 0 and each installment on its day; Mexico's CAT without IVA,
 * compounded, India's APR with taxes, simple. A plan adds no interest, so it states 0.0%: the rate
 * of the flows that remain.
 */
export function planAnnualCost(market: Market, schedule: PlanSchedule, today: IsoDate): { kind: 'CAT' | 'APR'; rate: number } {
  const withTax = market === 'IN';
  const paid = (i: PlanInstallment) => (withTax ? i.amountMinor : i.amountMinor - i.taxMinor);
  const flows: CashFlow[] = [
    { day: 0, amountMinor: schedule.installments.reduce((sum, i) => sum + paid(i), 0) },
    ...schedule.installments.map((i) => ({ day: daysBetween(today, i.dueDate), amountMinor: -paid(i) })),
  ];
  const periodDays = Math.max(1, daysBetween(today, schedule.installments[0]?.dueDate ?? today));
  const rate = periodicRate(flows, periodDays);
  const annual = withTax ? rate * (DAYS_PER_YEAR / periodDays) : Math.pow(1 + rate, DAYS_PER_YEAR / periodDays) - 1;
  // The bisection's last digits are noise: a plan without interest states exactly 0.
  return { kind: withTax ? 'APR' : 'CAT', rate: Math.abs(annual) < 1e-9 ? 0 : annual };
}
