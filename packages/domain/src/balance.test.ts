import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  caughtUp,
  dueDatesFrom,
  extendSchedule,
  installmentRemaining,
  nextDueDate,
  openingBalance,
  outstanding,
  owedNow,
  paidInFull,
  type OrderBalance,
} from './balance';
import { addDays, daysBetween } from './dates';
import { MoneyError } from './money';
import { priceLoan, repaymentPlan } from './pricing';
import { arbitraryBalance, fourPeriodPricing, workedExampleBalance } from './worked-example.test-helper';

describe('openingBalance', () => {
  it('builds the worked example from the plan and the due dates', () => {
    expect(workedExampleBalance()).toEqual({
      lateChargesMinor: 0,
      installments: ['2026-01-31', '2026-03-02', '2026-04-01', '2026-05-01'].map((dueDate, index) => ({
        seq: index + 1,
        dueDate,
        principalMinor: 125_000,
        interestMinor: 7_500,
        taxMinor: 2_200,
      })),
    });
  });

  it('refuses due dates that do not match the plan', () => {
    const plan = repaymentPlan(priceLoan(fourPeriodPricing, 500_000));
    expect(() => openingBalance(plan, ['2026-01-31'])).toThrow(MoneyError);
  });
});

describe('outstanding and owedNow', () => {
  const balance: OrderBalance = { ...workedExampleBalance(), lateChargesMinor: 4_041 };

  it('counts everything still owed, late charges included', () => {
    // 4 × 1,347.00 + 40.41
    expect(outstanding(balance)).toBe(538_800 + 4_041);
  });

  it('counts late charges and the installments due on or before today', () => {
    expect(owedNow(balance, '2026-01-30')).toBe(4_041);
    expect(owedNow(balance, '2026-01-31')).toBe(4_041 + 134_700);
    expect(owedNow(balance, '2026-03-02')).toBe(4_041 + 2 * 134_700);
    expect(owedNow(balance, '2027-01-01')).toBe(outstanding(balance));
  });

  it('is caught up when nothing due on or before today remains, paid in full when nothing remains', () => {
    const firstPaid: OrderBalance = {
      lateChargesMinor: 0,
      installments: balance.installments.map((i) => (i.seq === 1 ? { ...i, principalMinor: 0, interestMinor: 0, taxMinor: 0 } : i)),
    };
    expect(caughtUp(balance, '2026-01-30')).toBe(false);
    expect(caughtUp(firstPaid, '2026-01-31')).toBe(true);
    expect(caughtUp(firstPaid, '2026-03-02')).toBe(false);
    expect(paidInFull(firstPaid)).toBe(false);
    expect(paidInFull({ lateChargesMinor: 0, installments: [] })).toBe(true);
  });

  it('owes now never more than it owes in all, and more as days pass', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }), (a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const day = (n: number) => dueDatesFrom([{ dueDay: n }], '2026-01-01')[0] ?? '';
        expect(owedNow(balance, day(early))).toBeLessThanOrEqual(owedNow(balance, day(late)));
        expect(owedNow(balance, day(late))).toBeLessThanOrEqual(outstanding(balance));
      }),
    );
  });
});

describe('nextDueDate', () => {
  it("is the first unpaid installment's date, the last one's once all are paid, and none without a plan", () => {
    const balance = workedExampleBalance();
    expect(nextDueDate(balance)).toBe('2026-01-31');
    const [first, ...rest] = balance.installments;
    if (!first) throw new Error('the worked example has installments');
    expect(nextDueDate({ ...balance, installments: [{ ...first, principalMinor: 0, interestMinor: 0, taxMinor: 0 }, ...rest] })).toBe('2026-03-02');
    const paid = balance.installments.map((i) => ({ ...i, principalMinor: 0, interestMinor: 0, taxMinor: 0 }));
    expect(nextDueDate({ ...balance, installments: paid })).toBe('2026-05-01');
    expect(nextDueDate({ lateChargesMinor: 0, installments: [] })).toBeNull();
  });
});

describe('extendSchedule', () => {
  it('moves the next unpaid date by the extension days, or from today when it has passed, and later ones by as much', () => {
    const balance = openingBalance(
      [
        { seq: 1, dueDay: 30, principalMinor: 100, interestMinor: 10, taxMinor: 1, amountMinor: 111 },
        { seq: 2, dueDay: 60, principalMinor: 100, interestMinor: 10, taxMinor: 1, amountMinor: 111 },
      ],
      ['2026-03-01', '2026-03-31'],
    );
    expect(extendSchedule(balance, 7, '2026-03-01').balance.installments.map((i) => i.dueDate)).toEqual(['2026-03-08', '2026-04-07']);
    const late = extendSchedule(balance, 7, '2026-03-11');
    expect(late.shiftDays).toBe(17);
    expect(late.balance.installments.map((i) => i.dueDate)).toEqual(['2026-03-18', '2026-04-17']);
  });

  it('never leaves less than the extension days before the next payment, and keeps what is owed', () => {
    fc.assert(
      fc.property(arbitraryBalance, fc.integer({ min: 1, max: 30 }), fc.integer({ min: -60, max: 60 }), (balance, days, offset) => {
        const next = balance.installments.find((i) => installmentRemaining(i) > 0);
        fc.pre(next !== undefined);
        const today = addDays(next?.dueDate ?? '2026-01-01', offset);
        const extended = extendSchedule(balance, days, today);
        const moved = extended.balance.installments.find((i) => i.seq === next?.seq);
        expect(daysBetween(today, moved?.dueDate ?? '')).toBeGreaterThanOrEqual(days);
        expect(extended.shiftDays).toBeGreaterThanOrEqual(days);
        expect(outstanding(extended.balance)).toBe(outstanding(balance));
      }),
    );
  });
});
