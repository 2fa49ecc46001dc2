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
  readonly calls: RazorpayCall[] = [];
  private rateLimited = 0;
  private badRequests = 0;
  private imageContents: (string | null)[] = [];

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
  }

  private answer(authorization: string | undefined, path: string, body: Record<string, unknown>, handle: (path: string, body: Record<string, unknown>) => [number, unknown]): [number, unknown] {
    const call: RazorpayCall = { method: 'POST', path, body, authorization, answered: 0 };
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
}
