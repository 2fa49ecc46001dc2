import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, LoanStatus, OperatorPath, PAYOUT_WEBHOOK_BASE, type SettlementReportView } from '@lend/contracts';
import { addDays, clabeCheckDigit, formatDate } from '@lend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingKeyOf } from '../src/providers/payouts/stp/stp-order';
import { createTestApp, openSession, type TestApp } from './helper';
import { callOperatorApi, productByCode, pushOffer } from './loan-helpers';
import { approvedOrder, borrowerDetails, orderOf, payoutList, payoutsOf, rowOf, runReconciler, runSender } from './payout-helpers';
import { startStpStandIn, type StandInOrder, type StpStandIn } from './stand-ins/stp-stand-in';

/**
 * Mexico's payouts on STP through the app (docs/decisions/157, 158): the sender registers a signed
 * SPEI order at the stand-in, STP's unsigned `cambioEstado` callback posted to our webhook is
 * confirmed by a look-up and answered as STP documents, and the order is paid out with the SPEI
 * tracking key, its first due date counted from STP's settlement. The app's clock runs ahead of
 * STP's, so a date taken from the wrong one shows.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const EMPRESA = 'PRESTAMOS';
const ordenante = () => {
  const first17 = '64618010400000000';
  return `${first17}${clabeCheckDigit(first17)}`;
};

let clock = new Date();
let stand: StpStandIn;
let keyFolder: string;
let t: TestApp;
beforeAll(async () => {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  stand = await startStpStandIn({ empresa: EMPRESA, ordenanteCuenta: ordenante(), publicKeyPem: keys.publicKey });
  keyFolder = mkdtempSync(join(tmpdir(), 'stp-key-'));
  writeFileSync(join(keyFolder, 'stp.pem'), keys.privateKey);
  t = await createTestApp({
    seed: true,
    now: () => clock,
    env: {
      PAYOUT_PROVIDER_MX: 'stp',
      PAYOUT_RECONCILE_AFTER_MS: String(MINUTE_MS),
      STP_API_BASE_URL: stand.url,
      STP_EMPRESA: EMPRESA,
      STP_ORDENANTE_CUENTA: ordenante(),
      STP_ORDENANTE_NOMBRE: 'Préstamos Ejemplo SA de CV',
      STP_ORDENANTE_RFC_CURP: 'PEJ200101AB1',
      // As a container mounts it.
      STP_PRIVATE_KEY_FILE: join(keyFolder, 'stp.pem'),
      STP_TIMEOUT_MS: '2000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await stand?.close();
  rmSync(keyFolder, { recursive: true, force: true });
});

async function orderAtStp(orderNo: string): Promise<StandInOrder> {
  const [payout] = await payoutsOf(t.app, orderNo);
  const order = stand.orders.find((kept) => kept.claveRastreo === trackingKeyOf(payout?.idempotencyKey ?? ''));
  if (!order) throw new Error(`STP has no order for ${orderNo}`);
  return order;
}

const ordersFor = async (orderNo: string) => {
  const key = trackingKeyOf((await payoutsOf(t.app, orderNo))[0]?.idempotencyKey ?? '');
  return stand.orders.filter((order) => order.claveRastreo === key);
};

/** STP's callback about the order, posted to our webhook as STP posts it: unsigned JSON. */
const cambioEstado = async (order: StandInOrder) =>
  t.app.inject({ method: 'POST', url: `${PAYOUT_WEBHOOK_BASE}/stp`, payload: stand.cambioEstado(order), headers: { 'content-type': 'application/json' } });

