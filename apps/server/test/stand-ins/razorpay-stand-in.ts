import { createHmac, randomBytes } from 'node:crypto';
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
  /** The UPI payment link the QR code holds, as Razorpay's "image content" QR code entity carries it. */
  image_content?: string;
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
  status: 'active' | 'closed';
  description: string;
  amount_expected: null;
  notes: Record<string, string>;
  amount_paid: number;
  customer_id: string | null;
  receivers: { id: string; entity: 'bank_account'; ifsc: string; bank_name: string; name: string; notes: string[]; account_number: string }[];
  close_by: null;
  closed_at: number | null;
  created_at: number;
};

/** Razorpay's Payment Link entity, as its API documents it. */
export type RazorpayPaymentLink = {
  id: string;
  accept_partial: boolean;
  amount: number;
  amount_paid: number;
  callback_method: string;
  callback_url: string;
  cancelled_at: number;
  created_at: number;
  currency: string;
  customer: Record<string, string>;
  description: string;
  expire_by: number;
  expired_at: number;
  first_min_partial_amount: number;
  notes: Record<string, string> | [];
  notify: { email: boolean; sms: boolean };
  payments: { amount: number; created_at: number; method: string; payment_id: string; status: 'captured' }[] | null;
  reference_id: string;
  reminder_enable: boolean;
  reminders: [];
  short_url: string;
  status: 'created' | 'partially_paid' | 'expired' | 'cancelled' | 'paid';
  updated_at: number;
  upi_link: boolean;
  user_id: string;
  /** Not Razorpay's: what the link was created with, for tests to read. */
  options?: unknown;
};

/** Razorpay's payment entity of a card payment, the parts its webhooks carry. */
export type RazorpayCardPayment = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'captured' | 'failed';
  order_id: string;
  method: 'card';
  captured: boolean;
  card_id: string;
  /** Set when the borrower paid with a card saved at Razorpay (its token), null for a card typed in. */
  token_id: string | null;
  error_code: string | null;
  error_description: string | null;
  error_reason: string | null;
  created_at: number;
};

/** A webhook delivery as Razorpay sends it: the raw JSON body and its headers. */
export type RazorpayDelivery = { body: string; headers: Record<string, string> };

/** A captured payment as Razorpay's payment entity describes it (the fields our code and tests read). */
export type RazorpayPaymentEntity = {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'captured';
  order_id: null;
  invoice_id: null;
  international: false;
  method: 'upi' | 'bank_transfer';
  amount_refunded: number;
  captured: true;
  description: string | null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: string[];
  fee: number;
  tax: number;
  created_at: number;
};

/** A captured payment as Razorpay's API and its credit events describe it. */
export function capturedPayment(amount: number, method: 'upi' | 'bank_transfer', paidAt: Date): RazorpayPaymentEntity {
  return {
    id: `pay_${randomBytes(7).toString('hex')}`,
    entity: 'payment',
    amount,
    currency: 'INR',
    status: 'captured',
    order_id: null,
    invoice_id: null,
    international: false,
    method,
    amount_refunded: 0,
    captured: true,
    description: method === 'upi' ? 'QRv2 Payment' : null,
    vpa: method === 'upi' ? 'borrower@okhdfcbank' : null,
    email: 'void@razorpay.com',
    contact: '+919000090000',
    notes: [],
    fee: 236,
    tax: 36,
    created_at: Math.floor(paidAt.getTime() / 1000),
  };
}

export type RazorpayCall = { method: string; path: string; body: Record<string, unknown>; authorization: string | undefined; answered: number; idempotencyKey?: string };

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
 *
 * What the cash reconciler asks: `GET /v1/payments/qr_codes/{id}/payments` and
 * `GET /v1/virtual_accounts/{id}/payments`, a collection of the payments a test made with `payQr`
 * and `transferTo`, newest first and paged as Razorpay pages (`count`, 10 unless asked and at most 100,
 * after `skip`); while `failReads` is on they answer 500 `SERVER_ERROR`.
 */
