import { randomBytes } from 'node:crypto';
import nock from 'nock';

export const RAZORPAY_API = 'https://api.razorpay.com';
export const STAND_IN_KEY_ID = 'rzp_test_StandIn0001';
export const STAND_IN_KEY_SECRET = 'stand-in-key-secret-0001';

const EXPECTED_AUTH = `Basic ${Buffer.from(`${STAND_IN_KEY_ID}:${STAND_IN_KEY_SECRET}`).toString('base64')}`;

export type RazorpayQrCode = {
  id: string;
  entity: 'qr_code';
  created_at: number;
  name: string;
  usage: 'single_use';
  type: 'upi_qr';
  image_url: string;
  payment_amount: number;
  status: 'active' | 'closed';
  description: string;
  fixed_amount: boolean;
  payments_amount_received: number;
  payments_count_received: number;
  notes: Record<string, string>;
  customer_id: string | null;
  close_by: number;
  closed_at: number | null;
  close_reason: string | null;
};

export type RazorpayVirtualAccount = {
  id: string;
  name: string;
  entity: 'virtual_account';
  status: 'active';
  description: string;
  amount_expected: null;
  notes: Record<string, string>;
  amount_paid: number;
  customer_id: string | null;
  receivers: { id: string; entity: 'bank_account'; ifsc: string; bank_name: string; name: string; notes: string[]; account_number: string }[];
  close_by: null;
  closed_at: null;
  created_at: number;
};

export type RazorpayCall = { method: string; path: string; body: Record<string, unknown>; authorization: string | undefined; answered: number };

/** A captured payment as Razorpay's payment entity documents it (the part refunds and settlements read). */
export type RazorpayPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured';
  method: 'upi' | 'bank_transfer' | 'card';
  amount_refunded: number;
  refund_status: 'partial' | 'full' | null;
  captured: true;
  description: string | null;
  email: string;
  contact: string;
  notes: Record<string, string> | [];
  /** Razorpay's fee, GST included; `tax` is the GST. */
  fee: number;
  tax: number;
  created_at: number;
};

/** A refund as Razorpay's refund entity documents it. */
export type RazorpayRefund = {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Record<string, string | number>;
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal' | 'instant';
  speed_requested: 'normal' | 'optimum';
};

/** One line of the settlement recon (`GET /v1/settlements/recon/combined`), as documented. */
export type RazorpayReconItem = {
  entity_id: string;
  type: 'payment' | 'refund' | 'transfer' | 'adjustment';
  debit: number;
  credit: number;
  amount: number;
  currency: 'INR';
  fee: number;
  tax: number;
  on_hold: boolean;
  settled: boolean;
  created_at: number;
  settled_at: number;
  settlement_id: string;
  posted_at: null;
  credit_type: 'default';
  description: string | null;
  notes: Record<string, string> | [];
  payment_id: string | null;
  settlement_utr: string;
  order_id: string | null;
  order_receipt: null;
  method: string;
  card_network: string | null;
  card_issuer: string | null;
  card_type: string | null;
  dispute_id: null;
};

const id = (prefix: string) => `${prefix}_${randomBytes(7).toString('hex')}`;
const digits = (count: number) => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');

/**
 * Razorpay's API as its documentation describes it, intercepted in this process (the official
 * client has no address to point elsewhere): QR codes and Smart Collect accounts with their
 * documented entities, basic auth with the stand-in key checked, and Razorpay's error bodies for
 * a bad request and for a rate limit.
 */
export class RazorpayStandIn {
  readonly qrCodes = new Map<string, RazorpayQrCode>();
  readonly accounts = new Map<string, RazorpayVirtualAccount>();
  readonly calls: RazorpayCall[] = [];
  private rateLimited = 0;
  private badRequests = 0;

  constructor() {
    const answer = this.answer.bind(this);
    const reply = (handle: (path: string, body: Record<string, unknown>) => [number, unknown]) =>
      function (this: nock.ReplyFnContext, path: string, body: nock.Body): [number, unknown] {
        const header = this.req.headers.authorization;
        return answer(typeof header === 'string' ? header : undefined, path, typeof body === 'object' ? (body as Record<string, unknown>) : {}, handle);
      };
    nock(RAZORPAY_API)
      .persist()
      .post('/v1/payments/qr_codes')
      .reply(reply((_path, body) => [200, this.createQr(body)]))
      .post(/^\/v1\/payments\/qr_codes\/qr_[a-f0-9]+\/close$/)
      .reply(reply((path) => this.closeQr(path)))
      .post('/v1/virtual_accounts')
      .reply(reply((_path, body) => [200, this.createAccount(body)]));
    this.interceptRefundsAndSettlements();
  }

