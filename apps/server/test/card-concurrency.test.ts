import { ErrorCode } from '@lend/contracts';
import { describe, expect, it } from 'vitest';
import { GENEROUS_BORROWER_CAPS, twoServersForFile } from './helper';
import { commit, confirm, dueOrderWithCard, latestCode, orderWithCard, recordRow, sandboxCharges, way } from './card-helpers';
import { owed, paymentsOf } from './payment-helpers';
import { outbox } from './promotion-helpers';
import { cardVerifyCodes } from '../src/db/schema';
import { eq } from 'drizzle-orm';

// Two servers on one database behind a round-robin balancer: calls sent together reach both.
const t = twoServersForFile({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS });

/**
 * On PostgreSQL the two servers' pools race for real; the embedded database runs one statement at a
 * time, so its rounds prove the same serialised answer and a few are enough (docs/decisions/227).
 */
const ROUNDS = process.env.TEST_DB_DRIVER === 'postgres' ? 20 : 5;
const AT_ONCE = 50;

/**
 * One call charged; every other was refused with the reason it met (docs/decisions/233): the first
 * charge still in flight holds what may be paid, or, once settled, the order has nothing left to repay.
 */
function expectOneChargeAndItsReasons(codes: string[]): void {
  expect(codes.filter((code) => code === '00')).toHaveLength(1);
  expect(codes.filter((code) => code !== '00').every((code) => code === String(ErrorCode.CardPaymentInFlight) || code === String(ErrorCode.NothingToRepay))).toBe(true);
}

describe('card payments asked for at the same time', () => {
  it(`charges once per listing when ${AT_ONCE} identical commits arrive together, ${ROUNDS} rounds`, { timeout: 240_000 }, async () => {
    const order = await orderWithCard(t, '5570010001', 'approve');
    const before = await owed(t, order.orderId);
    const amount = 10_00;
    for (let round = 0; round < ROUNDS; round += 1) {
      const listing = await way(t, order);
      const fields = { repayToken: listing.repayToken, amount, cardId: order.card.id };
      const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => commit(t, order, fields)));
      const records = new Set(answers.map((a) => a.data?.repayRecordId));
      expect(records.size).toBe(1);
      // Each answers the one record: paid, or still being charged by the request that created it.
      expect(answers.every((a) => a.code === '00' || a.code === '800012')).toBe(true);
      expect(await sandboxCharges(t, [...records].flatMap((r) => (r ? [r] : [])))).toHaveLength(1);
    }
    expect(await paymentsOf(t, order.orderId)).toHaveLength(ROUNDS);
    expect(await owed(t, order.orderId)).toBe(before - ROUNDS * amount);
  });

  it('charges at most what is owed when five listings of one order commit everything at once', async () => {
    const order = await dueOrderWithCard(t, '5570010004', 'approve');
    const before = await owed(t, order.orderId);
    const listings = await Promise.all(Array.from({ length: 5 }, () => way(t, order)));
    const answers = await Promise.all(listings.map((listing) => commit(t, order, { repayToken: listing.repayToken, amount: listing.maxAmount, cardId: order.card.id })));
    // One listing pays the order; each other finds the charge still in flight, or the order paid.
    expectOneChargeAndItsReasons(answers.map((a) => a.code));
    const records = answers.flatMap((a) => (a.data?.repayRecordId ? [a.data.repayRecordId] : []));
    const charges = await sandboxCharges(t, records);
    expect(charges.reduce((total, charge) => total + charge.amountMinor, 0)).toBe(before);
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    expect(await owed(t, order.orderId)).toBe(0);
  });

  it('charges at most what is owed when five code-card listings are confirmed at once', async () => {
    const order = await dueOrderWithCard(t, '5570010005', 'code');
    const before = await owed(t, order.orderId);
    const records: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const listing = await way(t, order);
      const committed = await commit(t, order, { repayToken: listing.repayToken, amount: listing.maxAmount, cardId: order.card.id });
      expect(committed.code).toBe('00');
      records.push(committed.data.repayRecordId);
    }
    // Newest first: the last commit's code leads.
    const codes = (await outbox(t.app, order.phone)).slice(0, records.length).map((sms) => sms.code ?? '').reverse();
    const answers = await Promise.all(records.map((record, i) => confirm(t, order, record, codes[i] ?? '')));
    expectOneChargeAndItsReasons(answers.map((a) => a.code));
    const charges = await sandboxCharges(t, records);
    expect(charges.reduce((total, charge) => total + charge.amountMinor, 0)).toBe(before);
    expect(await owed(t, order.orderId)).toBe(0);
  });

  it('charges once when 20 correct confirms arrive together; the other 19 are told not to submit twice', async () => {
    const order = await orderWithCard(t, '5570010002', 'code');
    const listing = await way(t, order);
    const committed = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
    const code = await latestCode(t, order.phone);
    const answers = await Promise.all(Array.from({ length: 20 }, () => confirm(t, order, committed.data.repayRecordId, code)));
    const codes = answers.map((a) => a.code).sort();
    expect(codes).toEqual(['00', ...Array(19).fill('800005')]);
    expect(await sandboxCharges(t, [committed.data.repayRecordId])).toHaveLength(1);
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });

  it('voids the code after 5 wrong tries even when 10 arrive together', async () => {
    const order = await orderWithCard(t, '5570010003', 'code');
    const listing = await way(t, order);
    const committed = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
    const code = await latestCode(t, order.phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(t, order, committed.data.repayRecordId, wrong)));
    expect(answers.map((a) => a.code).sort()).toEqual([...Array(5).fill('800006'), ...Array(5).fill('800008')]);
    const record = await recordRow(t, committed.data.repayRecordId);
    const [row] = await t.database.db.select().from(cardVerifyCodes).where(eq(cardVerifyCodes.repaymentId, record.id));
    expect(row).toMatchObject({ wrongTries: 5, voidedAt: expect.any(Date) });
    expect((await confirm(t, order, committed.data.repayRecordId, code)).code).toBe('800008');
    expect(await sandboxCharges(t, [committed.data.repayRecordId])).toHaveLength(0);
  });
});