export class RazorpayStandIn {
  readonly qrCodes = new Map<string, RazorpayQrCode>();
  readonly accounts = new Map<string, RazorpayVirtualAccount>();
  readonly paymentLinks = new Map<string, RazorpayPaymentLink>();
  readonly calls: RazorpayCall[] = [];
  private rateLimited = 0;
  private badRequests = 0;
  private imageContents: (string | null)[] = [];
  private slow: { count: number; ms: number } = { count: 0, ms: 0 };
  /** Captured payments by the QR code or account they were made to, oldest first. */
  readonly payments = new Map<string, RazorpayPaymentEntity[]>();
  private readsFail = false;
  /** Requests still to be done at Razorpay but never answered, and the answers held back. */
  private unanswered: { count: number; method: string | undefined } = { count: 0, method: undefined };
  private readonly heldBack: (() => void)[] = [];

  constructor(private readonly secrets: { webhook: string } = { webhook: 'razorpay-webhook-secret-0001' }) {
    const answer = this.answer.bind(this);
    const slow = () => this.slow;
    const hold = this.holdsNext.bind(this);
    const heldBack = this.heldBack;
    const reply = (method: string, handle: (path: string, body: Record<string, unknown>) => [number, nock.ReplyBody]) =>
      function (this: nock.ReplyFnContext, path: string, body: nock.Body, done: (error: NodeJS.ErrnoException | null, result: [number, nock.ReplyBody]) => void): void {
        const header = this.req.headers.authorization;
        const result = answer(method, typeof header === 'string' ? header : undefined, path, typeof body === 'object' ? (body as Record<string, unknown>) : {}, handle);
        // A slow answer: made at Razorpay, reaching the caller only after it stopped waiting.
        const late = slow();
        if (hold(method)) heldBack.push(() => done(null, result));
        else if (late.count > 0) {
          late.count -= 1;
          setTimeout(() => done(null, result), late.ms);
        } else done(null, result);
      };
    nock(RAZORPAY_API)
      .persist()
      .post('/v1/payments/qr_codes')
      .reply(reply('POST', (_path, body) => [200, this.createQr(body)]))
      .post(/^\/v1\/payments\/qr_codes\/qr_[a-f0-9]+\/close$/)
      .reply(reply('POST', (path) => this.closeQr(path)))
      .post('/v1/virtual_accounts')
      .reply(reply('POST', (_path, body) => [200, this.createAccount(body)]))
      .post(/^\/v1\/virtual_accounts\/va_[a-f0-9]+\/close$/)
      .reply(reply('POST', (path) => this.closeAccount(path)))
      .post('/v1/payment_links')
      .reply(reply('POST', (_path, body) => this.createLink(body)))
      .get('/v1/payment_links')
      .query(true)
      .reply(reply('GET', (path) => [200, this.listLinks(path)]))
      .get(/^\/v1\/payment_links\/plink_[A-Za-z0-9]+$/)
      .reply(reply('GET', (path) => this.fetchLink(path)));
    this.interceptRefundsAndSettlements();
    this.interceptPaymentReads();
  }

