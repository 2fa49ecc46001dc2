import { LoanStatus } from '@lend/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { coolingOffDays, extensionAllowed, extensionCharge, lateChargeAccrual, LOAN_RULES, type LateChargeInput } from './loan-rules';
import { MARKETS, type Market } from './market';
import { fourPeriodPricing } from './worked-example.test-helper';

type Schedule = Omit<LateChargeInput, 'feeCharged' | 'accruedMinor' | 'through'>;

/**
 * The late-payment figures as the published terms state them, in the terms' own units (whole
 * currency, percent a day): read from the text, not from LOAN_RULES, so the engine is checked
 * against what a borrower is told.
 */
const PUBLISHED = {
  MX: { fee: { newClient: 200, repeatClient: 160 }, percentOnDay: (day: number) => (day <= 30 ? 5 : day <= 90 ? 4 : 2) },
  IN: { fee: { newClient: 1_000, repeatClient: 800 }, percentOnDay: () => 0 },
} as const;

/** Late charges read straight off the terms: the fee once, then each late day's percent of each unpaid amount, capped at the principal. */
function chargesAsPublished(market: Market, input: Schedule): number {
  const terms = PUBLISHED[market];
  let total = 0;
  let feeCharged = false;
  const first = input.installments.reduce((earliest, i) => (i.dueDate < earliest ? i.dueDate : earliest), input.today);
  for (let date = addDays(first, 1); date <= input.today; date = addDays(date, 1)) {
    for (const installment of input.installments) {
      if (installment.unpaidMinor <= 0 || installment.dueDate >= date) continue;
      if (!feeCharged) {
        total += 100 * (input.repeatClient ? terms.fee.repeatClient : terms.fee.newClient);
        feeCharged = true;
      }
      let day = 0;
      for (let d = installment.dueDate; d < date; d = addDays(d, 1)) day += 1;
      // Half a minor unit rounds up.
      total += Math.floor((2 * installment.unpaidMinor * terms.percentOnDay(day) + 100) / 200);
    }
  }
  return Math.min(total, input.principalMinor);
}

const start = '2027-01-01';
const market = fc.constantFrom<Market>(...MARKETS);
const schedule = fc
  .record({
    principalMinor: fc.integer({ min: 100_000, max: 5_000_000 }),
    repeatClient: fc.boolean(),
    installments: fc.array(fc.record({ dueOffset: fc.integer({ min: 0, max: 120 }), unpaidMinor: fc.integer({ min: 0, max: 2_000_000 }) }), {
      minLength: 1,
      maxLength: 4,
    }),
    days: fc.integer({ min: 0, max: 200 }),
  })
  .map(({ installments, days, ...rest }) => ({
    ...rest,
    installments: installments.map((i) => ({ dueDate: addDays(start, i.dueOffset), unpaidMinor: i.unpaidMinor })),
    today: addDays(start, days),
  }));

/** Accrues from nothing in consecutive runs ending on each of `stops`, then on `today`, carrying the clock's state between runs. */
function accrueInRuns(m: Market, s: Schedule, stops: readonly string[]): number {
  let accrued = 0;
  let feeCharged = false;
  let through: string | null = null;
  for (const stop of [...stops, s.today]) {
    const { feeMinor, interestMinor } = lateChargeAccrual(LOAN_RULES[m].lateCharges, { ...s, feeCharged, accruedMinor: accrued, through, today: stop });
    accrued += feeMinor + interestMinor;
    feeCharged ||= feeMinor > 0;
    through = stop;
  }
  return accrued;
}

