import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { allocatePayment } from './allocation';
import { installmentRemaining, outstanding, paidInFull, type OrderBalance } from './balance';
import { MoneyError } from './money';
import { arbitraryBalance, workedExampleBalance } from './worked-example.test-helper';

describe('allocatePayment', () => {
  it('pays late charges first, then the oldest installment in the order tax, interest, principal', () => {
    // Owed: late charges 40.41, then 4 × (IVA 22.00 + interest 75.00 + principal 1,250.00).
    // A payment of 1,500.00 pays 40.41 + 1,347.00 and 112.59 of the second installment's
    // IVA (22.00), interest (75.00) and principal (15.59).
    const balance: OrderBalance = { ...workedExampleBalance(), lateChargesMinor: 4_041 };
    const allocation = allocatePayment(balance, 150_000);
    expect(allocation.lines).toEqual([
      { seq: null, component: 'lateCharges', amountMinor: 4_041 },
      { seq: 1, component: 'tax', amountMinor: 2_200 },
      { seq: 1, component: 'interest', amountMinor: 7_500 },
      { seq: 1, component: 'principal', amountMinor: 125_000 },
      { seq: 2, component: 'tax', amountMinor: 2_200 },
      { seq: 2, component: 'interest', amountMinor: 7_500 },
      { seq: 2, component: 'principal', amountMinor: 1_559 },
    ]);
    expect(allocation.creditMinor).toBe(0);
    expect(allocation.balanceAfter.lateChargesMinor).toBe(0);
    expect(allocation.balanceAfter.installments.map(installmentRemaining)).toEqual([0, 134_700 - 11_259, 134_700, 134_700]);
  });

  it('keeps what exceeds everything owed as the borrower credit', () => {
    const allocation = allocatePayment(workedExampleBalance(), 600_000);
    expect(allocation.creditMinor).toBe(600_000 - 538_800);
    expect(paidInFull(allocation.balanceAfter)).toBe(true);
    // A payment on a loan already paid is all credit.
    expect(allocatePayment(allocation.balanceAfter, 100)).toMatchObject({ lines: [], creditMinor: 100 });
  });

  it('refuses amounts that are not a positive whole number of minor units', () => {
    for (const amount of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => allocatePayment(workedExampleBalance(), amount), String(amount)).toThrow(MoneyError);
    }
  });

  it('refuses a balance with a negative component', () => {
    expect(() => allocatePayment({ ...workedExampleBalance(), lateChargesMinor: -1 }, 100)).toThrow(MoneyError);
  });

  it('never creates or loses a minor unit, and pays nothing out of order', () => {
    fc.assert(
      fc.property(arbitraryBalance, fc.integer({ min: 1, max: 7_000_000 }), (balance, amount) => {
        const { lines, balanceAfter, creditMinor } = allocatePayment(balance, amount);
        const paid = lines.reduce((total, line) => total + line.amountMinor, 0);
        // The lines and the credit add up to the payment exactly.
        expect(paid + creditMinor).toBe(amount);
        expect(outstanding(balanceAfter)).toBe(outstanding(balance) - paid);
        expect(creditMinor).toBe(Math.max(0, amount - outstanding(balance)));
        // Each component after = before − what the lines paid of it, and never below zero.
        const paidOf = (seq: number | null, component: string) =>
          lines.filter((l) => l.seq === seq && l.component === component).reduce((t, l) => t + l.amountMinor, 0);
        expect(balanceAfter.lateChargesMinor).toBe(balance.lateChargesMinor - paidOf(null, 'lateCharges'));
        expect(balanceAfter.lateChargesMinor).toBeGreaterThanOrEqual(0);
        balance.installments.forEach((before, index) => {
          const after = balanceAfter.installments[index];
          expect(after).toMatchObject({ seq: before.seq, dueDate: before.dueDate });
          for (const component of ['principal', 'interest', 'tax'] as const) {
            const key = `${component}Minor` as const;
            expect(after?.[key]).toBe(before[key] - paidOf(before.seq, component));
            expect(after?.[key]).toBeGreaterThanOrEqual(0);
          }
        });
        for (const line of lines) expect(line.amountMinor).toBeGreaterThan(0);
        // Nothing of an installment is paid while late charges or an earlier installment remain.
        lines.forEach((line, index) => {
          if (line.seq === null) return;
          expect(balanceAfter.lateChargesMinor).toBe(0);
          const earlier = balanceAfter.installments.filter((i) => i.seq < (line.seq ?? 0));
          expect(earlier.map(installmentRemaining).every((r) => r === 0)).toBe(true);
          // Within an installment: tax before interest before principal.
          const next = lines[index + 1];
          if (next?.seq === line.seq) {
            const order = ['tax', 'interest', 'principal'];
            expect(order.indexOf(next.component)).toBeGreaterThan(order.indexOf(line.component));
            const item = balanceAfter.installments.find((i) => i.seq === line.seq);
            expect(item?.[`${line.component as 'tax' | 'interest'}Minor`]).toBe(0);
          }
        });
      }),
    );
  });

  it('paying exactly what is outstanding leaves nothing owed and no credit', () => {
    fc.assert(
      fc.property(arbitraryBalance, (balance) => {
        fc.pre(outstanding(balance) > 0);
        const { balanceAfter, creditMinor } = allocatePayment(balance, outstanding(balance));
        expect(paidInFull(balanceAfter)).toBe(true);
        expect(creditMinor).toBe(0);
      }),
    );
  });
});
