import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountsRoute, type AccountsState } from './razorpayx-stand-in-accounts';
import { isText, page, readJson, refusal, rzpId, send, type Answer, type StandInRequest } from './razorpayx-stand-in-http';

/**
 * A local stand-in for RazorpayX's payout APIs (docs/decisions/156), answering the bodies Razorpay
 * documents with Basic auth (key id and secret): contacts and fund accounts (the same details
 * answer the existing one), fund account validations (listed by account number), and payouts:
 * `POST /v1/payouts` under a mandatory `X-Payout-Idempotency` key (the same key and body answer
 * the first answer again; the same key with another body is a 400), `GET /v1/payouts/:id` and
 * `GET /v1/payouts?account_number=…` (filters `reference_id`, `from`, `to`, pages of `count`
 * after `skip`). A new payout answers `processing` (or `queued`) and reaches its scripted outcome
 * the first time it is read.
 */

export const STAND_IN_KEY_ID = 'rzp_test_PayoutStandIn01';
export const STAND_IN_KEY_SECRET = 'payout-stand-in-key-secret';
export const STAND_IN_ACCOUNT_NUMBER = '7878780080316316';
export const STAND_IN_WEBHOOK_SECRET = 'payout-stand-in-webhook-secret';

/** What a new payout comes to: processed (with a UTR), failed with a status details reason, or left queued. */
export type PayoutOutcome = { status: 'processed' } | { status: 'failed'; reason: string; description: string; source?: string } | { status: 'queued' };

export type StandInPayout = {
  id: string;
  entity: 'payout';
  fund_account_id: string;
  amount: number;
  currency: 'INR';
  notes: unknown;
  fees: number;
  tax: number;
  status: 'queued' | 'processing' | 'processed' | 'reversed' | 'failed' | 'cancelled' | 'rejected' | 'pending';
  purpose: string;
  utr: string | null;
  mode: string;
  reference_id: string | null;
  narration: string | null;
  batch_id: null;
  status_details: { description: string; source: string; reason: string } | null;
  created_at: number;
  processed_at: number | null;
  fee_type: string;
};

export type RazorpayXStandIn = {
  url: string;
  accountNumber: string;
  state: AccountsState;
  payouts: StandInPayout[];
  /** Every `POST /v1/payouts`, with its idempotency key and how it was answered. */
  payoutRequests: { key: string | undefined; status: number }[];
  /** The bank knows this account number, held by this registered name. */
  openAccount: (accountNumber: string, registeredName: string) => void;
  /** The read of each new validation on which it completes (0, the default: when made). */
  completeValidationsOnRead: (reads: number) => void;
  /** The next new payouts come to these outcomes, in order; then processed. */
  nextPayouts: (...outcomes: PayoutOutcome[]) => void;
  /** The next payout request is made, then answered only after `ms`. */
  answerNextPayoutAfter: (ms: number) => void;
  /** The next payout request answers 500 and makes nothing. */
  failNextPayoutRequest: () => void;
  /** A processed payout comes back from the beneficiary's bank. */
  reverse: (payoutId: string, reason: string, description: string) => void;
  /** A payout as if made earlier, for the day lists. */
  addPayout: (payout: Partial<StandInPayout> & { created_at: number }) => StandInPayout;
  /** A webhook delivery about a payout, signed as RazorpayX signs it. */
  webhook: (payoutId: string, event: string) => { rawBody: Buffer; headers: Record<string, string> };
  /** Posts that delivery to `url`, as RazorpayX would. */
  deliverWebhook: (url: string, payoutId: string, event: string) => Promise<Response>;
  close: () => Promise<void>;
};

const MODES = ['IMPS', 'NEFT', 'RTGS', 'UPI'];
/** IMPS carries at most ₹5 lakh a transfer. */
const IMPS_LIMIT = 50_000_000;
const KEY = /^[A-Za-z0-9_\- ]{4,36}$/;

