import { createHmac, randomBytes } from 'node:crypto';
import { ErrorCode, MachinePath, WEBHOOK_BASE, type InstallmentDetail, type RepayInstruction } from '@lend/contracts';
import { formatDate } from '@lend/domain';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loanInstallments, paymentExceptions, paymentReferences, razorpayVirtualAccounts } from '../src/db/schema';
import type { TestApp } from './helper';
import { RAZORPAY_TEST_TIMEOUT_MS, razorpayCashSuite } from './razorpay-helpers';
import { callBorrower } from './loan-helpers';
import { paymentsOf, repayingOrder, type RepayingOrder } from './payment-helpers';
import { capturedPayment, RazorpayStandIn, STAND_IN_KEY_ID, STAND_IN_KEY_SECRET, type RazorpayQrCode, type RazorpayVirtualAccount } from './stand-ins/razorpay-stand-in';

const WEBHOOK_SECRET = 'razorpay-webhook-secret-0001';
const RAZORPAY_PATH = `${WEBHOOK_BASE}/razorpay`;
const UPI = 'cashpoint-demo';
const BANK = 'bank-demo-in';

const suite = razorpayCashSuite(WEBHOOK_SECRET);
let stand: RazorpayStandIn;
let t: TestApp;
beforeAll(() => ({ t, stand } = suite));

/** The order's first installment: what it comes to, and how much of it is paid. */
async function firstInstallment(orderId: number) {
  const rows = await t.database.db.select().from(loanInstallments).where(eq(loanInstallments.orderId, orderId));
  const first = rows.sort((a, b) => a.seq - b.seq)[0];
  if (!first) throw new Error('no installment');
  return first;
}

function indiaDate(days = 0): string {
  return formatDate(new Date(Date.now() + days * 86_400_000), 'IN');
}

async function instruction(order: RepayingOrder, amount: number, payCode: string) {
  return callBorrower<RepayInstruction>(t.app, order.session, MachinePath.repayInstruction, { orderId: order.orderNo, requestType: '1', amount, payCode });
}

function payment(amount: number, method: 'upi' | 'bank_transfer', paidAt = new Date(Date.now() + 1_000)) {
  return { entity: capturedPayment(amount, method, paidAt) };
}

