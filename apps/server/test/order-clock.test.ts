import { LoanStatus } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { and, count, eq, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { loanOrders } from '../src/db/schema';
import { startJobInProcess } from '../src/jobs/periodic-job';
import { orderClockJob, sweepOrders, SWEEP_BATCH_SIZE } from '../src/modules/order-clock';
import { ordersWithParkedReversal } from '../src/modules/payouts';
import { createOrder, createRepayingOrders } from './factories';
import { createTestApp, openSession, type TestApp } from './helper';

let t: TestApp;
let borrowerId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  borrowerId = Number((await openSession(t.app, '5577780001')).userId);
});
afterAll(async () => t?.close());

const noon = (date: string) => new Date(`${date}T12:00:00Z`);
/**
 * PesoFlex 91's default loan ($5,000.00, one installment of $5,303.90) late 1 day in Mexico: the
 * new client's one-off fee $200.00 + 5% of $5,303.90 = 265.195 → $265.20, in all $465.20.
 */
const ONE_DAY_PENALTY = 20_000 + 26_520;

/** The database handle with a hook around every transaction the code under test opens. */
function observedDb(db: Db, hooks: { begin?: () => Promise<void>; committed?: () => void }): Db {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'transaction') return Reflect.get(target, property, receiver);
      const transaction: Db['transaction'] = async (run, config) => {
        const result = await target.transaction(async (tx) => {
          await hooks.begin?.();
          return run(tx);
        }, config);
        hooks.committed?.();
        return result;
      };
      return transaction;
    },
  });
}

async function ordersOf(ids: number[]) {
  return t.database.db
    .select({ statusCode: loanOrders.statusCode, penaltyMinor: loanOrders.penaltyMinor, penaltyThrough: loanOrders.penaltyThrough })
    .from(loanOrders)
    .where(inArray(loanOrders.id, ids));
}

async function countOrders(where: ReturnType<typeof and>) {
  const [row] = await t.database.db.select({ n: count() }).from(loanOrders).where(where);
  return row?.n ?? 0;
}

describe('order clock in batches', () => {
  it('sweeps more orders than one batch holds, each batch in a transaction of its own', async () => {
    const due = '2031-03-10';
    const ids = await createRepayingOrders(t.database.db, borrowerId, 'peso-flex-91', SWEEP_BATCH_SIZE * 2 + 7, due);
    let transactions = 0;
    const result = await sweepOrders(observedDb(t.database.db, { committed: () => (transactions += 1) }), noon(addDays(due, 1)));

    expect(result.ran).toBe(true);
    expect(result.overdue).toBeGreaterThanOrEqual(ids.length);
    expect(result.penalised).toBeGreaterThanOrEqual(ids.length);
    expect(transactions).toBeGreaterThanOrEqual(3);
    const swept = await ordersOf(ids);
    expect(swept).toHaveLength(ids.length);
    for (const order of swept) {
      expect(order).toEqual({ statusCode: LoanStatus.Overdue, penaltyMinor: ONE_DAY_PENALTY, penaltyThrough: addDays(due, 1) });
    }
  });

  it('charges each order once when two sweeps run at the same time', async () => {
    const due = '2032-05-20';
    const today = addDays(due, 1);
    const ids = await createRepayingOrders(t.database.db, borrowerId, 'peso-flex-91', SWEEP_BATCH_SIZE + 50, due);
    const toMove = await countOrders(and(inArray(loanOrders.statusCode, [LoanStatus.Disbursed, LoanStatus.Due]), lt(loanOrders.dueDate, today)));

    const [first, second] = await Promise.all([sweepOrders(t.database.db, noon(today)), sweepOrders(t.database.db, noon(today))]);
    if (!first || !second) throw new Error('a sweep did not answer');

    const overdueNow = await countOrders(eq(loanOrders.statusCode, LoanStatus.Overdue));
    // Every order moved and charged by exactly one of the two sweeps.
    expect(first.overdue + second.overdue).toBe(toMove);
    expect(first.penalised + second.penalised).toBe(overdueNow);
    expect(await countOrders(and(eq(loanOrders.statusCode, LoanStatus.Overdue), eq(loanOrders.penaltyThrough, today)))).toBe(overdueNow);
    for (const order of await ordersOf(ids)) {
      expect(order).toEqual({ statusCode: LoanStatus.Overdue, penaltyMinor: ONE_DAY_PENALTY, penaltyThrough: today });
    }
  });
});

