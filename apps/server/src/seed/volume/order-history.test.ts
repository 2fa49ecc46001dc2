import { LoanStatus } from '@lend/contracts';
import { addDays, priceLoan, repaymentPlan, type IsoDate } from '@lend/domain';
import { describe, expect, it } from 'vitest';
import { replayOrder, type HistoryEvent } from './order-history';

const pricing = {
  minAmountMinor: 100_000,
  maxAmountMinor: 3_000_000,
  defaultAmountMinor: 1_000_000,
  minTermDays: 120,
  maxTermDays: 360,
  termDays: 120,
  periods: 4,
  interestPerDayPpm: 500,
  commissionPpm: 50_000,
  taxPpm: 160_000,
  maxExtensions: 1,
};
const price = priceLoan(pricing, 1_000_000, { termDays: 120 });
const plan = repaymentPlan(price);
const TODAY: IsoDate = '2026-11-26';

function replay(payoutOn: IsoDate, events: HistoryEvent[]) {
  return replayOrder({
    market: 'MX',
    pricing,
    principalMinor: price.principalMinor,
    commissionMinor: price.commissionMinor,
    interestMinor: price.interestMinor - price.discountMinor,
    taxMinor: price.taxMinor,
    plan,
    payoutOn,
    clockThrough: addDays(TODAY, -1),
    repeatClient: false,
    events,
  });
}

const allPaid = (lateDays: number[]): HistoryEvent[] => lateDays.map((late, index) => ({ kind: 'pay-installment', seq: index + 1, lateDays: late }));

describe('an order replayed by the domain rules for the volume book', () => {
  it('settles when every installment is paid, late ones with their late charges, and every entry balances', () => {
    const history = replay(addDays(TODAY, -200), allPaid([0, 12, 0, 3]));
    expect(history.statusCode).toBe(LoanStatus.Settled);
    expect(history.payments).toHaveLength(4);
    expect(history.entries.filter((e) => e.kind === 'late-charge').length).toBeGreaterThan(0);
    expect(history.penaltyMinor).toBeGreaterThan(0);
    expect(history.penaltyPaidMinor).toBe(history.penaltyMinor);
    for (const entry of history.entries) expect(entry.postings.reduce((sum, p) => sum + p.amountMinor, 0)).toBe(0);
    const paid = history.installments.reduce((sum, i) => sum + i.principalPaidMinor + i.interestPaidMinor + i.taxPaidMinor, 0);
    expect(paid).toBe(price.totalRepayableMinor);
  });

  it('is overdue with a day of late charges each day after the due date, as the clock left it yesterday', () => {
    const history = replay(addDays(TODAY, -30 - 10), []);
    expect(history.statusCode).toBe(LoanStatus.Overdue);
    expect(history.penaltyThrough).toBe(addDays(TODAY, -1));
    expect(history.dueDate).toBe(addDays(TODAY, -10));
  });

  it('is due when yesterday was the date, and paid out and on schedule before it', () => {
    expect(replay(addDays(TODAY, -31), []).statusCode).toBe(LoanStatus.Due);
    expect(replay(addDays(TODAY, -30), []).statusCode).toBe(LoanStatus.Disbursed);
  });

  it('moves the due dates when an extension is bought, booking its charge apart from the payment', () => {
    const history = replay(addDays(TODAY, -29), [{ kind: 'extend', daysBeforeDue: 2 }]);
    expect(history.extensionsUsed).toBe(1);
    expect(history.payments[0]?.purpose).toBe('extension');
    expect(history.entries.map((e) => e.kind)).toEqual(['disbursal', 'extension', 'payment']);
    expect(history.dueDate ?? '').toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((history.dueDate ?? '') > TODAY).toBe(true);
  });
});