  private answer(
    method: string,
    authorization: string | undefined,
    path: string,
    body: Record<string, unknown>,
    handle: (path: string, body: Record<string, unknown>) => [number, nock.ReplyBody],
  ): [number, nock.ReplyBody] {
    const call: RazorpayCall = { method, path, body, authorization, answered: 0 };
    this.calls.push(call);
    const error = (description: string, more: Record<string, string> = {}) => ({ error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', ...more } });
    let result: [number, nock.ReplyBody];
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

  /** The next `count` answers are made but reach the caller only after `ms`. */
  slowNext(count: number, ms: number): void {
    this.slow = { count, ms };
  }

  private interceptPaymentReads(): void {
    const list = (path: string): [number, unknown] => {
      const call: RazorpayCall = { method: 'GET', path, body: {}, authorization: undefined, answered: this.readsFail ? 500 : 200 };
      this.calls.push(call);
      if (this.readsFail) return [500, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error. The incident has been reported to admins', source: 'NA', step: 'NA', reason: 'NA' } }];
      const owner = /\/(qr_[a-f0-9]+|va_[a-f0-9]+)\/payments/.exec(path)?.[1] ?? '';
      // Razorpay's collections: newest first, `count` of them (10 unless asked, at most 100) after `skip`.
      const query = new URL(path, RAZORPAY_API).searchParams;
      const count = Number(query.get('count') ?? 10);
      const skip = Number(query.get('skip') ?? 0);
      if (!Number.isInteger(count) || count < 1 || count > 100) return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The count must be between 1 and 100.', field: 'count' } }];
      if (!Number.isInteger(skip) || skip < 0) return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The skip must be at least 0.', field: 'skip' } }];
      const items = [...(this.payments.get(owner) ?? [])].reverse().slice(skip, skip + count);
      return [200, { entity: 'collection', count: items.length, items }];
    };
    const held = this.maybeHeld.bind(this);
    const checked = (path: string, authorization: string | string[] | undefined): [number, unknown] =>
      authorization === EXPECTED_AUTH ? list(path) : [401, { error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid' } }];
    nock(RAZORPAY_API)
      .persist()
      .get(/^\/v1\/payments\/qr_codes\/qr_[a-f0-9]+\/payments/)
      .query(true)
      .reply(function (this: nock.ReplyFnContext, path: string) {
        return Promise.resolve(held('GET', checked(path, this.req.headers.authorization)));
      })
      .get(/^\/v1\/virtual_accounts\/va_[a-f0-9]+\/payments/)
      .query(true)
      .reply(function (this: nock.ReplyFnContext, path: string) {
        return Promise.resolve(held('GET', checked(path, this.req.headers.authorization)));
      });
  }

  private capture(owner: string, amount: number, method: 'upi' | 'bank_transfer', paidAt: Date): RazorpayPaymentEntity {
    const payment = capturedPayment(amount, method, paidAt);
    this.payments.set(owner, [...(this.payments.get(owner) ?? []), payment]);
    return payment;
  }

  /** A borrower pays a single-use QR code (its amount unless said): the payment is captured and the code closes. */
  payQr(qrId: string, amount?: number, paidAt = new Date(Date.now() + 1_000)): RazorpayPaymentEntity {
    const qr = this.qrCodes.get(qrId);
    if (!qr) throw new Error(`no QR code ${qrId}`);
    const payment = this.capture(qrId, amount ?? qr.payment_amount, 'upi', paidAt);
    Object.assign(qr, { status: 'closed', close_reason: 'paid', payments_amount_received: payment.amount, payments_count_received: 1, closed_at: payment.created_at });
    return payment;
  }

  /** A bank transfer reaches a Smart Collect account. */
  transferTo(accountId: string, amount: number, paidAt = new Date(Date.now() + 1_000)): RazorpayPaymentEntity {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no account ${accountId}`);
    account.amount_paid += amount;
    return this.capture(accountId, amount, 'bank_transfer', paidAt);
  }

  failReads(on: boolean): void {
    this.readsFail = on;
  }

  rateLimitNext(count: number): void {
    this.rateLimited = count;
  }

  refuseNext(count: number): void {
    this.badRequests = count;
  }

  /** The next QR codes carry this as their `image_content`, or none at all (null), instead of their UPI link. */
  imageContentNext(...contents: (string | null)[]): void {
    this.imageContents = contents;
  }

  close(): void {
    // Answers held back reach their callers now, so nothing waits for ever.
    for (const release of this.heldBack.splice(0)) release();
    nock.cleanAll();
  }

  /**
   * The next `count` requests (of `method`, when given) are done at Razorpay (a refund made, a QR
   * code created) but their answer never comes back while the stand-in runs: what a connection
   * Razorpay stops answering is.
   */
  neverAnswerNext(count: number, method?: 'GET' | 'POST'): void {
    this.unanswered = { count, method };
  }

  private holdsNext(method: string): boolean {
    if (this.unanswered.count <= 0 || (this.unanswered.method !== undefined && this.unanswered.method !== method)) return false;
    this.unanswered.count -= 1;
    return true;
  }

  /** `result`, or a promise of it kept until the stand-in closes when the request is one never answered. */
  private maybeHeld<T>(method: string, result: T): T | Promise<T> {
    return this.holdsNext(method) ? new Promise<T>((resolve) => this.heldBack.push(() => resolve(result))) : result;
  }

  private createQr(body: Record<string, unknown>): RazorpayQrCode {
    const qrId = id('qr');
    const amount = Number(body.payment_amount);
    const note = encodeURIComponent(String(body.description ?? '').replace(/\s+/g, ''));
    const link = `upi://pay?pa=rzr.qr${randomBytes(6).toString('hex')}@icici&pn=LendDemo&tr=RZP${qrId.slice(3)}qrv2&tn=${note}&cu=INR&mc=5411&am=${(amount / 100).toFixed(2)}`;
    const content = this.imageContents.length > 0 ? this.imageContents.shift() : link;
    const qr: RazorpayQrCode = {
      id: qrId,
      entity: 'qr_code',
      created_at: Math.floor(Date.now() / 1000),
      name: String(body.name ?? ''),
      usage: 'single_use',
      type: 'upi_qr',
      image_url: `https://rzp.io/i/${randomBytes(5).toString('hex')}`,
      ...(content === null || content === undefined ? {} : { image_content: content }),
      payment_amount: amount,
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

  private closeQr(path: string): [number, nock.ReplyBody] {
    const qr = this.qrCodes.get(path.split('/')[4] ?? '');
    if (!qr) return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } }];
    Object.assign(qr, { status: 'closed', closed_at: Math.floor(Date.now() / 1000), close_reason: 'on_demand' });
    return [200, qr];
  }

  /** Razorpay closes a Smart Collect account on demand; a transfer into it afterwards is refused by the bank. */
  private closeAccount(path: string): [number, nock.ReplyBody] {
    const account = this.accounts.get(path.split('/')[3] ?? '');
    if (!account) return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } }];
    Object.assign(account, { status: 'closed', closed_at: Math.floor(Date.now() / 1000) });
    return [200, account];
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

  /** `POST /v1/payment_links`: Razorpay keeps `reference_id` unique among an account's links. */
  private createLink(body: Record<string, unknown>): [number, nock.ReplyBody] {
    const reference = String(body.reference_id ?? '');
    if ([...this.paymentLinks.values()].some((link) => link.reference_id === reference)) {
      return [400, { error: { code: 'BAD_REQUEST_ERROR', description: `Payment Link with reference id ${reference} already exists`, field: 'reference_id', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } }];
    }
    const expireBy = Number(body.expire_by);
    const now = Math.floor(Date.now() / 1000);
    if (!Number.isInteger(Number(body.amount)) || Number(body.amount) < 100 || body.currency !== 'INR' || expireBy < now + 15 * 60 || body.callback_method !== 'get') {
      return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The request is invalid', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } }];
    }
    const link: RazorpayPaymentLink = {
      id: `plink_${randomBytes(7).toString('hex')}`,
      accept_partial: body.accept_partial === true,
      amount: Number(body.amount),
      amount_paid: 0,
      callback_method: String(body.callback_method),
      callback_url: String(body.callback_url ?? ''),
      cancelled_at: 0,
      created_at: now,
      currency: 'INR',
      customer: (body.customer ?? {}) as Record<string, string>,
      description: String(body.description ?? ''),
      expire_by: expireBy,
      expired_at: 0,
      first_min_partial_amount: 0,
      notes: (body.notes ?? []) as Record<string, string>,
      notify: { email: false, sms: false, ...(body.notify as object) },
      payments: null,
      reference_id: reference,
      reminder_enable: body.reminder_enable === true,
      reminders: [],
      short_url: `https://rzp.io/i/${randomBytes(5).toString('hex')}`,
      status: 'created',
      updated_at: now,
      upi_link: false,
      user_id: '',
      options: body.options,
    };
    this.paymentLinks.set(link.id, link);
    return [200, this.entity(link)];
  }

  /** A link as Razorpay answers it: without what the stand-in keeps for tests. */
  private entity(link: RazorpayPaymentLink): Omit<RazorpayPaymentLink, 'options'> {
    const entity: Omit<RazorpayPaymentLink, 'options'> & { options?: unknown } = { ...link };
    delete entity.options;
    return entity;
  }

  private listLinks(path: string): { payment_links: Omit<RazorpayPaymentLink, 'options'>[] } {
    const query = new URL(path, RAZORPAY_API).searchParams;
    const reference = query.get('reference_id');
    const links = [...this.paymentLinks.values()].filter((link) => reference === null || link.reference_id === reference);
    return { payment_links: links.map((link) => this.entity(link)) };
  }

  private fetchLink(path: string): [number, nock.ReplyBody] {
    const link = this.paymentLinks.get(path.split('/').at(-1) ?? '');
    if (!link) return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: {} } }];
    return [200, this.entity(link)];
  }