describe('LOAN_RULES', () => {
  it('states the published figures: fees, Mexico’s tiers, India’s flat charge, cap, early repayment and extension', () => {
    expect(LOAN_RULES.MX.lateCharges).toEqual({
      lateFeeMinor: { newClient: 20_000, repeatClient: 16_000 },
      dailyInterestTiers: [
        { fromDay: 1, ppm: 50_000 },
        { fromDay: 31, ppm: 40_000 },
        { fromDay: 91, ppm: 20_000 },
      ],
      capPpmOfPrincipal: 1_000_000,
    });
    expect(LOAN_RULES.IN.lateCharges).toEqual({ lateFeeMinor: { newClient: 100_000, repeatClient: 80_000 }, dailyInterestTiers: [], capPpmOfPrincipal: 1_000_000 });
    for (const m of MARKETS) {
      expect(LOAN_RULES[m].earlyRepayment).toEqual({ kind: 'afterShareOfTerm', termSharePpm: 500_000, minDaysFromDisbursal: 7 });
      expect(LOAN_RULES[m].extension).toEqual({ days: 7, opensDaysBeforeDue: 3, closesDaysAfterDue: 30 });
    }
  });
});

describe('lateChargeAccrual', () => {
  const mx = LOAN_RULES.MX.lateCharges;
  const base = { principalMinor: 500_000, repeatClient: false, feeCharged: false, accruedMinor: 0, through: null };

  it('charges the fee once the order is late, and each late day at its tier (worked example)', () => {
    // 1,347.00 due 2027-01-31, late 31 days on 2027-03-03: fee 200.00; 30 days × 5% (67.35)
    // = 2,020.50; day 31 at 4% (53.88). In all 2,274.38, within the principal 5,000.00.
    const installments = [{ dueDate: '2027-01-31', unpaidMinor: 134_700 }];
    expect(lateChargeAccrual(mx, { ...base, installments, today: '2027-01-31' })).toEqual({ feeMinor: 0, interestMinor: 0 });
    expect(lateChargeAccrual(mx, { ...base, installments, today: '2027-03-03' })).toEqual({ feeMinor: 20_000, interestMinor: 202_050 + 5_388 });
    // The next day, the fee already charged: one day at 4%.
    expect(lateChargeAccrual(mx, { ...base, installments, feeCharged: true, accruedMinor: 227_438, through: '2027-03-03', today: '2027-03-04' })).toEqual({
      feeMinor: 0,
      interestMinor: 5_388,
    });
    // A repeat client's fee is 160.00; from day 91 it is 2% a day (26.94).
    expect(lateChargeAccrual(mx, { ...base, installments, repeatClient: true, through: '2027-05-01', today: '2027-05-02' })).toEqual({
      feeMinor: 16_000,
      interestMinor: 2_694,
    });
  });

  it('charges India the flat fee only, and nothing more on later days', () => {
    const installments = [{ dueDate: '2027-01-31', unpaidMinor: 1_000_000 }];
    const rules = LOAN_RULES.IN.lateCharges;
    expect(lateChargeAccrual(rules, { ...base, principalMinor: 2_000_000, installments, today: '2027-04-30' })).toEqual({ feeMinor: 100_000, interestMinor: 0 });
    expect(lateChargeAccrual(rules, { ...base, principalMinor: 2_000_000, installments, feeCharged: true, through: '2027-04-30', today: '2027-06-30' })).toEqual({
      feeMinor: 0,
      interestMinor: 0,
    });
  });

  it('stops at the principal in all', () => {
    const installments = [{ dueDate: '2027-01-31', unpaidMinor: 538_800 }];
    expect(lateChargeAccrual(mx, { ...base, installments, accruedMinor: 490_000, feeCharged: true, through: '2027-05-01', today: '2027-05-10' })).toEqual({
      feeMinor: 0,
      interestMinor: 10_000,
    });
  });

  it('charges over any split of the days what it charges over the whole range', () => {
    fc.assert(
      fc.property(market, schedule, fc.array(fc.integer({ min: 0, max: 200 }), { maxLength: 6 }), (m, s, offsets) => {
        const stops = [...new Set(offsets)].sort((a, b) => a - b).map((d) => addDays(start, d)).filter((d) => d <= s.today);
        expect(accrueInRuns(m, s, stops)).toBe(accrueInRuns(m, s, []));
      }),
    );
  });

  it('never takes the late charges past the cap, and India never charges daily interest', () => {
    fc.assert(
      fc.property(market, schedule, fc.integer({ min: 0, max: 6_000_000 }), fc.boolean(), (m, s, accruedMinor, feeCharged) => {
        const accrual = lateChargeAccrual(LOAN_RULES[m].lateCharges, { ...s, accruedMinor, feeCharged, through: null });
        expect(accrual.feeMinor).toBeGreaterThanOrEqual(0);
        expect(accrual.interestMinor).toBeGreaterThanOrEqual(0);
        expect(accrual.feeMinor + accrual.interestMinor).toBeLessThanOrEqual(Math.max(0, s.principalMinor - accruedMinor));
        if (m === 'IN') expect(accrual.interestMinor).toBe(0);
      }),
    );
  });

  it('charges for a schedule exactly what the published terms say for its market', () => {
    fc.assert(
      fc.property(market, schedule, (m, s) => {
        const { feeMinor, interestMinor } = lateChargeAccrual(LOAN_RULES[m].lateCharges, { ...s, feeCharged: false, accruedMinor: 0, through: null });
        expect(feeMinor + interestMinor).toBe(chargesAsPublished(m, s));
      }),
    );
  });
});

