import { OperatorPath, type SettlementReportView } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_COMMANDS } from '../src/cli/refund-commands';
import { providerPaymentsBetween } from '../src/modules/payments';
import { sandboxCashSettlement } from '../src/providers/refunds/sandbox-settlement';
import { SandboxRefunds } from '../src/providers/refunds/sandbox-refunds';
import type { SettlementLine, SettlementSource } from '../src/providers/refunds/settlement-source';
import { createTestApp, operatorCommandLine, type TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';
import { paymentsOf } from './payment-helpers';
import { createRefund, overpaidOrder } from './refund-helpers';

let t: TestApp;
/** Lines the provider's report adds, and provider ids it leaves out: the two ways a report disagrees. */
const extraLines: SettlementLine[] = [];
const leftOut = new Set<string>();

/** The sandbox cash network's report, changed as a test says. */
const cashSource: SettlementSource = {
  name: 'sandbox-cash',
  async settlementLines(day) {
    const lines = await sandboxCashSettlement(t.database.db, providerPaymentsBetween).settlementLines(day);
    return [...lines.filter((line) => !leftOut.has(line.providerTxId)), ...extraLines];
  },
};

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    refundRails: {
      refunds: new Map([['sandbox-cash', { name: 'sandbox-cash', refund: (request) => new SandboxRefunds('sandbox-cash', t.database.db).refund(request) }]]),
      settlement: [cashSource],
    },
  });
});
afterAll(async () => t?.close());

const today = () => new Date().toISOString().slice(0, 10);

async function report(): Promise<SettlementReportView> {
  const answer = await callOperatorApi<{ reports: SettlementReportView[] }>(t.app, 'POST', OperatorPath.settlementReports, { day: today(), provider: 'sandbox-cash' });
  expect(answer.code).toBe(0);
  const [only] = answer.data.reports;
  if (!only) throw new Error('no report');
  return only;
}

describe("a provider's daily settlement matched against the ledger", () => {
  it('counts matched payments and refunds, lists a mismatch of each kind, totals the fees, and logs the mismatch', async () => {
    const before = await report();
    expect(before).toMatchObject({ missingInLedger: [], missingAtProvider: [] });

    const refunded = await overpaidOrder(t, '5566650001', 40_00);
    const refund = await createRefund(t, { orderNo: refunded.orderNo });
    await callOperatorApi(t.app, 'POST', OperatorPath.refundsFollow, {});
    expect(refund.code).toBe(0);
    const [paid] = await paymentsOf(t, refunded.orderId);
    const unsettled = await overpaidOrder(t, '5566650002', 10_00);
    const [hidden] = await paymentsOf(t, unsettled.orderId);
    if (!paid || !hidden) throw new Error('payments not applied');
    leftOut.add(hidden.providerEventId);
    extraLines.push(
      { providerTxId: 'evt_never_reported_to_us', kind: 'payment', amountMinor: 123_00, currency: 'MXN', feeMinor: 2_46, reference: '90000000000001' },
      { providerTxId: 'fee_monthly_terminal', kind: 'fee', amountMinor: 7_00, currency: 'MXN', feeMinor: 0 },
    );

    const after = await report();
    expect(after.id).toBe(before.id);
    // The overpaid payment and its refund.
    expect(after.matchedCount - before.matchedCount).toBe(2);
    expect(after.missingInLedger).toEqual([
      { providerTxId: 'evt_never_reported_to_us', kind: 'payment', amountMinor: 123_00, currency: 'MXN', feeMinor: 2_46, reference: '90000000000001', reason: 'not-in-ledger' },
    ]);
    expect(after.missingAtProvider).toEqual([{ kind: 'payment', providerTxId: hidden.providerEventId, amountMinor: hidden.amountMinor, orderNo: unsettled.orderNo }]);
    // The sandbox network keeps 2% of each payment it settles; a refund carries no fee.
    expect(after.feeTotalMinor - before.feeTotalMinor).toBe(Math.round(paid.amountMinor * 0.02) + 2_46 + 7_00);
    // The fees are read in the currency the day was settled in (docs/decisions/238).
    expect(after.currency).toBe('MXN');
    expect(t.logs()).toContain('settlement does not match the ledger');
  });

  it('runs a day from the command line and lists the reports a page at a time', async () => {
    const context = await operatorCommandLine(t);
    const run = REFUND_COMMANDS.find((c) => c.words.join(' ') === 'settlement report');
    await run?.run(context, { date: [today()], provider: ['sandbox-cash'] }, []);
    const printed = JSON.parse(context.printed.at(-1) ?? 'null') as { reports: SettlementReportView[] };
    expect(printed.reports.map((r) => r.provider)).toEqual(['sandbox-cash']);
    await callOperatorApi(t.app, 'POST', OperatorPath.settlementReports, { day: '2026-01-02', provider: 'sandbox-cash' });

    const first = await callOperatorApi<{ items: SettlementReportView[]; nextCursor: string | null }>(t.app, 'GET', `${OperatorPath.settlementReports}?limit=1`);
    expect(first.data.items.map((r) => r.day)).toEqual(['2026-01-02']);
    const second = await callOperatorApi<{ items: SettlementReportView[]; nextCursor: string | null }>(
      t.app,
      'GET',
      `${OperatorPath.settlementReports}?limit=1&cursor=${first.data.nextCursor ?? ''}`,
    );
    expect(second.data.items.map((r) => r.day)).toEqual([today()]);
    expect(second.data.nextCursor).toBeNull();
    // A day with nothing settled and nothing of ours missed has no currency to state (docs/decisions/238).
    extraLines.length = 0;
    expect((await callOperatorApi<{ reports: SettlementReportView[] }>(t.app, 'POST', OperatorPath.settlementReports, { day: '2026-01-03', provider: 'sandbox-cash' })).data.reports).toEqual([
      expect.objectContaining({ matchedCount: 0, missingInLedger: [], missingAtProvider: [], feeTotalMinor: 0, currency: null }),
    ]);
  });
});