describe('late charges the clock adds', () => {
  it('adds each day at its tier once, and a repeat client pays the lower fee', async () => {
    // PesoPlus 120's default loan: $10,000.00 in four installments of $2,694.00, 30 days apart.
    const due = '2033-01-10';
    const repeat = Number((await openSession(t.app, '5577780002')).userId);
    await createOrder(t.database.db, repeat, 200, 'peso-flex-91');
    const [newId = 0] = await createRepayingOrders(t.database.db, borrowerId, 'peso-plus-120', 1, due);
    const [repeatId = 0] = await createRepayingOrders(t.database.db, repeat, 'peso-plus-120', 1, due);

    await sweepOrders(t.database.db, noon(addDays(due, 30)));
    // Installment 1, days 1-30 at 5% of $2,694.00: 30 × 134.70 = 4,041.00; fee $200.00 (new) or $160.00 (repeat).
    expect(await ordersOf([newId])).toEqual([{ statusCode: LoanStatus.Overdue, penaltyMinor: 20_000 + 404_100, penaltyThrough: addDays(due, 30) }]);
    expect((await ordersOf([repeatId]))[0]?.penaltyMinor).toBe(16_000 + 404_100);

    await sweepOrders(t.database.db, noon(addDays(due, 31)));
    // Installment 1's day 31 at 4% (107.76) and installment 2's day 1 at 5% (134.70) are added; the fee is not charged again.
    expect((await ordersOf([newId]))[0]?.penaltyMinor).toBe(20_000 + 404_100 + 10_776 + 13_470);
    expect((await ordersOf([repeatId]))[0]?.penaltyMinor).toBe(16_000 + 404_100 + 10_776 + 13_470);
  });

  it('charges an Indian order the flat penal charge once, and no interest after it', async () => {
    const due = '2033-02-10';
    const [id = 0] = await createRepayingOrders(t.database.db, borrowerId, 'rupee-easy-91', 1, due);
    await sweepOrders(t.database.db, noon(addDays(due, 1)));
    expect(await ordersOf([id])).toEqual([{ statusCode: LoanStatus.Overdue, penaltyMinor: 100_000, penaltyThrough: addDays(due, 1) }]);
    await sweepOrders(t.database.db, noon(addDays(due, 45)));
    expect(await ordersOf([id])).toEqual([{ statusCode: LoanStatus.Overdue, penaltyMinor: 100_000, penaltyThrough: addDays(due, 45) }]);
  });

  it('stops at the principal', async () => {
    const due = '2033-03-10';
    const [id = 0] = await createRepayingOrders(t.database.db, borrowerId, 'peso-flex-91', 1, due);
    // $200.00 + 30 × 265.20 + 60 × 212.16 + 2 × 106.08 > $5,000.00: the charges stop at the principal.
    await sweepOrders(t.database.db, noon(addDays(due, 92)));
    expect((await ordersOf([id]))[0]?.penaltyMinor).toBe(500_000);
  });
});

describe('stopping the order clock', () => {
  it('resolves only once the sweep in progress has committed, and starts no other', async () => {
    const due = addDays(formatDate(new Date(), 'MX'), -5);
    const [id = 0] = await createRepayingOrders(t.database.db, borrowerId, 'peso-flex-91', 1, due);
    const events: string[] = [];
    let entered = () => {};
    const inTransaction = new Promise<void>((resolve) => (entered = resolve));
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const db = observedDb(t.database.db, {
      begin: async () => {
        events.push('begin');
        entered();
        await gate;
      },
      committed: () => events.push('commit'),
    });

    const { stop } = startJobInProcess(orderClockJob(db, t.app.log, ordersWithParkedReversal, 60_000), t.app.log);
    await inTransaction;
    const stopping = stop().then(() => events.push('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual(['begin']);

    open();
    await stopping;
    expect(events.at(-1)).toBe('stopped');
    expect(events.filter((event) => event === 'begin')).toHaveLength(events.filter((event) => event === 'commit').length);
    const [order] = await ordersOf([id]);
    expect(order?.statusCode).toBe(LoanStatus.Overdue);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(events.at(-1)).toBe('stopped');
  });

  it('may be asked to stop more than once', async () => {
    const { stop } = startJobInProcess(orderClockJob(t.database.db, t.app.log, ordersWithParkedReversal, 60_000), t.app.log);
    await stop();
    await expect(stop()).resolves.toBeUndefined();
  });
});