describe('extensionCharge', () => {
  it("costs the extension days' interest with its IVA, plus the late charges owed", () => {
    // 7 days × 0.05% on $5,000.00 = 17.50; IVA 16% = 2.80; late charges 40.41 → 60.71
    expect(extensionCharge(fourPeriodPricing, 500_000, LOAN_RULES.MX.extension.days, 4_041)).toBe(1_750 + 280 + 4_041);
  });
});

describe('extensionAllowed', () => {
  const rules = LOAN_RULES.MX.extension;
  const request = { status: LoanStatus.Due, extensionsUsed: 0, maxExtensions: 1, dueDate: '2027-03-10', today: '2027-03-10' };

  it('opens 3 days before the due date and closes 30 days after it', () => {
    expect(extensionAllowed(rules, { ...request, status: LoanStatus.Disbursed, today: '2027-03-06' })).toEqual({ allowed: false, reason: 'tooEarly' });
    expect(extensionAllowed(rules, { ...request, status: LoanStatus.Disbursed, today: '2027-03-07' })).toEqual({ allowed: true });
    expect(extensionAllowed(rules, request)).toEqual({ allowed: true });
    expect(extensionAllowed(rules, { ...request, status: LoanStatus.Overdue, today: '2027-04-09' })).toEqual({ allowed: true });
    expect(extensionAllowed(rules, { ...request, status: LoanStatus.Overdue, today: '2027-04-10' })).toEqual({ allowed: false, reason: 'tooLate' });
  });

  it('refuses an order not repaying, and one whose allowance is used up', () => {
    for (const status of [LoanStatus.UnderReview, LoanStatus.Disbursing, LoanStatus.Rejected, LoanStatus.Settled]) {
      expect(extensionAllowed(rules, { ...request, status })).toEqual({ allowed: false, reason: 'status' });
    }
    expect(extensionAllowed(rules, { ...request, extensionsUsed: 1 })).toEqual({ allowed: false, reason: 'used' });
    expect(extensionAllowed(rules, { ...request, maxExtensions: 0 })).toEqual({ allowed: false, reason: 'used' });
  });
});

describe('coolingOffDays', () => {
  it('gives India three days, one for a loan shorter than seven days, and Mexico none', () => {
    expect(coolingOffDays('IN', 91)).toBe(3);
    expect(coolingOffDays('IN', 7)).toBe(3);
    expect(coolingOffDays('IN', 6)).toBe(1);
    expect(coolingOffDays('MX', 91)).toBeNull();
  });
});
