import type { FastifyBaseLogger } from 'fastify';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loanOrders } from '../src/db/schema';
import { LEDGER_CHECK_FIRST_RUN_MS, LEDGER_CHECK_INTERVAL_MS, LOGGED_MISMATCHES, ledgerCheckJob, runLedgerCheck } from '../src/jobs/ledger-check-job';
import { startJobInProcess } from '../src/jobs/periodic-job';
import { createRepayingOrders } from './factories';
import { createTestApp, openSession, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(async () => {
  await t?.close();
});

function fakeLog() {
  return { info: vi.fn(), error: vi.fn() };
}

/**
 * Makes the orders say they hold a credit their ledger never booked (the ledger is append-only,
 * so the disagreement is put in the orders), and answers how to put them right again.
 */
async function ordersDisagreeingWithTheLedger(orderIds: number[]): Promise<() => Promise<void>> {
  await t.database.db.update(loanOrders).set({ creditMinor: 7 }).where(inArray(loanOrders.id, orderIds));
  return async () => {
    await t.database.db.update(loanOrders).set({ creditMinor: 0 }).where(inArray(loanOrders.id, orderIds));
  };
}

describe('the nightly ledger check', () => {
  it('logs an error with the mismatch count and the first few mismatches, and fixes nothing', async () => {
    const session = await openSession(t.app, '5512480001');
    const orders = await createRepayingOrders(t.database.db, Number(session.userId), 'peso-flex-91', LOGGED_MISMATCHES + 2, '2030-01-01');
    const log = fakeLog();
    expect(await runLedgerCheck(t.database.db, log as unknown as FastifyBaseLogger)).toBe(0);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.info).toHaveBeenCalledWith({ ordersChecked: expect.any(Number) as number }, 'ledger check passed');

    const repair = await ordersDisagreeingWithTheLedger(orders);
    try {
      expect(await runLedgerCheck(t.database.db, log as unknown as FastifyBaseLogger)).toBe(orders.length);
      expect(log.error).toHaveBeenCalledTimes(1);
      const [fields, message] = log.error.mock.calls[0] as [{ mismatchCount: number; mismatches: { kind: string }[] }, string];
      expect(message).toBe('ledger check found mismatches');
      expect(fields.mismatchCount).toBe(orders.length);
      expect(fields.mismatches).toHaveLength(LOGGED_MISMATCHES);
      expect(fields.mismatches.every((m) => m.kind === 'account')).toBe(true);
      // Reported, not repaired: the next check finds the same.
      expect(await runLedgerCheck(t.database.db, fakeLog() as unknown as FastifyBaseLogger)).toBe(orders.length);
    } finally {
      await repair();
    }
  });

  it('first runs a few minutes after start, then every 24 hours, and stops', async () => {
    const waits: number[] = [];
    let due: (() => void) | undefined;
    const timers = {
      setTimeout: (run: () => void, ms: number) => {
        waits.push(ms);
        due = run;
        return setTimeout(() => {}, 0);
      },
      clearTimeout: vi.fn(),
    };
    const log = fakeLog();
    const job = startJobInProcess(ledgerCheckJob(t.database.db, log as unknown as FastifyBaseLogger), log as unknown as FastifyBaseLogger, { timers });
    expect(waits).toEqual([LEDGER_CHECK_FIRST_RUN_MS]);
    expect(LEDGER_CHECK_FIRST_RUN_MS).toBe(5 * 60 * 1000);
    due?.();
    await vi.waitFor(() => expect(waits).toEqual([LEDGER_CHECK_FIRST_RUN_MS, LEDGER_CHECK_INTERVAL_MS]));
    expect(LEDGER_CHECK_INTERVAL_MS).toBe(24 * 60 * 60 * 1000);
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ ordersChecked: expect.any(Number) as number }), 'ledger check passed');
    await job.stop();
    expect(timers.clearTimeout).toHaveBeenCalledTimes(1);
  });
});
