import { describe, expect, it } from 'vitest';
import type { OrderBalance } from './balance';
import { planAnnualCost, planSchedule } from './payment-plan';

const owed: OrderBalance = {
  lateChargesMinor: 1_500,
  installments: [
    { seq: 1, dueDate: '2026-01-10', principalMinor: 30_000, interestMinor: 4_000, taxMinor: 640 },
    { seq: 2, dueDate: '2026-02-10', principalMinor: 30_000, interestMinor: 4_000, taxMinor: 640 },
  ],
};

describe('planSchedule', () => {
  it('splits what remains into equal installments, the remainder on the last, no new interest', () => {
    const plan = planSchedule(owed, { count: 3, every: 'week', firstDueDate: '2026-03-02', lateCharges: 'waive' });
    expect(plan.totalMinor).toBe(69_280);
    expect(plan.installments.map((i) => i.amountMinor)).toEqual([23_093, 23_093, 23_094]);
    expect(plan.installments.map((i) => i.dueDate)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(plan.waivedLateChargesMinor).toBe(1_500);
    expect(plan.frozenLateChargesMinor).toBe(0);
    const sum = (pick: (i: (typeof plan.installments)[number]) => number) => plan.installments.reduce((total, i) => total + pick(i), 0);
    expect(sum((i) => i.principalMinor)).toBe(60_000);
    expect(sum((i) => i.interestMinor)).toBe(8_000);
    expect(sum((i) => i.taxMinor)).toBe(1_280);
    expect(sum((i) => i.lateChargesMinor)).toBe(0);
    for (const i of plan.installments) expect(i.lateChargesMinor + i.taxMinor + i.interestMinor + i.principalMinor).toBe(i.amountMinor);
  });

  it('keeps frozen late charges in the plan, paid first, fortnightly', () => {
    const plan = planSchedule(owed, { count: 2, every: 'fortnight', firstDueDate: '2026-03-02', lateCharges: 'freeze' });
    expect(plan.totalMinor).toBe(70_780);
    expect(plan.frozenLateChargesMinor).toBe(1_500);
    expect(plan.waivedLateChargesMinor).toBe(0);
    expect(plan.installments[0]).toMatchObject({ dueDate: '2026-03-02', amountMinor: 35_390, lateChargesMinor: 1_500, taxMinor: 640, interestMinor: 4_000, principalMinor: 29_250 });
    expect(plan.installments[1]).toMatchObject({ dueDate: '2026-03-16', amountMinor: 35_390, lateChargesMinor: 0 });
  });

  it('loses nothing to rounding whatever the count', () => {
    for (let count = 2; count <= 12; count += 1) {
      const plan = planSchedule(owed, { count, every: 'week', firstDueDate: '2026-03-02', lateCharges: 'freeze' });
      expect(plan.installments.reduce((total, i) => total + i.amountMinor, 0)).toBe(plan.totalMinor);
      expect(plan.installments).toHaveLength(count);
    }
  });

  it('refuses a count that is not whole', () => {
    expect(() => planSchedule(owed, { count: 0, every: 'week', firstDueDate: '2026-03-02', lateCharges: 'waive' })).toThrow();
    expect(() => planSchedule(owed, { count: 2.5, every: 'week', firstDueDate: '2026-03-02', lateCharges: 'waive' })).toThrow();
  });
});

describe('planAnnualCost', () => {
  it('states 0.0% for a plan without new interest, CAT in Mexico and APR in India', () => {
    const plan = planSchedule(owed, { count: 4, every: 'week', firstDueDate: '2026-03-02', lateCharges: 'waive' });
    expect(planAnnualCost('MX', plan, '2026-03-01')).toEqual({ kind: 'CAT', rate: 0 });
    expect(planAnnualCost('IN', plan, '2026-03-01')).toEqual({ kind: 'APR', rate: 0 });
  });
});
