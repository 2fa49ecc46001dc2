import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Stripe's API that Mexico's cash rails use, answering the bodies
 * Stripe documents: `POST /v1/customers` (a customer), `POST /v1/payment_intents` (a PaymentIntent
 * confirmed at once: for `oxxo` in `requires_action` with `next_action.oxxo_display_details`, for
 * `customer_balance` with `next_action.display_bank_transfer_instructions` and a SPEI CLABE). Every
 * call must carry `Authorization: Bearer <key>` (else 401 `authentication_error`); a repeated
 * `Idempotency-Key` with the same form answers the first object again, with another form 400
 * `idempotency_error`. `POST /v1/payment_intents/{id}/cancel` cancels one still waiting for its
 * payment. Tests script a 429 `rate_limit_error` for the next creating calls.
 */

export const STAND_IN_STRIPE_KEY = 'sk_test_standin0123456789abcdef';

export type StandInCall = { path: string; form: Record<string, string>; idempotencyKey: string | undefined; answered: number };

export type StripeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  customer: string | null;
  metadata: Record<string, string>;
  payment_method_types: string[];
  status: string;
  created: number;
  next_action: Record<string, unknown> | null;
  [key: string]: unknown;
};

export type StripeStandIn = {
  /** Where to point the client (STRIPE_API_BASE_URL). */
  url: string;
  calls: StandInCall[];
  intents: Map<string, StripeIntent>;
  customers: Map<string, Record<string, unknown>>;
  /** The next creating calls answer Stripe's rate-limit error, nothing made. */
  rateLimitNext: (count: number) => void;
  /** The intent as Stripe's `payment_intent.succeeded` event carries it once paid (all of it unless said). */
  succeeded: (intentId: string, amountReceived?: number) => StripeIntent;
  close: () => Promise<void>;
};

/** `a[b][c]=v` and `a[0]=v` kept as flat keys, as Stripe's form encoding sends them. */
function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

function stripeError(response: ServerResponse, status: number, error: Record<string, unknown>): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(7).toString('hex')}` });
  response.end(JSON.stringify({ error }));
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(7).toString('hex')}` });
  response.end(JSON.stringify(body));
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const digits = (count: number) => Array.from(randomBytes(count), (byte) => String(byte % 10)).join('');

function metadataOf(form: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(form).flatMap(([key, value]) => {
    const match = /^metadata\[(.+)\]$/.exec(key);
    return match?.[1] ? [[match[1], value]] : [];
  }));
}