  /** The link opened for one of our records, by the record (its `reference_id`). */
  linkOf(reference: string): RazorpayPaymentLink {
    const link = [...this.paymentLinks.values()].find((candidate) => candidate.reference_id === reference);
    if (!link) throw new Error(`no payment link for ${reference}`);
    return link;
  }

  private payment(link: RazorpayPaymentLink, status: 'captured' | 'failed', token: string | null): RazorpayCardPayment {
    return {
      id: `pay_${randomBytes(7).toString('hex')}`,
      entity: 'payment',
      amount: link.amount,
      currency: link.currency,
      status,
      order_id: `order_${randomBytes(7).toString('hex')}`,
      method: 'card',
      captured: status === 'captured',
      card_id: `card_${randomBytes(7).toString('hex')}`,
      token_id: token,
      error_code: status === 'failed' ? 'BAD_REQUEST_ERROR' : null,
      error_description: status === 'failed' ? 'Your payment has been declined by the bank. Please try another card.' : null,
      error_reason: status === 'failed' ? 'card_declined' : null,
      created_at: Math.floor(Date.now() / 1000),
    };
  }

  /**
   * The borrower pays the link on Razorpay's page (with a card saved at Razorpay when `token` is
   * given): the link is paid, and Razorpay has both a `payment_link.paid` webhook and the signed
   * return address for the borrower's browser.
   */
  payLink(linkId: string, token: string | null = null): { payment: RazorpayCardPayment; webhook: RazorpayDelivery; returnQuery: Record<string, string> } {
    const link = this.paymentLinks.get(linkId);
    if (!link) throw new Error(`no payment link ${linkId}`);
    const payment = this.payment(link, 'captured', token);
    this.capturedPayment(payment.amount, 'card', new Date(payment.created_at * 1000), payment.id);
    Object.assign(link, {
      status: 'paid',
      amount_paid: link.amount,
      payments: [{ amount: payment.amount, created_at: payment.created_at, method: 'card', payment_id: payment.id, status: 'captured' }],
      updated_at: payment.created_at,
    });
    const webhook = this.delivery('payment_link.paid', { payment_link: { entity: this.entity(link) }, order: { entity: { id: payment.order_id, entity: 'order', amount: link.amount, amount_paid: link.amount, amount_due: 0, currency: link.currency, receipt: null, status: 'paid', attempts: 1, notes: [], created_at: link.created_at } }, payment: { entity: payment } });
    return { payment, webhook, returnQuery: this.returnQuery(link, payment.id) };
  }