  private answer(
    authorization: string | undefined,
    path: string,
    body: Record<string, unknown>,
    handle: (path: string, body: Record<string, unknown>) => [number, unknown],
    method = 'POST',
  ): [number, unknown] {
    const call: RazorpayCall = { method, path, body, authorization, answered: 0 };
    this.calls.push(call);
    const error = (description: string, more: Record<string, string> = {}) => ({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', ...more } });
    let result: [number, unknown];
    if (authorization !== EXPECTED_AUTH) result = [401, error('The api key provided is invalid')];
    else if (this.rateLimited > 0) {
      this.rateLimited -= 1;
      result = [429, error('Too many requests')];
    } else if (this.badRequests > 0) {
      this.badRequests -= 1;
      result = [400, error('The close by must be at least 15 minutes after current time', { field: 'close_by', reason: 'input_validation_failed' })];
    } else result = handle(path, body);
    call.answered = result[0];
    return result;
  }

  rateLimitNext(count: number): void {
    this.rateLimited = count;
  }

  refuseNext(count: number): void {
    this.badRequests = count;
  }

  close(): void {
    nock.cleanAll();
  }

  private createQr(body: Record<string, unknown>): RazorpayQrCode {
    const qr: RazorpayQrCode = {
      id: id('qr'),
      entity: 'qr_code',
      created_at: Math.floor(Date.now() / 1000),
      name: String(body.name ?? ''),
      usage: 'single_use',
      type: 'upi_qr',
      image_url: `https://rzp.io/i/${randomBytes(5).toString('hex')}`,
      payment_amount: Number(body.payment_amount),
      status: 'active',
      description: String(body.description ?? ''),
      fixed_amount: body.fixed_amount === true,
      payments_amount_received: 0,
      payments_count_received: 0,
      notes: (body.notes ?? {}) as Record<string, string>,
      customer_id: null,
      close_by: Number(body.close_by),
      closed_at: null,
      close_reason: null,
    };
    this.qrCodes.set(qr.id, qr);
    return qr;
  }

  private closeQr(path: string): [number, unknown] {
    const qr = this.qrCodes.get(path.split('/')[4] ?? '');
    if (!qr) return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } }];
    Object.assign(qr, { status: 'closed', closed_at: Math.floor(Date.now() / 1000), close_reason: 'on_demand' });
    return [200, qr];
  }

  private createAccount(body: Record<string, unknown>): RazorpayVirtualAccount {
    const name = String(body.name ?? 'Lend Demo');
    const account: RazorpayVirtualAccount = {
      id: id('va'),
      name,
      entity: 'virtual_account',
      status: 'active',
      description: String(body.description ?? ''),
      amount_expected: null,
      notes: (body.notes ?? {}) as Record<string, string>,
      amount_paid: 0,
      customer_id: null,
      receivers: [{ id: id('ba'), entity: 'bank_account', ifsc: 'RATN0VAAPIS', bank_name: 'RBL Bank', name: 'Lend Demo', notes: [], account_number: `2223330${digits(9)}` }],
      close_by: null,
      closed_at: null,
      created_at: Math.floor(Date.now() / 1000),
    };
    this.accounts.set(account.id, account);
    return account;
  }

  // Refunds and the settlement recon (docs: Refunds API, Settlements API's recon/combined).

  readonly payments = new Map<string, RazorpayPayment>();
  readonly refunds = new Map<string, RazorpayRefund>();
  readonly reconItems: RazorpayReconItem[] = [];
  private refundTimeouts = 0;

  /**
   * `POST /v1/payments/{id}/refund`, `GET /v1/payments/{id}/refunds[/{refundId}]`,
   * `GET /v1/refunds/{id}` and `GET /v1/settlements/recon/combined`, answered with the documented
   * bodies and Razorpay's `BAD_REQUEST_ERROR`s; the same key, rate-limit and refusal switches.
   */
  private interceptRefundsAndSettlements(): void {
    const answer = this.answer.bind(this);
    const respond = (method: string, handle: (path: string, body: Record<string, unknown>) => [number, unknown]) =>
      function (this: nock.ReplyFnContext, path: string, body: nock.Body): [number, unknown] {
        const header = this.req.headers.authorization;
        return answer(typeof header === 'string' ? header : undefined, path, typeof body === 'object' ? (body as Record<string, unknown>) : {}, handle, method);
      };
    const createRefund = respond('POST', (path, body) => this.createRefund(path, body));
    const timesOut = () => {
      if (this.refundTimeouts <= 0) return false;
      this.refundTimeouts -= 1;
      return true;
    };
    nock(RAZORPAY_API)
      .persist()
      .post(/^\/v1\/payments\/pay_[A-Za-z0-9]+\/refund$/)
      .reply(function (this: nock.ReplyFnContext, path: string, body: nock.Body) {
        const answered = createRefund.call(this, path, body);
        // A refund made whose answer never arrives: what a time-out in the middle of the call looks like.
        if (answered[0] === 200 && timesOut()) return Promise.reject(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
        return Promise.resolve(answered);
      })
      .get(/^\/v1\/payments\/pay_[A-Za-z0-9]+\/refunds(\?.*)?$/)
      .reply(respond('GET', (path) => this.paymentRefunds(path)))
      .get(/^\/v1\/payments\/pay_[A-Za-z0-9]+\/refunds\/rfnd_[A-Za-z0-9]+$/)
      .reply(respond('GET', (path) => this.fetchRefund(path.split('/')[5] ?? '', path.split('/')[3])))
      .get(/^\/v1\/refunds\/rfnd_[A-Za-z0-9]+$/)
      .reply(respond('GET', (path) => this.fetchRefund(path.split('/')[3] ?? '')))
      .get(/^\/v1\/settlements\/recon\/combined(\?.*)?$/)
      .reply(respond('GET', (path) => this.recon(path)));
  }

  /** A captured payment Razorpay took (its `pay_…` entity), which a webhook event then carries. */
  capturedPayment(amount: number, method: RazorpayPayment['method'], paidAt = new Date(Date.now() + 1_000)): RazorpayPayment {
    // Razorpay's fee is 2% of the payment with 18% GST on it, both in paise.
    const base = Math.round(amount * 0.02);
    const tax = Math.round(base * 0.18);
    const payment: RazorpayPayment = {
      id: id('pay'),
      entity: 'payment',
      amount,
      currency: 'INR',
      status: 'captured',
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: true,
      description: method === 'upi' ? 'QRv2 Payment' : null,
      email: 'void@razorpay.com',
      contact: '+919000090000',
      notes: [],
      fee: base + tax,
      tax,
      created_at: Math.floor(paidAt.getTime() / 1000),
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  /** The next `count` refunds are made but their answer is lost on the way back. */
  timeOutNextRefunds(count: number): void {
    this.refundTimeouts = count;
  }

  /** Razorpay ends a refund: `processed`, or `failed` (the money stays with the lender). */
  settleRefund(refundId: string, status: 'processed' | 'failed'): RazorpayRefund {
    const refund = this.refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    refund.status = status;
    const payment = this.payments.get(refund.payment_id);
    if (payment && status === 'failed') {
      payment.amount_refunded -= refund.amount;
      payment.refund_status = payment.amount_refunded === 0 ? null : 'partial';
    }
    return refund;
  }

  /**
   * Settles, on `settledAt`, every captured payment and processed refund not yet settled (the
   * recon lists them with their fees), as Razorpay's settlement cycle does.
   */
  settle(settledAt = new Date()): void {
    const settledIds = new Set(this.reconItems.map((item) => item.entity_id));
    const settlementId = id('setl');
    const line = (fields: Pick<RazorpayReconItem, 'entity_id' | 'type' | 'debit' | 'credit' | 'amount' | 'fee' | 'tax' | 'created_at' | 'payment_id' | 'method'>): RazorpayReconItem => ({
      currency: 'INR',
      on_hold: false,
      settled: true,
      settled_at: Math.floor(settledAt.getTime() / 1000),
      settlement_id: settlementId,
      posted_at: null,
      credit_type: 'default',
      description: null,
      notes: [],
      settlement_utr: `${Math.floor(settledAt.getTime() / 1000)}utr`,
      order_id: null,
      order_receipt: null,
      card_network: null,
      card_issuer: null,
      card_type: null,
      dispute_id: null,
      ...fields,
    });
    for (const payment of this.payments.values()) {
      if (settledIds.has(payment.id)) continue;
      this.reconItems.push(
        line({ entity_id: payment.id, type: 'payment', debit: 0, credit: payment.amount - payment.fee, amount: payment.amount, fee: payment.fee, tax: payment.tax, created_at: payment.created_at, payment_id: null, method: payment.method }),
      );
    }
    for (const refund of this.refunds.values()) {
      if (settledIds.has(refund.id) || refund.status !== 'processed') continue;
      const method = this.payments.get(refund.payment_id)?.method ?? 'upi';
      this.reconItems.push(line({ entity_id: refund.id, type: 'refund', debit: refund.amount, credit: 0, amount: refund.amount, fee: 0, tax: 0, created_at: refund.created_at, payment_id: refund.payment_id, method }));
    }
  }

  /** A recon line of the test's own making (a payment that reached no webhook of ours, say), settled now. */
  addReconItem(item: Partial<RazorpayReconItem> & Pick<RazorpayReconItem, 'entity_id' | 'type' | 'amount' | 'created_at'>): void {
    const now = Math.floor(Date.now() / 1000);
    this.reconItems.push({
      debit: 0,
      credit: item.amount,
      currency: 'INR',
      fee: 0,
      tax: 0,
      on_hold: false,
      settled: true,
      settled_at: now,
      settlement_id: id('setl'),
      posted_at: null,
      credit_type: 'default',
      description: null,
      notes: [],
      payment_id: null,
      settlement_utr: `${now}utr`,
      order_id: null,
      order_receipt: null,
      method: 'upi',
      card_network: null,
      card_issuer: null,
      card_type: null,
      dispute_id: null,
      ...item,
    });
  }

  private createRefund(path: string, body: Record<string, unknown>): [number, unknown] {
    const payment = this.payments.get(path.split('/')[3] ?? '');
    const refusal = (description: string, field?: string) => ({
      error: { code: 'BAD_REQUEST_ERROR', description, source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {}, ...(field ? { field } : {}) },
    });
    if (!payment) return [400, refusal('The id provided does not exist')];
    const left = payment.amount - payment.amount_refunded;
    if (left <= 0) return [400, refusal('The payment has been fully refunded already')];
    const amount = body.amount === undefined ? left : Number(body.amount);
    if (!Number.isInteger(amount) || amount < 100) return [400, refusal('The amount must be atleast INR 1.00', 'amount')];
    if (amount > left) return [400, refusal('The refund amount provided is greater than amount captured', 'amount')];
    const refund: RazorpayRefund = {
      id: id('rfnd'),
      entity: 'refund',
      amount,
      currency: 'INR',
      payment_id: payment.id,
      notes: (body.notes ?? {}) as Record<string, string | number>,
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      acquirer_data: { arn: null },
      created_at: Math.floor(Date.now() / 1000),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: body.speed === 'optimum' ? 'optimum' : 'normal',
    };
    this.refunds.set(refund.id, refund);
    payment.amount_refunded += amount;
    payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
    return [200, refund];
  }

  private paymentRefunds(path: string): [number, unknown] {
    const url = new URL(path, RAZORPAY_API);
    const paymentId = url.pathname.split('/')[3] ?? '';
    if (!this.payments.has(paymentId)) return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } }];
    const count = Number(url.searchParams.get('count') ?? 10);
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const items = [...this.refunds.values()].filter((refund) => refund.payment_id === paymentId).reverse().slice(skip, skip + count);
    return [200, { entity: 'collection', count: items.length, items }];
  }

  private fetchRefund(refundId: string, paymentId?: string): [number, unknown] {
    const refund = this.refunds.get(refundId);
    if (!refund || (paymentId !== undefined && refund.payment_id !== paymentId)) return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } }];
    return [200, refund];
  }

  private recon(path: string): [number, unknown] {
    const query = new URL(path, RAZORPAY_API).searchParams;
    const year = Number(query.get('year'));
    const month = Number(query.get('month'));
    const day = query.get('day');
    if (!year || !month) return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The year field is required.', field: 'year' } }];
    const count = Number(query.get('count') ?? 10);
    if (count > 1000) return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The count may not be greater than 1000.', field: 'count' } }];
    const skip = Number(query.get('skip') ?? 0);
    const matches = this.reconItems.filter((item) => {
      const settled = new Date(item.settled_at * 1000);
      return settled.getUTCFullYear() === year && settled.getUTCMonth() + 1 === month && (day === null || settled.getUTCDate() === Number(day));
    });
    const items = matches.slice(skip, skip + count);
    return [200, { entity: 'collection', count: items.length, items }];
  }
}