export async function startStripeStandIn(options: { key?: string; now?: () => Date } = {}): Promise<StripeStandIn> {
  const key = options.key ?? STAND_IN_STRIPE_KEY;
  const now = options.now ?? (() => new Date());
  const calls: StandInCall[] = [];
  const intents = new Map<string, StripeIntent>();
  const customers = new Map<string, Record<string, unknown>>();
  const customerClabes = new Map<string, string>();
  const remembered = new Map<string, { form: string; status: number; body: unknown }>();
  let rateLimited = 0;

  function paymentIntent(form: Record<string, string>): { status: number; body: unknown } {
    const types = Object.entries(form).filter(([k]) => /^(allowed_)?payment_method_types\[\d+\]$/.test(k)).map(([, v]) => v);
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0 || form.currency !== 'mxn' || form.confirm !== 'true') {
      return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid amount, currency or confirm.', param: 'amount' } } };
    }
    const created = Math.floor(now().getTime() / 1000);
    const base = {
      id: id('pi'),
      object: 'payment_intent' as const,
      amount,
      amount_received: 0,
      currency: 'mxn',
      customer: form.customer ?? null,
      metadata: metadataOf(form),
      payment_method_types: types,
      status: 'requires_action',
      created,
      livemode: false,
    };
    if (types.length === 1 && types[0] === 'oxxo') {
      if (form['payment_method_data[type]'] !== 'oxxo' || !form['payment_method_data[billing_details][name]'] || !form['payment_method_data[billing_details][email]']) {
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'OXXO requires billing_details name and email.', param: 'payment_method_data[billing_details]' } } };
      }
      const intent: StripeIntent = {
        ...base,
        payment_method: id('pm'),
        next_action: {
          type: 'oxxo_display_details',
          oxxo_display_details: {
            // Three days, Stripe's default for OXXO vouchers: the end of the third day, as a unix time.
            expires_after: created + 3 * 86_400,
            hosted_voucher_url: `https://payments.stripe.com/oxxo/voucher/test_${randomBytes(16).toString('hex')}`,
            number: digits(18),
          },
        },
      };
      intents.set(intent.id, intent);
      return { status: 200, body: intent };
    }
    if (types.length === 1 && types[0] === 'customer_balance') {
      const customer = form.customer;
      const clabe = customer ? customerClabes.get(customer) : undefined;
      if (
        !customer ||
        !clabe ||
        form['payment_method_data[type]'] !== 'customer_balance' ||
        form['payment_method_options[customer_balance][funding_type]'] !== 'bank_transfer' ||
        form['payment_method_options[customer_balance][bank_transfer][type]'] !== 'mx_bank_transfer'
      ) {
        return { status: 400, body: { error: { type: 'invalid_request_error', message: 'A customer_balance bank transfer needs a customer and mx_bank_transfer.', param: 'customer' } } };
      }
      const intent: StripeIntent = {
        ...base,
        payment_method: id('pm'),
        next_action: {
          type: 'display_bank_transfer_instructions',
          display_bank_transfer_instructions: {
            amount_remaining: amount,
            currency: 'mxn',
            financial_addresses: [
              {
                spei: { account_holder_name: 'Lend Demo SA de CV', bank_code: '002', bank_name: 'BANAMEX', clabe },
                supported_networks: ['spei'],
                type: 'spei',
              },
            ],
            hosted_instructions_url: `https://payments.stripe.com/bank_transfers/instructions/test_${randomBytes(12).toString('hex')}`,
            reference: `REF${randomBytes(5).toString('hex').toUpperCase()}`,
            type: 'mx_bank_transfer',
          },
        },
      };
      intents.set(intent.id, intent);
      return { status: 200, body: intent };
    }
    return { status: 400, body: { error: { type: 'invalid_request_error', message: `Unsupported payment method types ${types.join(',')}.` } } };
  }

  function customerCreate(form: Record<string, string>): { status: number; body: unknown } {
    const customer = { id: id('cus'), object: 'customer', name: form.name ?? null, phone: form.phone ?? null, email: null, metadata: metadataOf(form), created: Math.floor(now().getTime() / 1000), livemode: false };
    customers.set(customer.id, customer);
    customerClabes.set(customer.id, `002180${digits(12)}`);
    return { status: 200, body: customer };
  }

  /** Stripe cancels an intent still waiting for its payment; a succeeded or cancelled one answers 400 `payment_intent_unexpected_state`. */
  function cancelIntent(response: ServerResponse, intentId: string, form: Record<string, string>): void {
    calls.push({ path: `/v1/payment_intents/${intentId}/cancel`, form, idempotencyKey: undefined, answered: 0 });
    const intent = intents.get(intentId);
    if (!intent) return stripeError(response, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${intentId}'`, param: 'intent' });
    if (intent.status === 'succeeded' || intent.status === 'canceled') {
      return stripeError(response, 400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
      });
    }
    const canceled: StripeIntent = { ...intent, status: 'canceled', cancellation_reason: form.cancellation_reason ?? null, canceled_at: Math.floor(now().getTime() / 1000), next_action: null };
    intents.set(intentId, canceled);
    return send(response, 200, canceled);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const path = (request.url ?? '').split('?')[0] ?? '';
    if (request.headers.authorization !== `Bearer ${key}`) {
      return stripeError(response, 401, { type: 'authentication_error', message: 'Invalid API Key provided.' });
    }
    const cancel = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/cancel$/.exec(path);
    if (request.method === 'POST' && cancel?.[1]) return cancelIntent(response, cancel[1], parseForm(raw));
    if (request.method !== 'POST' || (path !== '/v1/payment_intents' && path !== '/v1/customers')) {
      return stripeError(response, 404, { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path}).` });
    }
    const form = parseForm(raw);
    const idempotencyKey = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : undefined;
    const call: StandInCall = { path, form, idempotencyKey, answered: 0 };
    calls.push(call);
    if (rateLimited > 0) {
      rateLimited -= 1;
      call.answered = 429;
      return stripeError(response, 429, { type: 'rate_limit_error', code: 'rate_limit', message: 'Too many requests hit the API too quickly. We recommend an exponential backoff of your requests.' });
    }
    const memoKey = idempotencyKey ? `${path} ${idempotencyKey}` : undefined;
    const first = memoKey ? remembered.get(memoKey) : undefined;
    if (first) {
      if (first.form !== raw) {
        call.answered = 400;
        return stripeError(response, 400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey ?? ''}' if you meant to execute a different request.`,
        });
      }
      call.answered = first.status;
      response.setHeader('idempotent-replayed', 'true');
      return send(response, first.status, first.body);
    }
    const answer = path === '/v1/customers' ? customerCreate(form) : paymentIntent(form);
    if (memoKey) remembered.set(memoKey, { form: raw, ...answer });
    call.answered = answer.status;
    return send(response, answer.status, answer.body);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => stripeError(response, 500, { type: 'api_error', message: 'stand-in failure' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    intents,
    customers,
    rateLimitNext: (count) => {
      rateLimited = count;
    },
    succeeded: (intentId, amountReceived) => {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      const paid: StripeIntent = { ...intent, status: 'succeeded', amount_received: amountReceived ?? intent.amount, next_action: null };
      intents.set(intentId, paid);
      return paid;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