/** `qr_code.credited` as Razorpay sends it when a single-use QR code is paid. */
function qrCredited(qr: RazorpayQrCode, amount = qr.payment_amount) {
  return {
    entity: 'event',
    account_id: 'acc_StandIn0001',
    event: 'qr_code.credited',
    contains: ['qr_code', 'payment'],
    payload: {
      payment: payment(amount, 'upi'),
      qr_code: { entity: { ...qr, status: 'closed', payments_amount_received: amount, payments_count_received: 1, close_reason: 'paid' } },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

/** `virtual_account.credited` as Razorpay sends it when a transfer reaches a Smart Collect account. */
function accountCredited(account: RazorpayVirtualAccount, amount: number) {
  const paid = payment(amount, 'bank_transfer');
  return {
    entity: 'event',
    account_id: 'acc_StandIn0001',
    event: 'virtual_account.credited',
    contains: ['payment', 'virtual_account', 'bank_transfer'],
    payload: {
      payment: paid,
      virtual_account: { entity: { ...account, amount_paid: amount } },
      bank_transfer: {
        entity: {
          id: `bt_${randomBytes(7).toString('hex')}`,
          entity: 'bank_transfer',
          payment_id: paid.entity.id,
          mode: 'NEFT',
          bank_reference: '157414364471',
          amount,
          payer_bank_account: { id: 'ba_Di5iqCqA1WEHq6', entity: 'bank_account', ifsc: 'KKBK0000007', bank_name: 'Kotak Mahindra Bank', name: 'Borrower', account_number: '765432123456789' },
          virtual_account_id: account.id,
          virtual_account: account,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}

async function deliverRazorpay(event: unknown, options: { secret?: string; eventId?: string; signature?: string } = {}) {
  const payload = JSON.stringify(event);
  const signature = options.signature ?? createHmac('sha256', options.secret ?? WEBHOOK_SECRET).update(payload).digest('hex');
  const response = await t.app.inject({
    method: 'POST',
    url: RAZORPAY_PATH,
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': options.eventId ?? `E${randomBytes(7).toString('hex')}` },
    payload,
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

function qrOf(reference: string): RazorpayQrCode {
  const qr = stand.qrCodes.get(reference);
  if (!qr) throw new Error(`no QR code ${reference}`);
  return qr;
}

describe('India by UPI through Razorpay', () => {
  it('gives the borrower a UPI QR code for the installment and pays the installment when Razorpay reports it credited', async () => {
    const order = await repayingOrder(t, '9812470001', 'rupee-plus-180', indiaDate(20));
    const amount = (await firstInstallment(order.orderId)).amountMinor;
    const answer = await instruction(order, amount, UPI);
    expect(answer.code).toBe(0);
    const qr = qrOf(answer.data.repayDetail.vCode);
    expect(answer.data.repayDetail).toMatchObject({ upiQrUrl: qr.image_url, upiIntentUrl: qr.image_content, expiresAt: new Date(qr.close_by * 1000).toISOString() });
    // The QR code is drawn from its UPI link; no till scans a barcode of its id.
    expect(answer.data.repayDetail.upiQrImg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(answer.data.repayDetail.repayCode).toBe('');
    expect(answer.data.dataList[0]?.content.join(' ')).toContain('UPI');
    const call = stand.calls.find((c) => c.path === '/v1/payments/qr_codes' && (c.body.notes as Record<string, string>).orderNo === order.orderNo);
    expect(call?.body).toMatchObject({ type: 'upi_qr', usage: 'single_use', fixed_amount: true, payment_amount: amount, notes: { channelCode: UPI, requestType: '1' } });
    expect(call?.authorization).toBe(`Basic ${Buffer.from(`${STAND_IN_KEY_ID}:${STAND_IN_KEY_SECRET}`).toString('base64')}`);
    // Asked again, the borrower gets the same QR code and Razorpay is not asked again.
    const callsBefore = stand.calls.length;
    expect((await instruction(order, amount, UPI)).data.repayDetail.vCode).toBe(qr.id);
    expect(stand.calls.length).toBe(callsBefore);

    const paid = await deliverRazorpay(qrCredited(qr));
    expect(paid).toEqual({ status: 200, body: { received: true, receiptNo: `${order.orderNo}-1`, replay: false } });
    expect((await firstInstallment(order.orderId)).paidMinor).toBe(amount);
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ provider: 'razorpay', amountMinor: amount, channelCode: UPI }]);
  });

  it('links no UPI app and draws no QR code when Razorpay gives no UPI link with its QR code', async () => {
    const order = await repayingOrder(t, '9812470009', 'rupee-plus-180', indiaDate(20));
    const amount = (await firstInstallment(order.orderId)).amountMinor;
    stand.imageContentNext(null, 'javascript:alert(1)');
    const without = (await instruction(order, amount, UPI)).data.repayDetail;
    expect(without.upiQrUrl).toMatch(/^https:\/\/rzp\.io\/i\//);
    expect(without).not.toHaveProperty('upiIntentUrl');
    expect(without).not.toHaveProperty('upiQrImg');
    const notALink = (await instruction(order, amount - 100, UPI)).data.repayDetail;
    expect(notALink).not.toHaveProperty('upiIntentUrl');
    expect(notALink).not.toHaveProperty('upiQrImg');
  });

  it('shows the QR code and the transfer account in the installment overview', async () => {
    const order = await repayingOrder(t, '9812470002', 'rupee-plus-180', indiaDate(0));
    const detail = await callBorrower<InstallmentDetail>(t.app, order.session, MachinePath.installmentDetail, { orderId: order.orderNo });
    expect(detail.code).toBe(0);
    const items = detail.data.repayList.flatMap((group) => group.list);
    expect(items.find((item) => item.payCode === UPI)?.upiQrUrl).toMatch(/^https:\/\/rzp\.io\/i\//);
    expect(items.find((item) => item.payCode === BANK)).toMatchObject({ ifsc: 'RATN0VAAPIS', bankName: 'RBL Bank', beneficiary: 'Lend Demo', accountNumber: expect.stringMatching(/^2223330\d{9}$/) });
  });

  it('applies a replayed payment once (under its payment id, whatever the event id), and parks the same payment with a changed amount for an operator', async () => {
    const order = await repayingOrder(t, '9812470003', 'rupee-plus-180', indiaDate(20));
    const answer = await instruction(order, 1_000_00, UPI);
    const event = qrCredited(qrOf(answer.data.repayDetail.vCode));
    const eventId = `E${randomBytes(7).toString('hex')}`;

    expect((await deliverRazorpay(event, { eventId })).body).toMatchObject({ received: true, replay: false });
    expect((await deliverRazorpay(event, { eventId })).body).toMatchObject({ received: true, replay: true, receiptNo: `${order.orderNo}-1` });
    // Another delivery of the same payment under a new event id is the same payment.
    expect((await deliverRazorpay(event)).body).toMatchObject({ received: true, replay: true });
    const paymentId = event.payload.payment.entity.id;
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ providerEventId: paymentId }]);

    const changed = { ...event, payload: { ...event.payload, payment: { entity: { ...event.payload.payment.entity, amount: 2_000_00 } } } };
    expect(await deliverRazorpay(changed, { eventId })).toMatchObject({ status: 409, body: { error: 'event_id_reused' } });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    const parked = await t.database.db.select().from(paymentExceptions).where(eq(paymentExceptions.eventId, paymentId));
    expect(parked).toMatchObject([{ provider: 'razorpay', reason: 'event_id_reused' }]);
  });

  it('refuses a wrong or missing signature with 400, moving nothing', async () => {
    const order = await repayingOrder(t, '9812470004', 'rupee-plus-180', indiaDate(20));
    const answer = await instruction(order, 1_000_00, UPI);
    const event = qrCredited(qrOf(answer.data.repayDetail.vCode));

    expect(await deliverRazorpay(event, { secret: 'another-webhook-secret' })).toMatchObject({ status: 400, body: { error: 'bad_signature' } });
    expect(await deliverRazorpay(event, { signature: '' })).toMatchObject({ status: 400, body: { error: 'bad_signature' } });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
  });

  it('acknowledges payment.captured and unrelated events without moving money, and refuses a QR code we never issued', async () => {
    const captured = { entity: 'event', event: 'payment.captured', contains: ['payment'], payload: { payment: payment(500_00, 'upi') }, created_at: 1 };
    expect(await deliverRazorpay(captured)).toEqual({ status: 200, body: { received: true, ignored: true } });
    const stranger = { ...qrOf((await instruction(await repayingOrder(t, '9812470005', 'rupee-plus-180', indiaDate(20)), 1_000_00, UPI)).data.repayDetail.vCode), id: 'qr_unknown0001' };
    expect(await deliverRazorpay(qrCredited(stranger))).toMatchObject({ status: 404, body: { error: 'unknown_reference' } });
  });

  it('tells the borrower to try later when Razorpay answers a rate limit or a bad request, saving no reference', async () => {
    const order = await repayingOrder(t, '9812470006', 'rupee-plus-180', indiaDate(20));
    stand.rateLimitNext(10);
    expect(await instruction(order, 1_000_00, UPI)).toMatchObject({ status: 503, code: ErrorCode.PaymentReferenceUnavailable });
    expect(stand.calls.at(-1)?.answered).toBe(429);
    stand.rateLimitNext(0);
    stand.refuseNext(10);
    expect(await instruction(order, 1_000_00, UPI)).toMatchObject({ status: 503, code: ErrorCode.PaymentReferenceUnavailable });
    expect(stand.calls.at(-1)?.answered).toBe(400);
    stand.refuseNext(0);
    const rows = await t.database.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, order.orderId));
    expect(rows).toHaveLength(0);
  });

  it('tells the borrower to try later once Razorpay leaves a QR code unanswered for RAZORPAY_TIMEOUT_MS, saving no reference', async () => {
    const order = await repayingOrder(t, '9812470019', 'rupee-plus-180', indiaDate(20));
    stand.neverAnswerNext(1, 'POST');
    const started = Date.now();
    expect(await instruction(order, 1_000_00, UPI)).toMatchObject({ status: 503, code: ErrorCode.PaymentReferenceUnavailable });
    expect(Date.now() - started).toBeLessThan(RAZORPAY_TEST_TIMEOUT_MS + 3_000);
    expect(await t.database.db.select().from(paymentReferences).where(eq(paymentReferences.orderId, order.orderId))).toHaveLength(0);
  });

  it('closes the QR code of a reference past its deadline when it issues the next', async () => {
    const order = await repayingOrder(t, '9812470007', 'rupee-plus-180', indiaDate(20));
    const first = await instruction(order, 1_000_00, UPI);
    await t.database.db.update(paymentReferences).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(paymentReferences.providerPaymentId, first.data.repayDetail.vCode));
    const next = await instruction(order, 1_000_00, UPI);
    expect(next.data.repayDetail).toMatchObject({ expiredVCode: first.data.repayDetail.vCode });
    expect(qrOf(first.data.repayDetail.vCode)).toMatchObject({ status: 'closed', close_reason: 'on_demand' });
  });
});

describe('India by bank transfer into a Razorpay Smart Collect account', () => {
  it('gives the borrower their own account, reused for their next reference, and pays the installment when Razorpay reports it credited', async () => {
    const order = await repayingOrder(t, '9812470101', 'rupee-plus-180', indiaDate(20));
    const amount = (await firstInstallment(order.orderId)).amountMinor;
    const partial = await instruction(order, 1_000_00, BANK);
    expect(partial.code).toBe(0);
    const answer = await instruction(order, amount, BANK);
    const [row] = await t.database.db.select().from(razorpayVirtualAccounts).where(eq(razorpayVirtualAccounts.borrowerId, Number(order.session.userId)));
    const account = row ? stand.accounts.get(row.virtualAccountId) : undefined;
    if (!account) throw new Error('no account opened');
    const bank = account.receivers[0];
    expect(answer.data.repayDetail).toMatchObject({ accountNumber: bank?.account_number, ifsc: bank?.ifsc, bankName: bank?.bank_name, beneficiary: bank?.name });
    expect(partial.data.repayDetail.accountNumber).toBe(bank?.account_number);
    expect(stand.calls.filter((c) => c.path === '/v1/virtual_accounts' && (c.body.notes as Record<string, string>).borrowerId === order.session.userId)).toHaveLength(1);
    expect(stand.calls.find((c) => c.path === '/v1/virtual_accounts' && (c.body.notes as Record<string, string>).borrowerId === order.session.userId)?.body).toMatchObject({
      receivers: { types: ['bank_account'] },
    });

    const paid = await deliverRazorpay(accountCredited(account, amount));
    expect(paid).toEqual({ status: 200, body: { received: true, receiptNo: `${order.orderNo}-1`, replay: false } });
    expect((await firstInstallment(order.orderId)).paidMinor).toBe(amount);
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ provider: 'razorpay', amountMinor: amount, channelCode: BANK }]);
  });

  it('applies a replayed transfer once and refuses a credit to an account we never opened', async () => {
    const order = await repayingOrder(t, '9812470102', 'rupee-plus-180', indiaDate(20));
    await instruction(order, 1_000_00, BANK);
    const [row] = await t.database.db.select().from(razorpayVirtualAccounts).where(eq(razorpayVirtualAccounts.borrowerId, Number(order.session.userId)));
    const account = row ? stand.accounts.get(row.virtualAccountId) : undefined;
    if (!account) throw new Error('no account opened');
    const event = accountCredited(account, 1_000_00);
    const eventId = `E${randomBytes(7).toString('hex')}`;
    expect((await deliverRazorpay(event, { eventId })).body).toMatchObject({ received: true, replay: false });
    expect((await deliverRazorpay(event, { eventId })).body).toMatchObject({ received: true, replay: true });
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ amountMinor: 1_000_00 }]);
    expect(await deliverRazorpay(accountCredited({ ...account, id: 'va_unknown0001' }, 1_000_00))).toMatchObject({ status: 404, body: { error: 'unknown_reference' } });
  });
});