/** JSON with its keys sorted, so two bodies compare as what they say. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

export async function startRazorpayXStandIn(options: { now?: () => Date } = {}): Promise<RazorpayXStandIn> {
  const clock = () => Math.floor((options.now ?? (() => new Date()))().getTime() / 1000);
  const expected = `Basic ${Buffer.from(`${STAND_IN_KEY_ID}:${STAND_IN_KEY_SECRET}`).toString('base64')}`;
  const state: AccountsState = { accountNumber: STAND_IN_ACCOUNT_NUMBER, contacts: [], fundAccounts: [], validations: [], banks: new Map(), validationReads: 0, readsLeft: new Map() };
  const payouts: StandInPayout[] = [];
  const payoutRequests: RazorpayXStandIn['payoutRequests'] = [];
  const outcomes: PayoutOutcome[] = [];
  const pending = new Map<string, PayoutOutcome>();
  const byKey = new Map<string, { body: string; answer: Answer }>();
  const timers = new Set<NodeJS.Timeout>();
  let delayNext = 0;
  let failNext = false;

  /** A new payout reaches its outcome the first time it is read. */
  const read = (payout: StandInPayout): StandInPayout => {
    const outcome = pending.get(payout.id);
    if (!outcome || outcome.status === 'queued') return payout;
    pending.delete(payout.id);
    if (outcome.status === 'processed') {
      Object.assign(payout, {
        status: 'processed',
        utr: `HDFCN${String(payouts.indexOf(payout) + 1).padStart(11, '0')}`,
        processed_at: clock(),
        status_details: { description: 'Payout is processed and the money has been credited into the beneficiaries account', source: 'beneficiary_bank', reason: 'payout_processed' },
      });
    } else {
      Object.assign(payout, { status: 'failed', fees: 0, tax: 0, status_details: { description: outcome.description, source: outcome.source ?? 'beneficiary_bank', reason: outcome.reason } });
    }
    return payout;
  };

  const createPayout = ({ body, headers, now }: StandInRequest): Answer => {
    const key = typeof headers['x-payout-idempotency'] === 'string' ? headers['x-payout-idempotency'] : undefined;
    if (key === undefined) return refusal(400, 'Idempotency key is missing. Include idempotency header and key in the request.', 'X-Payout-Idempotency', 'BAD_REQUEST_ERROR', 'null');
    if (!KEY.test(key)) return refusal(400, 'The idempotency key must be 4 to 36 letters, digits, hyphens, underscores or spaces.', 'X-Payout-Idempotency');
    const earlier = byKey.get(key);
    if (earlier) return earlier.body === canonical(body) ? earlier.answer : refusal(400, 'Different request body sent for the same idempotency key', 'X-Payout-Idempotency');
    if (body.account_number !== state.accountNumber) return refusal(400, 'The account number is invalid.', 'account_number');
    const fundAccount = state.fundAccounts.find((account) => account.id === body.fund_account_id);
    if (!fundAccount) return refusal(400, 'The id provided does not exist', 'fund_account_id');
    if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) return refusal(400, 'The amount must be an integer of at least 100.', 'amount');
    if (body.currency !== 'INR') return refusal(400, 'The currency must be INR.', 'currency');
    if (typeof body.mode !== 'string' || !MODES.includes(body.mode)) return refusal(400, 'The selected mode is invalid.', 'mode');
    if (body.mode === 'IMPS' && body.amount > IMPS_LIMIT) return refusal(400, 'Amount exceeds the maximum amount allowed for IMPS mode.', 'amount');
    if (!isText(body.purpose)) return refusal(400, 'The purpose field is required.', 'purpose');
    if (body.narration !== undefined && (!isText(body.narration, 1, 30) || !/^[A-Za-z0-9 ]+$/.test(body.narration))) return refusal(400, 'The narration may only contain alphabets, numbers and spaces, at most 30.', 'narration');
    if (body.reference_id !== undefined && !isText(body.reference_id, 1, 40)) return refusal(400, 'The reference id may not be greater than 40 characters.', 'reference_id');
    const outcome = outcomes.shift() ?? { status: 'processed' };
    const payout: StandInPayout = {
      id: rzpId('pout'),
      entity: 'payout',
      fund_account_id: fundAccount.id,
      amount: body.amount,
      currency: 'INR',
      notes: body.notes ?? [],
      fees: 590,
      tax: 90,
      status: outcome.status === 'queued' ? 'queued' : 'processing',
      purpose: body.purpose,
      utr: null,
      mode: body.mode,
      reference_id: typeof body.reference_id === 'string' ? body.reference_id : null,
      narration: typeof body.narration === 'string' ? body.narration : null,
      batch_id: null,
      status_details: outcome.status === 'queued' ? { description: 'Payout is queued as the balance is low', source: 'business', reason: 'low_balance' } : null,
      created_at: now,
      processed_at: null,
      fee_type: '',
    };
    payouts.push(payout);
    pending.set(payout.id, outcome);
    // The first answer is kept as it was sent: a retry under the key gets it again.
    const answer = { status: 200, body: JSON.parse(JSON.stringify(payout)) as unknown };
    byKey.set(key, { body: canonical(body), answer });
    return answer;
  };

  const payoutsRoute = (request: StandInRequest): Answer | undefined => {
    const { method, url } = request;
    if (method === 'POST' && url.pathname === '/v1/payouts') return createPayout(request);
    if (method === 'GET' && url.pathname === '/v1/payouts') {
      if (url.searchParams.get('account_number') !== state.accountNumber) return refusal(400, 'The account number field is required.', 'account_number');
      const reference = url.searchParams.get('reference_id');
      const from = Number(url.searchParams.get('from') ?? '0');
      const to = Number(url.searchParams.get('to') ?? `${Number.MAX_SAFE_INTEGER}`);
      const answer = page(
        payouts.filter((payout) => (reference === null || payout.reference_id === reference) && payout.created_at >= from && payout.created_at <= to),
        url,
      );
      for (const payout of (answer.body as { items?: StandInPayout[] }).items ?? []) read(payout);
      return answer;
    }
    const one = /^\/v1\/payouts\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && one) {
      const payout = payouts.find((item) => item.id === one[1]);
      return payout ? { status: 200, body: read(payout) } : refusal(400, 'The id provided does not exist', 'id');
    }
    return undefined;
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      if (request.headers.authorization !== expected) return send(response, refusal(401, 'The api key provided is invalid', null, 'BAD_REQUEST_ERROR', 'authentication_failed'));
      const body = await readJson(request);
      if (!body) return send(response, refusal(400, 'The request body is not valid JSON.'));
      const method = request.method ?? 'GET';
      const isPayout = method === 'POST' && url.pathname === '/v1/payouts';
      if (isPayout && failNext) {
        failNext = false;
        payoutRequests.push({ key: request.headers['x-payout-idempotency'] as string | undefined, status: 500 });
        return send(response, refusal(500, 'We are facing some trouble completing your request at the moment. Please try again shortly.', null, 'SERVER_ERROR', 'server_error'));
      }
      const handled = { method, url, body, headers: request.headers, now: clock() };
      const answer = accountsRoute(state, handled) ?? payoutsRoute(handled) ?? refusal(404, 'The requested URL was not found on the server.', null, 'NOT_FOUND');
      if (!isPayout) return send(response, answer);
      payoutRequests.push({ key: request.headers['x-payout-idempotency'] as string | undefined, status: answer.status });
      const delay = delayNext;
      delayNext = 0;
      if (delay === 0) return send(response, answer);
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!response.destroyed) send(response, answer);
      }, delay);
      timers.add(timer);
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, refusal(500, String(error), null, 'SERVER_ERROR', 'server_error'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const payoutById = (id: string) => {
    const payout = payouts.find((item) => item.id === id);
    if (!payout) throw new Error(`no payout ${id} at the stand-in`);
    return payout;
  };
  const webhook = (payoutId: string, event: string) => {
    const rawBody = Buffer.from(
      JSON.stringify({ entity: 'event', account_id: 'acc_StandIn000001', event, contains: ['payout'], payload: { payout: { entity: payoutById(payoutId) } }, created_at: clock() }),
    );
    const signature = createHmac('sha256', STAND_IN_WEBHOOK_SECRET).update(rawBody).digest('hex');
    return { rawBody, headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': rzpId('evt') } };
  };

  return {
    url: `http://127.0.0.1:${port}`,
    accountNumber: STAND_IN_ACCOUNT_NUMBER,
    state,
    payouts,
    payoutRequests,
    openAccount: (accountNumber, registeredName) => void state.banks.set(accountNumber, registeredName),
    completeValidationsOnRead: (reads) => void (state.validationReads = reads),
    nextPayouts: (...next) => void outcomes.push(...next),
    answerNextPayoutAfter: (ms) => void (delayNext = ms),
    failNextPayoutRequest: () => void (failNext = true),
    reverse: (payoutId, reason, description) => {
      const payout = read(payoutById(payoutId));
      if (payout.status !== 'processed') throw new Error(`payout ${payoutId} is ${payout.status}, not processed`);
      Object.assign(payout, { status: 'reversed', status_details: { description, source: 'beneficiary_bank', reason } });
    },
    addPayout: (partial) => {
      const payout: StandInPayout = {
        id: rzpId('pout'),
        entity: 'payout',
        fund_account_id: rzpId('fa'),
        amount: 100_000,
        currency: 'INR',
        notes: [],
        fees: 590,
        tax: 90,
        status: 'processed',
        purpose: 'payout',
        utr: null,
        mode: 'IMPS',
        reference_id: null,
        narration: null,
        batch_id: null,
        status_details: null,
        processed_at: partial.created_at,
        fee_type: '',
        ...partial,
      };
      payouts.push(payout);
      return payout;
    },
    webhook,
    deliverWebhook: (target, payoutId, event) => {
      const { rawBody, headers } = webhook(payoutId, event);
      return fetch(target, { method: 'POST', headers, body: rawBody });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