  /** What Razorpay adds to the link's `callback_url`, signed with the key secret as documented. */
  returnQuery(link: RazorpayPaymentLink, paymentId: string): Record<string, string> {
    const signature = createHmac('sha256', STAND_IN_KEY_SECRET).update(`${link.id}|${link.reference_id}|${link.status}|${paymentId}`).digest('hex');
    return {
      razorpay_payment_id: paymentId,
      razorpay_payment_link_id: link.id,
      razorpay_payment_link_reference_id: link.reference_id,
      razorpay_payment_link_status: link.status,
      razorpay_signature: signature,
    };
  }

  /** A card refused on the page (the bank declined it, or its OTP failed): the link stays payable. */
  failAttempt(linkId: string, reason = 'card_declined'): RazorpayDelivery {
    const link = this.paymentLinks.get(linkId);
    if (!link) throw new Error(`no payment link ${linkId}`);
    const payment = { ...this.payment(link, 'failed', null), error_reason: reason };
    return this.delivery('payment.failed', { payment: { entity: payment } });
  }

  /** The link's `expire_by` passed unpaid. */
  expireLink(linkId: string): RazorpayDelivery {
    const link = this.paymentLinks.get(linkId);
    if (!link) throw new Error(`no payment link ${linkId}`);
    Object.assign(link, { status: 'expired', expired_at: Math.floor(Date.now() / 1000) });
    return this.delivery('payment_link.expired', { payment_link: { entity: this.entity(link) } });
  }

