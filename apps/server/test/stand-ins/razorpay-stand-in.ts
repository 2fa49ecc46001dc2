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

export type RazorpayCall = { method: string; path: string; body: Record<string, unknown>; authorization: string | undefined; answered: number };

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
  readonly paymentLinks = new Map<string, RazorpayPaymentLink>();
  readonly calls: RazorpayCall[] = [];
  private rateLimited = 0;
  private badRequests = 0;
  private imageContents: (string | null)[] = [];
  private slow: { count: number; ms: number } = { count: 0, ms: 0 };

  constructor(private readonly secrets: { webhook: string } = { webhook: 'razorpay-webhook-secret-0001' }) {
    const answer = this.answer.bind(this);
    const slow = () => this.slow;
    const reply = (method: string, handle: (path: string, body: Record<string, unknown>) => [number, nock.ReplyBody]) =>
      function (this: nock.ReplyFnContext, path: string, body: nock.Body, done: (error: NodeJS.ErrnoException | null, result: [number, nock.ReplyBody]) => void): void {
        const header = this.req.headers.authorization;
        const result = answer(method, typeof header === 'string' ? header : undefined, path, typeof body === 'object' ? (body as Record<string, unknown>) : {}, handle);
        // A slow answer: made at Razorpay, reaching the caller only after it stopped waiting.
        const late = slow();
        if (late.count > 0) {
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
      .post('/v1/payment_links')
      .reply(reply('POST', (_path, body) => this.createLink(body)))
      .get('/v1/payment_links')
      .query(true)
      .reply(reply('GET', (path) => [200, this.listLinks(path)]))
      .get(/^\/v1\/payment_links\/plink_[A-Za-z0-9]+$/)
      .reply(reply('GET', (path) => this.fetchLink(path)));
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
    nock.cleanAll();
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
}
