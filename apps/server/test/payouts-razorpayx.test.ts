import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, LoanStatus, OperatorPath, PAYOUT_WEBHOOK_BASE, type SettlementReportView } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, type TestApp } from './helper';
import { callOperatorApi, productByCode, pushOffer } from './loan-helpers';
import { givePayoutAccount } from './payout-account-factory';
import { approvedOrder, borrowerDetails, orderOf, payoutList, payoutsOf, rowOf, runReconciler, runSender } from './payout-helpers';
import { STAND_IN_KEY_ID, STAND_IN_KEY_SECRET, STAND_IN_WEBHOOK_SECRET, startRazorpayXStandIn, type RazorpayXStandIn, type StandInPayout } from './stand-ins/razorpayx-stand-in';

/**
 * India's payouts on RazorpayX through the app (docs/decisions/156, 158): the sender checks the
 * borrower's account by a fund account validation before its first payout, sends the payout under
 * our key, and RazorpayX's signed `payout.processed` webhook pays the order out with its UTR, the
 * first due date counted from RazorpayX's processing time. The app's clock runs ahead of
 * RazorpayX's, so a date taken from the wrong one shows.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
/** The account every Indian test borrower holds unless given another (payout-account-factory.ts). */
const BORROWER_ACCOUNT = '50100123451234';