  /** A webhook body as Razorpay sends it, signed with the endpoint's secret, under a fresh event id. */
  delivery(event: string, payload: Record<string, unknown>, secret = this.secrets.webhook): RazorpayDelivery {
    const body = JSON.stringify({ entity: 'event', account_id: 'acc_StandIn0001', event, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000) });
    return { body, headers: this.signed(body, secret) };
  }

  /** The headers a delivery of `body` carries: its signature and a fresh event id. */
  signed(body: string, secret = this.secrets.webhook, eventId = `evt_${randomBytes(7).toString('hex')}`): Record<string, string> {
    return {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'),
      'x-razorpay-event-id': eventId,
    };
  }

  // Refunds and the settlement recon (docs: Refunds API, Settlements API's recon/combined).

  readonly capturedPayments = new Map<string, RazorpayPayment>();
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
    const held = this.maybeHeld.bind(this);
    const slow = () => this.slow;
    const respond = (method: string, handle: (path: string, body: Record<string, unknown>) => [number, nock.ReplyBody]) =>
      async function (this: nock.ReplyFnContext, path: string, body: nock.Body): Promise<[number, nock.ReplyBody]> {
        const header = this.req.headers.authorization;
        const result = answer(method, typeof header === 'string' ? header : undefined, path, typeof body === 'object' ? (body as Record<string, unknown>) : {}, handle);
        // A slow answer: made at Razorpay, reaching the caller only later.
        const late = slow();
        if (late.count > 0) {
          late.count -= 1;
          await new Promise((resolve) => setTimeout(resolve, late.ms));
        }
        return held(method, result);
      };
    const createRefund = respond('POST', (path, body) => this.createRefund(path, body));
    const once = this.refundOnce.bind(this);
    const timesOut = () => {
      if (this.refundTimeouts <= 0) return false;
      this.refundTimeouts -= 1;
      return true;
    };
    nock(RAZORPAY_API)
      .persist()
      .post(/^\/v1\/payments\/pay_[A-Za-z0-9]+\/refund$/)
      .reply(async function (this: nock.ReplyFnContext, path: string, body: nock.Body) {
        const key = this.req.headers['x-refund-idempotency'];
        const answered = await (typeof key === 'string' ? once(key, path, body, () => createRefund.call(this, path, body)) : createRefund.call(this, path, body));
        // A refund made whose answer never arrives: what a time-out in the middle of the call looks like.
        if (answered[0] === 200 && timesOut()) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        return answered;
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
  capturedPayment(amount: number, method: RazorpayPayment['method'], paidAt = new Date(Date.now() + 1_000), paymentId = id('pay')): RazorpayPayment {
    // Razorpay's fee is 2% of the payment with 18% GST on it, both in paise.
    const base = Math.round(amount * 0.02);
    const tax = Math.round(base * 0.18);
    const payment: RazorpayPayment = {
      id: paymentId,
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
    this.capturedPayments.set(payment.id, payment);
    return payment;
  }

  private readonly refundKeys = new Map<string, { request: string; refundId: string | undefined }>();

  /**
   * Razorpay's `X-Refund-Idempotency` (its idempotent refund request): a key of at least 10
   * letters, digits, hyphens or underscores; the same key with the same request answers the
   * refund it made, with another request a `BAD_REQUEST_ERROR`, and while the first is still being
   * made a 409.
   */
  private async refundOnce(key: string, path: string, body: nock.Body, make: () => Promise<[number, nock.ReplyBody]>): Promise<[number, nock.ReplyBody]> {
    const refusal = (status: number, description: string): [number, nock.ReplyBody] => [status, { error: { code: 'BAD_REQUEST_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } }];
    if (!/^[A-Za-z0-9_-]{10,}$/.test(key)) return refusal(400, 'The idempotency key must be at least 10 characters of letters, numbers, hyphens and underscores.');
    const request = `${path} ${JSON.stringify(body)}`;
    const seen = this.refundKeys.get(key);
    if (seen && seen.request !== request) return refusal(400, 'Different request with the same idempotency key has already been processed.');
    if (seen && seen.refundId === undefined) return refusal(409, 'A request with the same idempotency key is being processed.');
    const made = seen?.refundId ? this.refunds.get(seen.refundId) : undefined;
    if (made) {
      this.calls.push({ method: 'POST', path, body: typeof body === 'object' ? (body as Record<string, unknown>) : {}, authorization: undefined, answered: 200, idempotencyKey: key });
      return [200, made];
    }
    const entry: { request: string; refundId: string | undefined } = { request, refundId: undefined };
    this.refundKeys.set(key, entry);
    const answered = await make();
    const call = this.calls.at(-1);
    if (call) call.idempotencyKey = key;
    const refund = answered[1] as { id?: unknown };
    if (answered[0] === 200 && typeof refund.id === 'string') entry.refundId = refund.id;
    else this.refundKeys.delete(key);
    return answered;
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
    const payment = this.capturedPayments.get(refund.payment_id);
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
    for (const payment of this.capturedPayments.values()) {
      if (settledIds.has(payment.id)) continue;
      this.reconItems.push(
        line({ entity_id: payment.id, type: 'payment', debit: 0, credit: payment.amount - payment.fee, amount: payment.amount, fee: payment.fee, tax: payment.tax, created_at: payment.created_at, payment_id: null, method: payment.method }),
      );
    }
    for (const refund of this.refunds.values()) {
      if (settledIds.has(refund.id) || refund.status !== 'processed') continue;
      const method = this.capturedPayments.get(refund.payment_id)?.method ?? 'upi';
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

  private createRefund(path: string, body: Record<string, unknown>): [number, nock.ReplyBody] {
    const payment = this.capturedPayments.get(path.split('/')[3] ?? '');
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

  private paymentRefunds(path: string): [number, nock.ReplyBody] {
    const url = new URL(path, RAZORPAY_API);
    const paymentId = url.pathname.split('/')[3] ?? '';
    if (!this.capturedPayments.has(paymentId)) return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } }];
    const count = Number(url.searchParams.get('count') ?? 10);
    const skip = Number(url.searchParams.get('skip') ?? 0);
    const items = [...this.refunds.values()].filter((refund) => refund.payment_id === paymentId).reverse().slice(skip, skip + count);
    return [200, { entity: 'collection', count: items.length, items }];
  }

  private fetchRefund(refundId: string, paymentId?: string): [number, nock.ReplyBody] {
    const refund = this.refunds.get(refundId);
    if (!refund || (paymentId !== undefined && refund.payment_id !== paymentId)) return [400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } }];
    return [200, refund];
  }

  private recon(path: string): [number, nock.ReplyBody] {
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
