import { LoanStatus, MachinePath, type BorrowerPayoff, type InstallmentDetail } from '@lend/contracts';
import { addDays, formatAmount, formatDate } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders, payments } from '../src/db/schema';
import { createTestApp, type BorrowerSession, type TestApp } from './helper';
import { callBorrower } from './loan-helpers';
import { paidOutDaysAgo, recordTransfer } from './operator-payment-helpers';

// Every test app checks on closing that its ledger balances and agrees with its orders.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => t?.close());

const ENGLISH = '1';
const SPANISH = '2';
const payoff = (who: BorrowerSession, orderId: string, language = ENGLISH) =>
  callBorrower<BorrowerPayoff>(t.app, who, MachinePath.installmentPayoff, { orderId }, language);
const order = async (orderNo: string) => {
  const [row] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.orderNo, orderNo));
  if (!row) throw new Error(`no order ${orderNo}`);
  return row;
};

describe("India's look-up period exit (docs/decisions/150)", () => {
  it('settles a loan repaid on day 1 for the principal and the APR of the days held, the commission counted', async () => {
    const { session, orderNo } = await paidOutDaysAgo(t, '+919812470001', 'rupee-easy-91', 1);
    const row = await order(orderNo);
    const until = addDays(formatDate(row.disbursedAt ?? new Date(), 'IN'), 3);
    const en = (await payoff(session, orderNo)).data;
    // One day at the APR costs far less than the commission kept at payout: the principal settles it.
    expect(en).toMatchObject({ market: 'IN', allowed: true, payoffMinor: row.principalMinor, lookUpUntil: until });
    expect(en.rebateMinor).toBe(en.outstandingMinor - row.principalMinor);
    const amount = formatAmount(row.principalMinor, 'IN');
    expect(en.message).toBe(
      `Look-up period exit: until ${until} you may leave this loan without any penalty by paying ${amount}, the principal and the APR for the days you had it.`,
    );
    expect(en.rows).toEqual([
      { text: 'Total owed', value: formatAmount(en.outstandingMinor, 'IN') },
      { text: 'Charges taken off in the look-up period', value: `−\u2060${formatAmount(en.rebateMinor, 'IN')}` },
      { text: 'To pay today', value: amount },
      { text: 'Look-up period until', value: until },
    ]);
    const es = (await payoff(session, orderNo, SPANISH)).data;
    expect(es.message).toBe(
      `Salida en el periodo de reflexión: hasta el ${until} puede dejar este préstamo sin ninguna penalización pagando ${amount}, el capital y la TAE de los días que lo tuvo.`,
    );
    // The installment overview offers the same figure, in the same words.
    const detail = await callBorrower<InstallmentDetail>(t.app, session, MachinePath.installmentDetail, { orderId: orderNo }, ENGLISH);
    expect(detail.data.payoff).toMatchObject({ amount: row.principalMinor, message: en.message });

    const paid = await recordTransfer(t.app, orderNo, row.principalMinor, 'look-up exit');
    expect(paid.status).toBe(200);
    expect(await order(orderNo)).toMatchObject({ statusCode: LoanStatus.Settled, creditMinor: 0 });
    const [receipt] = await t.database.db.select().from(payments).where(eq(payments.orderId, row.id));
    expect(receipt).toMatchObject({ amountMinor: row.principalMinor, rebateMinor: en.rebateMinor, creditMinor: 0, balanceAfterMinor: 0 });
  });

  it('is still the exit on the period’s last day, and the early-repayment rule applies again the day after', async () => {
    const last = await paidOutDaysAgo(t, '+919812470002', 'rupee-easy-91', 3);
    expect((await payoff(last.session, last.orderNo)).data).toMatchObject({ allowed: true, lookUpUntil: formatDate(new Date(), 'IN') });

    const after = await paidOutDaysAgo(t, '+919812470003', 'rupee-easy-91', 4);
    const row = await order(after.orderNo);
    const from = addDays(formatDate(row.disbursedAt ?? new Date(), 'IN'), 46);
    const en = (await payoff(after.session, after.orderNo)).data;
    expect(en).toMatchObject({ allowed: false, payoffMinor: null, allowedFrom: from, reason: 'beforeShareOfTerm', lookUpUntil: null });
    // Paying the principal now is a part payment: nothing is taken off and the loan stays open.
    await recordTransfer(t.app, after.orderNo, row.principalMinor, 'too late for the exit');
    expect(await order(after.orderNo)).toMatchObject({ statusCode: LoanStatus.Disbursed });
    const [receipt] = await t.database.db.select().from(payments).where(eq(payments.orderId, row.id));
    expect(receipt).toMatchObject({ rebateMinor: 0 });
  });

  it('leaves Mexico as it was: no look-up period, early repayment from half the term', async () => {
    const { session, orderNo } = await paidOutDaysAgo(t, '5512470004', 'peso-flex-91', 1);
    const es = (await payoff(session, orderNo, SPANISH)).data;
    expect(es).toMatchObject({ market: 'MX', allowed: false, payoffMinor: null, reason: 'beforeShareOfTerm', lookUpUntil: null });
  });
});
