import type { CreditOutcome, CreditPolicy } from '@lend/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageInYears, decideCredit, SCORECARD_VERSION, type ScorecardInputs } from './credit-scorecard';

const policy: CreditPolicy = {
  minAgeYears: 18,
  maxAgeYears: 70,
  minMonthlyIncomeMinor: 600_000,
  maxDebtToIncomePpm: 500_000,
  ceilingIncomePpm: 300_000,
  ceilingBonusPerOnTimeLoanPpm: 100_000,
  amountStepMinor: 10_000,
  seriousLatenessDays: 30,
  approveFromPoints: 60,
  referFromPoints: 40,
  reapplyAfterDays: 30,
};

const steady: ScorecardInputs = {
  dateOfBirth: '1990-05-14',
  decidedOn: '2026-11-26',
  monthlyIncomeMinor: 2_000_000,
  declaredMonthlyDebtsMinor: 200_000,
  identityVerified: true,
  duplicateIdentity: false,
  sharedPayoutAccount: false,
  history: { settledOnTime: 0, worstDaysLate: 0, overdueNow: false },
  product: { minAmountMinor: 100_000, maxAmountMinor: 1_000_000, maxTermDays: 120 },
  policy,
};

describe('the credit scorecard', () => {
  it('approves a steady earner with a ceiling of their income share, rounded down to the step', () => {
    const decision = decideCredit(steady);
    expect(decision.outcome).toBe('approved');
    expect(decision.reasons).toEqual([]);
    // 30% of 20,000.00 is 6,000.00.
    expect(decision.amountCeilingMinor).toBe(600_000);
    expect(decision.reapplyOn).toBeNull();
    expect(decision.version).toBe(SCORECARD_VERSION);
    expect(decision.factors.map((factor) => factor.factor)).toEqual(['age', 'income', 'debt_burden', 'repayment_history']);
  });

  it('raises the ceiling with loans repaid on time, never above the product', () => {
    expect(decideCredit({ ...steady, history: { settledOnTime: 2, worstDaysLate: 0, overdueNow: false } }).amountCeilingMinor).toBe(1_000_000);
    expect(decideCredit({ ...steady, monthlyIncomeMinor: 1_000_000, history: { settledOnTime: 1, worstDaysLate: 0, overdueNow: false } }).amountCeilingMinor).toBe(400_000);
  });

  it('declines with every hard reason that applies and a date to apply again', () => {
    const decision = decideCredit({
      ...steady,
      dateOfBirth: '2009-01-01',
      identityVerified: false,
      monthlyIncomeMinor: 500_000,
      declaredMonthlyDebtsMinor: 400_000,
      history: { settledOnTime: 0, worstDaysLate: 45, overdueNow: true },
    });
    expect(decision.outcome).toBe('declined');
    expect(decision.reasons).toEqual(['under_age', 'identity_unverified', 'income_below_minimum', 'debt_burden_too_high', 'overdue_loan', 'serious_past_lateness']);
    expect(decision.amountCeilingMinor).toBeNull();
    expect(decision.reapplyOn).toBe('2026-12-26');
  });

  it('declines a borrower the longest term would take past the maximum age', () => {
    expect(decideCredit({ ...steady, dateOfBirth: '1956-02-01' }).reasons).toEqual(['over_age']);
    expect(decideCredit({ ...steady, dateOfBirth: '1956-04-01' }).reasons).toEqual([]);
  });

  it('declines when the income allows less than the smallest loan', () => {
    const decision = decideCredit({ ...steady, monthlyIncomeMinor: 600_000, product: { ...steady.product, minAmountMinor: 200_000 } });
    expect(decision.outcome).toBe('declined');
    expect(decision.reasons).toEqual(['ceiling_below_product_minimum']);
  });

  it('refers a duplicate identity, a past late repayment and a borderline score to a credit officer', () => {
    expect(decideCredit({ ...steady, duplicateIdentity: true })).toMatchObject({ outcome: 'referred', reasons: ['duplicate_identity'], amountCeilingMinor: 600_000 });
    expect(decideCredit({ ...steady, sharedPayoutAccount: true })).toMatchObject({ outcome: 'referred', reasons: ['shared_payout_account'], amountCeilingMinor: 600_000 });
    expect(decideCredit({ ...steady, history: { settledOnTime: 1, worstDaysLate: 3, overdueNow: false } })).toMatchObject({
      outcome: 'referred',
      reasons: ['past_lateness'],
    });
    // Young, at the income minimum, near the debt limit: 5 + 10 + 5 + 0 = 20 points, below the referral line.
    const young = { ...steady, dateOfBirth: '2006-01-01', monthlyIncomeMinor: 700_000, declaredMonthlyDebtsMinor: 300_000 };
    expect(decideCredit(young)).toMatchObject({ outcome: 'declined', reasons: ['low_score'], points: 20 });
    expect(decideCredit({ ...young, policy: { ...policy, referFromPoints: 20, approveFromPoints: 60 } })).toMatchObject({
      outcome: 'referred',
      reasons: ['borderline_score'],
    });
  });

  it('counts age from the birthday itself', () => {
    expect(ageInYears('2008-11-26', '2026-11-25')).toBe(17);
    expect(ageInYears('2008-11-26', '2026-11-26')).toBe(18);
    expect(ageInYears('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageInYears('2008-02-29', '2026-03-01')).toBe(18);
  });
});

const arbitraryInputs: fc.Arbitrary<ScorecardInputs> = fc.record({
  dateOfBirth: fc.date({ min: new Date('1940-01-01'), max: new Date('2012-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  decidedOn: fc.constant('2026-11-26'),
  monthlyIncomeMinor: fc.integer({ min: 1, max: 500_000_000 }),
  declaredMonthlyDebtsMinor: fc.integer({ min: 0, max: 100_000_000 }),
  identityVerified: fc.boolean(),
  duplicateIdentity: fc.boolean(),
  sharedPayoutAccount: fc.boolean(),
  history: fc.record({ settledOnTime: fc.integer({ min: 0, max: 12 }), worstDaysLate: fc.integer({ min: 0, max: 120 }), overdueNow: fc.boolean() }),
  product: fc.constant(steady.product),
  policy: fc.constant(policy),
});

const rank: Record<CreditOutcome, number> = { declined: 0, referred: 1, approved: 2 };

describe('the credit scorecard, for any applicant', () => {
  it('gives the same decision for the same inputs', () => {
    fc.assert(
      fc.property(arbitraryInputs, (inputs) => {
        const copy = JSON.parse(JSON.stringify(inputs)) as ScorecardInputs;
        expect(decideCredit(copy)).toEqual(decideCredit(inputs));
      }),
    );
  });

  it('gives a reason for anything but an approval, a ceiling within the product to anyone not declined, and a date to the declined', () => {
    fc.assert(
      fc.property(arbitraryInputs, (inputs) => {
        const decision = decideCredit(inputs);
        expect(decision.reasons.length === 0).toBe(decision.outcome === 'approved');
        if (decision.outcome === 'declined') {
          expect(decision.amountCeilingMinor).toBeNull();
          expect(decision.reapplyOn).not.toBeNull();
        } else {
          expect(decision.amountCeilingMinor).toBeGreaterThanOrEqual(inputs.product.minAmountMinor);
          expect(decision.amountCeilingMinor).toBeLessThanOrEqual(inputs.product.maxAmountMinor);
          expect((decision.amountCeilingMinor ?? 0) % policy.amountStepMinor).toBe(0);
          expect(decision.reapplyOn).toBeNull();
        }
        expect(decision.points).toBeGreaterThanOrEqual(0);
        expect(decision.points).toBeLessThanOrEqual(100);
      }),
    );
  });

  it('never decides worse, nor lends less, for more income with nothing else changed', () => {
    fc.assert(
      fc.property(arbitraryInputs, fc.integer({ min: 0, max: 100_000_000 }), (inputs, raise) => {
        const before = decideCredit(inputs);
        const after = decideCredit({ ...inputs, monthlyIncomeMinor: inputs.monthlyIncomeMinor + raise });
        expect(rank[after.outcome]).toBeGreaterThanOrEqual(rank[before.outcome]);
        if (before.amountCeilingMinor !== null && after.amountCeilingMinor !== null) {
          expect(after.amountCeilingMinor).toBeGreaterThanOrEqual(before.amountCeilingMinor);
        }
      }),
    );
  });

  it('never approves anyone under 18, unverified, or overdue now', () => {
    fc.assert(
      fc.property(arbitraryInputs, (inputs) => {
        const decision = decideCredit(inputs);
        if (ageInYears(inputs.dateOfBirth, inputs.decidedOn) < 18 || !inputs.identityVerified || inputs.history.overdueNow) {
          expect(decision.outcome).toBe('declined');
        }
      }),
    );
  });
});