let clock = new Date();
let stand: RazorpayXStandIn;
let secretFolder: string;
let t: TestApp;
beforeAll(async () => {
  stand = await startRazorpayXStandIn();
  stand.openAccount(BORROWER_ACCOUNT, 'TEST BORROWER');
  stand.openAccount('50100123459999', 'SOMEONE ELSE ENTIRELY');
  secretFolder = mkdtempSync(join(tmpdir(), 'razorpayx-secret-'));
  writeFileSync(join(secretFolder, 'key-secret'), `${STAND_IN_KEY_SECRET}\n`);
  t = await createTestApp({
    seed: true,
    now: () => clock,
    env: {
      PAYOUT_PROVIDER_IN: 'razorpayx',
      PAYOUT_RECONCILE_AFTER_MS: String(MINUTE_MS),
      RAZORPAYX_KEY_ID: STAND_IN_KEY_ID,
      // As a container mounts it.
      RAZORPAYX_KEY_SECRET_FILE: join(secretFolder, 'key-secret'),
      RAZORPAYX_ACCOUNT_NUMBER: stand.accountNumber,
      RAZORPAYX_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      RAZORPAYX_API_BASE_URL: stand.url,
      RAZORPAYX_TIMEOUT_MS: '2000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await stand?.close();
  rmSync(secretFolder, { recursive: true, force: true });
});

const payoutsFor = async (orderNo: string): Promise<StandInPayout[]> => {
  const key = (await payoutsOf(t.app, orderNo))[0]?.idempotencyKey;
  return stand.payouts.filter((payout) => payout.reference_id === key);
};

/** The beneficiary's bank credits a payout RazorpayX had queued: processed, with its UTR, now by RazorpayX's clock. */
async function processedAtRazorpayX(orderNo: string): Promise<StandInPayout> {
  const [payout] = await payoutsFor(orderNo);
  if (!payout) throw new Error(`RazorpayX has no payout for ${orderNo}`);
  const utr = `HDFCN${String(stand.payouts.indexOf(payout) + 1).padStart(11, '0')}`;
  const status_details = { description: 'Payout is processed and the money has been credited into the beneficiaries account', source: 'beneficiary_bank', reason: 'payout_processed' };
  return Object.assign(payout, { status: 'processed' as const, utr, processed_at: Math.floor(Date.now() / 1000), status_details });
}

/** RazorpayX's webhook about the payout, signed as RazorpayX signs it, delivered to our route. */
async function webhook(payout: StandInPayout, event: string) {
  const { rawBody, headers } = stand.webhook(payout.id, event);
  return t.app.inject({ method: 'POST', url: `${PAYOUT_WEBHOOK_BASE}/razorpayx`, payload: rawBody, headers });
}

describe('an Indian payout on RazorpayX', () => {
  it('checks the account, sends the payout, and pays the order out on the signed webhook with its UTR; the first due date counts from RazorpayX’s processing', async () => {
    const { session, orderNo, order } = await approvedOrder(t.app, '+919874000001', 'rupee-easy-91');
    expect((await payoutsOf(t.app, orderNo))[0]).toMatchObject({ status: 'queued', provider: 'razorpayx' });
    stand.nextPayouts({ status: 'queued' });
    expect((await runSender(t.app)).data.inFlight).toBeGreaterThanOrEqual(1);
    expect(stand.state.validations.some((validation) => validation.fund_account.bank_account.account_number === BORROWER_ACCOUNT)).toBe(true);
    const [sent] = await payoutsFor(orderNo);
    expect(sent).toMatchObject({ amount: order.disbursalMinor, currency: 'INR', mode: 'IMPS', status: 'queued' });
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('processing');

    clock = new Date(clock.getTime() + 4 * DAY_MS);
    const processed = await processedAtRazorpayX(orderNo);
    const answer = await webhook(processed, 'payout.processed');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ received: true, replay: false });

    const paidOut = await orderOf(t.app, session, orderNo);
    expect(paidOut.status).toBe(LoanStatus.Disbursed);
    // rupee-easy-91 is repaid once, 91 days after the money lands.
    expect(paidOut.dueDate).toBe(addDays(formatDate(new Date((processed.processed_at ?? 0) * 1000), 'IN'), 91));
    expect(paidOut.dueDate).not.toBe(addDays(formatDate(clock, 'IN'), 91));
    expect(processed.utr).toMatch(/^HDFCN\d{11}$/);
    expect(rowOf(await borrowerDetails(t.app, session, orderNo, '1'), 'UTR')).toBe(processed.utr);
    expect(await payoutsFor(orderNo)).toHaveLength(1);
  });

  it('refuses a webhook signed with another secret', async () => {
    const { orderNo } = await approvedOrder(t.app, '+919874000002', 'rupee-easy-91');
    stand.nextPayouts({ status: 'queued' });
    await runSender(t.app);
    const payout = await processedAtRazorpayX(orderNo);
    const { rawBody, headers } = stand.webhook(payout.id, 'payout.processed');
    const forged = await t.app.inject({ method: 'POST', url: `${PAYOUT_WEBHOOK_BASE}/razorpayx`, payload: rawBody, headers: { ...headers, 'x-razorpay-signature': '0'.repeat(64) } });
    expect(forged.statusCode).toBe(401);
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('processing');
    expect((await webhook(payout, 'payout.processed')).statusCode).toBe(200);
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('paid');
  });

  it('refuses before any money leaves an account the bank does not know or holds under another name, back with an operator and the borrower told', async () => {
    const unknown = await approvedOrder(t.app, '+919874000003', 'rupee-easy-91', { payoutAccount: false });
    await givePayoutAccount(t.database.db, Number(unknown.session.userId), { last4: '0000' });
    await callOperatorApi(t.app, 'POST', OperatorPath.payoutRetry, { orderNo: unknown.orderNo });
    const other = await approvedOrder(t.app, '+919874000004', 'rupee-easy-91', { payoutAccount: false });
    await givePayoutAccount(t.database.db, Number(other.session.userId), { last4: '9999' });
    await callOperatorApi(t.app, 'POST', OperatorPath.payoutRetry, { orderNo: other.orderNo });

    expect((await runSender(t.app)).data.rejected).toBe(2);
    expect((await payoutsOf(t.app, unknown.orderNo))[0]).toMatchObject({ status: 'rejected', reason: 'account-invalid' });
    expect((await payoutsOf(t.app, other.orderNo))[0]).toMatchObject({ status: 'rejected', reason: 'name-mismatch' });
    expect(await payoutsFor(unknown.orderNo)).toEqual([]);
    expect(await payoutsFor(other.orderNo)).toEqual([]);
    const attention = (await payoutList(t.app, 'attention')).map((p) => p.orderNo);
    expect(attention).toEqual(expect.arrayContaining([unknown.orderNo, other.orderNo]));
    expect((await orderOf(t.app, other.session, other.orderNo)).status).toBe(LoanStatus.Disbursing);
    expect((await borrowerDetails(t.app, other.session, other.orderNo, '1')).noticeDesText).toMatch(/Please check your payout account/);
  });

  it('pays once a payout whose send timed out after RazorpayX made it: the reconciler finds it by its reference', async () => {
    const { session, orderNo } = await approvedOrder(t.app, '+919874000005', 'rupee-easy-91');
    stand.answerNextPayoutAfter(5_000);
    expect((await runSender(t.app)).data.waiting).toBeGreaterThanOrEqual(1);
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('sending');
    expect(await payoutsFor(orderNo)).toHaveLength(1);
    clock = new Date(clock.getTime() + 2 * MINUTE_MS);
    expect((await runReconciler(t.app)).data.checked).toBeGreaterThanOrEqual(1);
    await runSender(t.app);
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('paid');
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursed);
    expect(await payoutsFor(orderNo)).toHaveLength(1);
  });

  it('makes one payout when the same order is approved twenty times at once and the sender runs twice at once', async () => {
    const session = await openSession(t.app, '+919874000006');
    const orderNo = await pushOffer(t.app, session, (await productByCode(t.app, 'rupee-easy-91')).id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => callOperatorApi(t.app, 'POST', OperatorPath.orderApprove, { orderNo })));
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, ...Array(19).fill(ErrorCode.OrderStatusConflict)]);
    stand.nextPayouts({ status: 'queued' });
    await Promise.all([runSender(t.app), runSender(t.app)]);
    expect(await payoutsFor(orderNo)).toHaveLength(1);
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('processing');
    await webhook(await processedAtRazorpayX(orderNo), 'payout.processed');
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursed);
  });

  it('settles the day’s payouts against RazorpayX’s list, with its fees', async () => {
    const processed = stand.payouts.filter((payout) => payout.status === 'processed');
    expect(processed).toHaveLength(4);
    const day = new Date((processed[0]?.created_at ?? 0) * 1000).toISOString().slice(0, 10);
    const run = await callOperatorApi<{ reports: SettlementReportView[] }>(t.app, 'POST', OperatorPath.settlementReports, { day, provider: 'razorpayx' });
    expect(run.data.reports).toMatchObject([{ provider: 'razorpayx', matchedCount: processed.length, missingInLedger: [], missingAtProvider: [] }]);
  });
});
