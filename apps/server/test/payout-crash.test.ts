import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LoanStatus, MACHINE_BASE, MachinePath, OPERATOR_BASE, OperatorPath, type CreateSessionResponse, type LedgerCheckView, type LoanConfirm, type LoanPush, type OrderSummary, type Page, type PayoutRunResult, type PayoutView, type ProductSummary } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { sandboxPayouts } from '../src/db/schema';
import { PAYOUT_CRASH_POINTS, type PayoutCrashPoint } from '../src/providers/payouts/payout-config';
import { approvedCreditFor } from './credit-factory';
import { freshDatabase, sessionQuery, TEST_OPERATOR_TOKEN, type BorrowerSession } from './helper';
import { givePayoutAccount } from './payout-account-factory';
import { killStartedServers, startServer, type ServerProcess } from './server-process';

/**
 * The payout sender killed with SIGKILL (docs/decisions/152): the real server, started with
 * PAYOUT_CRASH_AT, dies after marking a payout sending and before calling the provider, or after
 * the provider accepted it; a server started again without it reconciles, and there is exactly one
 * transfer, the order is paid out once it lands, and the ledger check passes.
 */

const onPostgres = process.env.TEST_DB_DRIVER === 'postgres';
const LEFT_AT_PROVIDER: Record<PayoutCrashPoint, number> = { 'before-send': 0, 'after-send': 1 };

let database: { url: string; drop: () => Promise<void> };
let db: Database;
let dataDir: string;

function serverOn(crashAt?: PayoutCrashPoint): Promise<ServerProcess> {
  return startServer({
    DATABASE_URL: database.url,
    DEMO: '1',
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    OPERATOR_TOKEN: TEST_OPERATOR_TOKEN,
    // The job stays out of the way: the test runs the sender and the reconciler itself.
    PAYOUT_SEND_INTERVAL_MS: '3600000',
    PAYOUT_RECONCILE_AFTER_MS: '1',
    ...(crashAt ? { PAYOUT_CRASH_AT: crashAt } : {}),
  });
}

async function operator<T>(server: ServerProcess, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${server.url}${OPERATOR_BASE}${path}`, {
    method,
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 0) throw new Error(`${method} ${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

async function machine<T>(server: ServerProcess, session: BorrowerSession, path: string, body: Record<string, string | number>): Promise<T> {
  const response = await fetch(`${server.url}${MACHINE_BASE}${path}?${sessionQuery(session, { language: '2' })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(Object.entries(body).map(([key, value]): [string, string] => [key, String(value)])).toString(),
  });
  const envelope = (await response.json()) as { code: number; message: string; data: T };
  if (envelope.code !== 0) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/** A new borrower with a payout account and an order approved through the APIs: its payout queued. */
async function approvedOrder(server: ServerProcess, phone: string): Promise<{ session: BorrowerSession; orderNo: string }> {
  const session = await operator<CreateSessionResponse>(server, 'POST', OperatorPath.createSession, { phone });
  await approvedCreditFor(db.db, Number(session.userId));
  await givePayoutAccount(db.db, Number(session.userId));
  const product = (await operator<ProductSummary[]>(server, 'GET', OperatorPath.products)).find((p) => p.code === 'peso-plus-120');
  if (!product) throw new Error('no product');
  const offer = await machine<LoanConfirm>(server, session, MachinePath.loanConfirm, { productId: product.id, isType: '1' });
  const pushed = await machine<LoanPush>(server, session, MachinePath.loanPush, { productId: product.id, amount: offer.amount, periods: offer.periods, termUnit: offer.termUnit, agreement: '1' });
  const orderNo = new URLSearchParams(pushed.lendDetailsUrl.split('?')[1]).get('orderId') ?? '';
  await operator(server, 'POST', OperatorPath.orderApprove, { orderNo });
  return { session, orderNo };
}

describe.runIf(onPostgres)('payout sender killed with SIGKILL, restarted and reconciled (real server processes on one PostgreSQL database)', () => {
  beforeAll(async () => {
    const fresh = await freshDatabase();
    if (fresh.target.kind !== 'postgres') throw new Error('needs PostgreSQL');
    database = { url: fresh.target.url, drop: fresh.drop };
    db = await openDatabase(fresh.target);
    dataDir = mkdtempSync(join(tmpdir(), 'lend-payout-crash-'));
  });

  afterAll(async () => {
    await killStartedServers();
    await db?.close();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  PAYOUT_CRASH_POINTS.forEach((point, index) => {
    it(`${point}: one transfer after the restart, the order paid out once it lands`, async () => {
      const crashing = await serverOn(point);
      const { session, orderNo } = await approvedOrder(crashing, `55760000${String(index).padStart(2, '0')}`);
      await expect(fetch(`${crashing.url}${OPERATOR_BASE}${OperatorPath.payoutsSend}`, { method: 'POST', headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, 'content-type': 'application/json' }, body: '{}' })).rejects.toThrow();
      expect(await crashing.exited).toEqual({ code: null, signal: 'SIGKILL' });

      const restarted = await serverOn();
      const [left] = await operator<PayoutView[]>(restarted, 'GET', OperatorPath.payout.replace(':orderNo', orderNo));
      expect(left?.status).toBe('sending');
      const transfers = () => db.db.select().from(sandboxPayouts).where(eq(sandboxPayouts.idempotencyKey, left?.idempotencyKey ?? ''));
      expect(await transfers()).toHaveLength(LEFT_AT_PROVIDER[point]);

      expect(await operator<PayoutRunResult>(restarted, 'POST', OperatorPath.payoutsReconcile, {})).toMatchObject({ checked: 1, inFlight: 1 });
      expect(await transfers()).toHaveLength(1);
      await operator(restarted, 'POST', OperatorPath.payoutSandbox, { orderNo, outcome: 'settle' });
      const orders = await operator<Page<OrderSummary>>(restarted, 'GET', `${OperatorPath.orders}?userId=${session.userId}`);
      expect(orders.items.find((order) => order.orderNo === orderNo)?.status).toBe(LoanStatus.Disbursed);
      expect((await operator<LedgerCheckView>(restarted, 'GET', OperatorPath.ledgerCheck)).mismatches).toEqual([]);
      await restarted.stop();
    });
  });
});