describe('a Mexican payout on STP', () => {
  it('is registered at approval’s send, settled by SPEI, told by STP’s callback, and shown with its tracking key; the first due date counts from STP’s settlement', async () => {
    const { session, orderNo, order } = await approvedOrder(t.app, '5574000001', 'peso-plus-120');
    expect((await payoutsOf(t.app, orderNo))[0]).toMatchObject({ status: 'queued', provider: 'stp' });
    expect((await runSender(t.app)).data.inFlight).toBeGreaterThanOrEqual(1);
    const atStp = await orderAtStp(orderNo);
    expect(atStp).toMatchObject({ monto: order.disbursalMinor / 100, empresa: EMPRESA, nombreBeneficiario: 'Test Borrower' });
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('processing');

    clock = new Date(clock.getTime() + 4 * DAY_MS);
    stand.settle(atStp.claveRastreo, { kind: 'liquidated' });
    const answer = await cambioEstado(atStp);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ mensaje: 'recibido' });
    expect((await cambioEstado(atStp)).json()).toEqual({ mensaje: 'recibido' });

    const paidOut = await orderOf(t.app, session, orderNo);
    expect(paidOut.status).toBe(LoanStatus.Disbursed);
    expect(paidOut.dueDate).toBe(addDays(formatDate(new Date(atStp.tsLiquidacion ?? 0), 'MX'), 30));
    expect(paidOut.dueDate).not.toBe(addDays(formatDate(clock, 'MX'), 30));
    expect(rowOf(await borrowerDetails(t.app, session, orderNo, '2'), 'Clave de rastreo SPEI')).toBe(atStp.claveRastreo);
    expect(await ordersFor(orderNo)).toHaveLength(1);
  });

  it('refuses a callback STP’s records do not bear out, and one for another company', async () => {
    const { orderNo } = await approvedOrder(t.app, '5574000002', 'peso-flex-91');
    await runSender(t.app);
    const atStp = await orderAtStp(orderNo);
    const forged = await t.app.inject({ method: 'POST', url: `${PAYOUT_WEBHOOK_BASE}/stp`, payload: stand.cambioEstado(atStp, { id: atStp.idEF + 1, estado: 'LIQUIDACION' }), headers: { 'content-type': 'application/json' } });
    expect(forged.statusCode).toBe(401);
    const elsewhere = await t.app.inject({ method: 'POST', url: `${PAYOUT_WEBHOOK_BASE}/stp`, payload: stand.cambioEstado(atStp, { empresa: 'OTRA' }), headers: { 'content-type': 'application/json' } });
    expect(elsewhere.statusCode).toBe(401);
    // The callback says settled; STP's own record still says sent: nothing moves.
    expect((await t.app.inject({ method: 'POST', url: `${PAYOUT_WEBHOOK_BASE}/stp`, payload: stand.cambioEstado(atStp, { estado: 'LIQUIDACION' }), headers: { 'content-type': 'application/json' } })).statusCode).toBe(200);
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('processing');
    stand.settle(atStp.claveRastreo, { kind: 'liquidated' });
    await cambioEstado(atStp);
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('paid');
  });

  it('goes back to an operator when the bank returns it for a closed account, and tells the borrower', async () => {
    const { session, orderNo } = await approvedOrder(t.app, '5574000003', 'peso-plus-120');
    stand.nextOrder({ kind: 'returned', causaDevolucion: 3 });
    await runSender(t.app);
    const atStp = await orderAtStp(orderNo);
    expect((await cambioEstado(atStp)).json()).toEqual({ mensaje: 'recibido' });
    expect((await payoutsOf(t.app, orderNo))[0]).toMatchObject({ status: 'rejected', reason: 'account-closed' });
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursing);
    expect((await payoutList(t.app, 'attention')).map((p) => p.orderNo)).toContain(orderNo);
    expect((await borrowerDetails(t.app, session, orderNo, '2')).noticeDesText).toMatch(/^No pudimos depositar en su cuenta con terminación \d{4}\. Revise su cuenta de depósito/);
  });

  it('pays once a payout whose send timed out after STP took it: the reconciler finds it by its tracking key', async () => {
    const { session, orderNo } = await approvedOrder(t.app, '5574000004', 'peso-plus-120');
    stand.delayNext(5_000);
    expect((await runSender(t.app)).data.waiting).toBeGreaterThanOrEqual(1);
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('sending');
    clock = new Date(clock.getTime() + 2 * MINUTE_MS);
    expect((await runReconciler(t.app)).data.checked).toBeGreaterThanOrEqual(1);
    const atStp = await orderAtStp(orderNo);
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('processing');
    await runSender(t.app);
    stand.settle(atStp.claveRastreo, { kind: 'liquidated' });
    await cambioEstado(atStp);
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursed);
    expect(await ordersFor(orderNo)).toHaveLength(1);
  });

  it('matches STP’s callback by its tracking key when STP’s answer to the send never reached us', async () => {
    const { session, orderNo } = await approvedOrder(t.app, '5574000005', 'peso-flex-91');
    stand.delayNext(5_000);
    await runSender(t.app);
    const atStp = await orderAtStp(orderNo);
    stand.settle(atStp.claveRastreo, { kind: 'liquidated' });
    await cambioEstado(atStp);
    expect((await payoutsOf(t.app, orderNo))[0]).toMatchObject({ status: 'paid', transferRef: atStp.claveRastreo });
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursed);
    const unmatched = await callOperatorApi<{ provider: string }[]>(t.app, 'GET', OperatorPath.payoutEventsUnmatched);
    expect(unmatched.data.filter((event) => event.provider === 'stp')).toEqual([]);
  });

  it('keeps a payout whose order STP holds as captured (C) in flight: nothing to send again, and it pays once SPEI settles it', async () => {
    const { session, orderNo } = await approvedOrder(t.app, '5574000007', 'peso-flex-91');
    await runSender(t.app);
    const atStp = await orderAtStp(orderNo);
    stand.settle(atStp.claveRastreo, { kind: 'estado', estado: 'C' });
    expect((await cambioEstado(atStp)).json()).toEqual({ mensaje: 'recibido' });
    clock = new Date(clock.getTime() + 2 * MINUTE_MS);
    await runReconciler(t.app);
    expect((await payoutsOf(t.app, orderNo))[0]?.status).toBe('processing');
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursing);
    expect((await payoutList(t.app, 'attention')).map((p) => p.orderNo)).not.toContain(orderNo);
    await runSender(t.app);
    expect(await ordersFor(orderNo)).toHaveLength(1);
    stand.settle(atStp.claveRastreo, { kind: 'liquidated' });
    await cambioEstado(atStp);
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursed);
  });

  it('registers one order when the same order is approved twenty times at once and the sender runs twice at once', async () => {
    const session = await openSession(t.app, '5574000006');
    const orderNo = await pushOffer(t.app, session, (await productByCode(t.app, 'peso-flex-91')).id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => callOperatorApi(t.app, 'POST', OperatorPath.orderApprove, { orderNo })));
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, ...Array(19).fill(ErrorCode.OrderStatusConflict)]);
    await Promise.all([runSender(t.app), runSender(t.app)]);
    expect(await ordersFor(orderNo)).toHaveLength(1);
    const atStp = await orderAtStp(orderNo);
    stand.settle(atStp.claveRastreo, { kind: 'liquidated' });
    await cambioEstado(atStp);
    expect((await orderOf(t.app, session, orderNo)).status).toBe(LoanStatus.Disbursed);
  });

  it('settles the day’s payouts against STP’s listing of the orders it sent', async () => {
    const paid = stand.orders.filter((order) => order.estado === 'LQ');
    const day = new Date(paid[0]?.tsLiquidacion ?? 0).toISOString().slice(0, 10);
    const run = await callOperatorApi<{ reports: SettlementReportView[] }>(t.app, 'POST', OperatorPath.settlementReports, { day, provider: 'stp' });
    expect(run.data.reports).toMatchObject([{ provider: 'stp', matchedCount: paid.length, missingInLedger: [], missingAtProvider: [] }]);
    expect(paid).toHaveLength(6);
  });
});
