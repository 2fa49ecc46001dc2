import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import Stripe from 'stripe';
import { STAND_IN_PAYMENT_USER_AGENT, stripeJsFrame, stripeJsScript } from './stripe-js-stand-in';

/**
 * A local stand-in for the parts of Stripe's API that card payments use, answering the bodies
 * Stripe documents: SetupIntents (create, retrieve with `expand[]`, and the confirm Stripe.js makes
 * from its card frame with the publishable key and the client secret), PaymentMethods (retrieve;
 * creating one from a raw card number is refused as Stripe refuses it on an account without
 * raw-card-data approval), Customers (create, retrieve, search by metadata), PaymentIntents (create
 * and confirm off-session, retrieve, list by customer and creation time, search by metadata) and
 * Checkout Sessions (create, list by creation time). Every call needs the right Bearer key; a POST
 * with an `Idempotency-Key` answers the first answer again for the same parameters and 400
 * `idempotency_error` for other ones. A list reads what was just written; Search, as Stripe
 * documents it, lags writes (`searchLagMs`, a minute unless told) and does not find a PaymentIntent
 * made more recently. Stripe's test cards choose what a card does.
 *
 * It also serves a stand-in of Stripe.js (`/v3/`, `stripe-js-stand-in.ts`) whose card fields live
 * in a frame of this server's origin, so a browser test walks the real flow.
 */

export const STAND_IN_SECRET_KEY = `sk_test_${'standin0123456789'.repeat(2)}`;
export const STAND_IN_PUBLISHABLE_KEY = `pk_test_${'standin0123456789'.repeat(2)}`;
export const STAND_IN_WEBHOOK_SECRET = `whsec_${'c3RhbmRpbnNlY3JldA'.repeat(2)}`;

/** Stripe's published test card numbers, by what they do. */
export const StripeTestCard = {
  succeeds: '4242424242424242',
  /** Asks for 3-D Secure on every payment: an off-session charge fails with `authentication_required`. */
  authenticationRequired: '4000002760003184',
  /** Saved without trouble; every charge of it is declined (Stripe's "attaching succeeds, charging fails" card). */
  declined: '4000000000000341',
  /** Declined already when the SetupIntent is confirmed: nothing is saved. */
  declinedAtSetup: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

/** Stripe's answer to a card number sent to its API by anything but its own card fields. */
export const RAW_CARD_DATA_REFUSAL =
  'Sending credit card numbers directly to the Stripe API is generally unsafe. To continue processing use Stripe.js, the Stripe mobile bindings, or Stripe Elements. For more information, see https://dashboard.stripe.com/account/integration/settings. If you are qualified to handle card data directly, see https://support.stripe.com/questions/enabling-access-to-raw-card-data-apis.';

/** The card fields' confirm, as the stand-in's card frame (and Stripe.js's) makes it; tests call it in the browser's place. */
export async function confirmSetupAsTheFrame(
  standInUrl: string,
  publishableKey: string,
  clientSecret: string,
  card: { number: string; expMonth?: number; expYear?: number; cvc?: string },
): Promise<{ status: number; body: { id?: string; status?: string; error?: { type: string; code?: string; message: string; setup_intent?: unknown } } }> {
  const setupIntent = clientSecret.split('_secret_')[0] ?? '';
  const response = await fetch(`${standInUrl}/v1/setup_intents/${setupIntent}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_secret: clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card.number,
      'payment_method_data[card][exp_month]': String(card.expMonth ?? 12),
      'payment_method_data[card][exp_year]': String(card.expYear ?? new Date().getFullYear() + 3),
      'payment_method_data[card][cvc]': card.cvc ?? '123',
      payment_user_agent: STAND_IN_PAYMENT_USER_AGENT,
    }),
  });
  return { status: response.status, body: (await response.json()) as never };
}

/**
 * What the next PaymentIntent creations meet instead of Stripe's usual answer: refused before it
 * runs (`rate-limit`, `server-error`, so no answer is kept under the key), or made and answered too
 * late (`made-then-slow`) or never (`made-then-lost`: the connection closes with no answer, and again
 * on the one retry Stripe's library makes of a closed connection even with retries turned off).
 */
export type ScriptedFailure = 'rate-limit' | 'server-error' | 'made-then-slow' | 'made-then-lost';

type Form = Record<string, string>;
type Stored = { status: number; body: unknown; params: string };

export type StripeCardStandIn = {
  /** Where to point the client (STRIPE_API_BASE_URL). */
  url: string;
  paymentMethods: Map<string, Record<string, unknown>>;
  customers: Map<string, Record<string, unknown>>;
  setupIntents: Map<string, Record<string, unknown>>;
  /** Every request as it reached the stand-in: method, path and body as sent. */
  requests: { method: string; path: string; body: string }[];
  paymentIntents: Map<string, Record<string, unknown>>;
  sessions: Map<string, Record<string, unknown>>;
  /** Every PaymentIntent creation as posted, including replays. */
  intentRequests: Form[];
  failNext: (...failures: ScriptedFailure[]) => void;
  /** The borrower pays the session on Stripe's page: the session completes with a succeeded PaymentIntent; the event Stripe would send. */
  payCheckout: (sessionId: string) => Stripe.Event;
  /** The session's page expires unpaid; the event Stripe would send. */
  expireCheckout: (sessionId: string) => Stripe.Event;
  /** An event of a type we do not act on, for the same session's PaymentIntent. */
  paymentFailedEvent: (sessionId: string) => Stripe.Event;
  /** The signed delivery of an event, as Stripe posts it to the endpoint; `signedAt` (Unix seconds) is when Stripe signed it, now unless given. */
  signed: (event: Stripe.Event, secret?: string, signedAt?: number) => { body: string; headers: Record<string, string> };
  close: () => Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const nowS = () => Math.floor(Date.now() / 1000);

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') }).end(JSON.stringify(body));
}

function stripeError(type: string, message: string, extra: Record<string, unknown> = {}) {
  return { error: { type, message, ...extra } };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function metadataOf(form: Form, prefix = 'metadata'): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[([^\\]]+)\\]$`).exec(key);
    if (match?.[1]) metadata[match[1]] = value;
  }
  return metadata;
}

function luhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^5[1-5]|^2[2-7]/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  return 'unknown';
}

/** How long Stripe's Search takes to see a write: under a minute normally, up to an hour in an outage. */
const SEARCH_LAG_MS = 60_000;

export async function startStripeCardStandIn(options: { searchLagMs?: number } = {}): Promise<StripeCardStandIn> {
  const searchLagMs = options.searchLagMs ?? SEARCH_LAG_MS;
  const paymentMethods = new Map<string, Record<string, unknown>>();
  const numbers = new Map<string, string>();
  const customers = new Map<string, Record<string, unknown>>();
  const paymentIntents = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Record<string, unknown>>();
  /** When each PaymentIntent becomes visible to Search (by this process's clock). */
  const searchableAt = new Map<string, number>();
  const setupIntents = new Map<string, Record<string, unknown>>();
  const requests: { method: string; path: string; body: string }[] = [];
  const idempotent = new Map<string, Stored>();
  /** Keys whose next replay loses its answer too. */
  const losing = new Set<string>();
  const intentRequests: Form[] = [];
  const failures: ScriptedFailure[] = [];
  const stripe = new Stripe(STAND_IN_SECRET_KEY);
  let base = '';

  function intentOf(form: Form, paymentMethod: string | null, status: string, lastError: Record<string, unknown> | null): Record<string, unknown> {
    const amount = Number(form.amount);
    const intentId = id('pi');
    searchableAt.set(intentId, Date.now() + searchLagMs);
    return {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_received: status === 'succeeded' ? amount : 0,
      currency: form.currency,
      customer: form.customer ?? null,
      payment_method: paymentMethod,
      payment_method_types: ['card'],
      status,
      created: nowS(),
      livemode: false,
      metadata: metadataOf(form),
      last_payment_error: lastError,
      next_action: status === 'requires_action' ? { type: 'use_stripe_sdk' } : null,
    };
  }

  /** POST /v1/payment_intents: the customer's card charged, or refused as Stripe refuses it. */
  async function createIntent(form: Form): Promise<{ status: number; body: unknown }> {
    intentRequests.push(form);
    const method = form.payment_method ? paymentMethods.get(form.payment_method) : undefined;
    if (!method || !form.customer || method.customer !== form.customer) {
      return { status: 400, body: stripeError('invalid_request_error', `No such PaymentMethod: '${form.payment_method ?? ''}'`, { code: 'resource_missing', param: 'payment_method' }) };
    }
    if (!/^[1-9]\d*$/.test(form.amount ?? '') || !/^[a-z]{3}$/.test(form.currency ?? '')) {
      return { status: 400, body: stripeError('invalid_request_error', 'Invalid amount or currency', { param: 'amount' }) };
    }
    const number = numbers.get(String(method.id)) ?? '';
    const offSession = form.off_session === 'true';
    const decline = (code: string, declineCode: string, message: string) => {
      const lastError = { type: 'card_error', code, decline_code: declineCode, message };
      const intent = intentOf(form, null, 'requires_payment_method', { ...lastError, payment_method: method });
      paymentIntents.set(String(intent.id), intent);
      return { status: 402, body: stripeError('card_error', message, { code, decline_code: declineCode, payment_intent: intent, charge: id('ch') }) };
    };
    if (number === StripeTestCard.declined) return decline('card_declined', 'generic_decline', 'Your card was declined.');
    if (number === StripeTestCard.insufficientFunds) return decline('card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
    if (number === StripeTestCard.authenticationRequired) {
      if (offSession) return decline('authentication_required', 'authentication_required', 'Your card was declined. This transaction requires authentication.');
      const intent = intentOf(form, String(method.id), 'requires_action', null);
      paymentIntents.set(String(intent.id), intent);
      return { status: 200, body: intent };
    }
    const intent = intentOf(form, String(method.id), form.confirm === 'true' ? 'succeeded' : 'requires_confirmation', null);
    paymentIntents.set(String(intent.id), intent);
    return { status: 200, body: intent };
  }

  /** POST /v1/setup_intents: a card to be saved for a customer, confirmed later by Stripe.js's card fields. */
  function createSetupIntent(form: Form): { status: number; body: unknown } {
    if (form.customer && !customers.has(form.customer)) {
      return { status: 400, body: stripeError('invalid_request_error', `No such customer: '${form.customer}'`, { code: 'resource_missing', param: 'customer' }) };
    }
    const intentId = id('seti');
    const intent = {
      id: intentId,
      object: 'setup_intent',
      client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
      customer: form.customer ?? null,
      usage: form.usage ?? 'off_session',
      allowed_payment_method_types: Object.entries(form).filter(([key]) => key.startsWith('allowed_payment_method_types[')).map(([, value]) => value),
      status: 'requires_payment_method',
      payment_method: null,
      last_setup_error: null,
      metadata: metadataOf(form),
      created: nowS(),
      livemode: false,
    };
    setupIntents.set(intentId, intent);
    return { status: 200, body: intent };
  }

  /** A SetupIntent with what `expand[]` asks for in place of the ids. */
  function expanded(intent: Record<string, unknown>, expand: string[]): Record<string, unknown> {
    const out = { ...intent };
    if (expand.includes('payment_method') && typeof intent.payment_method === 'string') out.payment_method = paymentMethods.get(intent.payment_method) ?? null;
    if (expand.includes('customer') && typeof intent.customer === 'string') out.customer = customers.get(intent.customer) ?? null;
    return out;
  }

  /**
   * POST /v1/setup_intents/:id/confirm with the publishable key: what Stripe.js sends from its card
   * frame. The card becomes a PaymentMethod attached to the intent's customer; a card declined at
   * setup leaves the intent waiting for another.
   */
  function confirmSetupIntent(intentId: string, form: Form): { status: number; body: unknown } {
    const intent = setupIntents.get(intentId);
    if (!intent || form.client_secret !== intent.client_secret) {
      return { status: 404, body: stripeError('invalid_request_error', `No such setupintent: '${intentId}'`, { code: 'resource_missing' }) };
    }
    if (intent.status === 'succeeded') {
      return { status: 400, body: stripeError('invalid_request_error', 'You cannot confirm this SetupIntent because it has already succeeded.', { code: 'setup_intent_unexpected_state' }) };
    }
    if (!String(form.payment_user_agent ?? '').startsWith('stripe.js')) return { status: 402, body: stripeError('invalid_request_error', RAW_CARD_DATA_REFUSAL) };
    const number = form['payment_method_data[card][number]'] ?? '';
    if (form['payment_method_data[type]'] !== 'card' || !/^\d{13,19}$/.test(number) || !luhn(number)) {
      return { status: 402, body: stripeError('card_error', 'Your card number is incorrect.', { code: 'incorrect_number', param: 'payment_method_data[card][number]' }) };
    }
    if (number === StripeTestCard.declinedAtSetup) {
      const lastError = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
      Object.assign(intent, { last_setup_error: lastError });
      return { status: 402, body: stripeError('card_error', lastError.message, { code: 'card_declined', decline_code: 'generic_decline', setup_intent: intent }) };
    }
    const method = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer: intent.customer,
      created: nowS(),
      livemode: false,
      billing_details: { name: null },
      card: {
        brand: brandOf(number),
        display_brand: brandOf(number),
        last4: number.slice(-4),
        exp_month: Number(form['payment_method_data[card][exp_month]']),
        exp_year: Number(form['payment_method_data[card][exp_year]']),
        country: 'MX',
        funding: 'credit',
      },
    };
    paymentMethods.set(method.id, method);
    numbers.set(method.id, number);
    Object.assign(intent, { status: 'succeeded', payment_method: method.id, last_setup_error: null });
    return { status: 200, body: intent };
  }

  function searchCustomers(query: string): unknown {
    const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.trim());
    if (!match) return null;
    const [, key, value] = match;
    const data = [...customers.values()].filter((customer) => (customer.metadata as Record<string, string>)[key ?? ''] === value);
    return { object: 'search_result', url: '/v1/customers/search', has_more: false, next_page: null, data };
  }

  function createSession(form: Form): { status: number; body: unknown } {
    const amount = Number(form['line_items[0][price_data][unit_amount]']);
    const currency = form['line_items[0][price_data][currency]'];
    if (form.mode !== 'payment' || !Number.isInteger(amount) || amount <= 0 || !currency || !form.success_url || !form.cancel_url) {
      return { status: 400, body: stripeError('invalid_request_error', 'Missing required param: mode, line_items, success_url or cancel_url.') };
    }
    for (const url of [form.success_url, form.cancel_url]) {
      if (!/^https?:\/\//.test(url)) return { status: 400, body: stripeError('invalid_request_error', 'Not a valid URL', { param: 'success_url' }) };
    }
    const sessionId = `cs_test_${randomBytes(16).toString('hex')}`;
    const session = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      currency,
      client_reference_id: form.client_reference_id ?? null,
      metadata: metadataOf(form),
      payment_intent: null,
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      locale: form.locale ?? null,
      allowed_payment_method_types: Object.entries(form).filter(([key]) => key.startsWith('allowed_payment_method_types[')).map(([, value]) => value),
      created: nowS(),
      expires_at: Number(form.expires_at ?? nowS() + 86_400),
      url: `${base}/c/pay/${sessionId}`,
      livemode: false,
      _intentMetadata: metadataOf(form, 'payment_intent_data[metadata]'),
    };
    sessions.set(sessionId, session);
    return { status: 200, body: publicSession(session) };
  }

  function publicSession(session: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(session).filter(([key]) => !key.startsWith('_')));
  }

  function listSessions(query: URLSearchParams): unknown {
    const gte = Number(query.get('created[gte]') ?? 0);
    const limit = Math.min(Number(query.get('limit') ?? 10), 100);
    const after = query.get('starting_after');
    // Newest first, as Stripe lists.
    let all = [...sessions.values()].filter((session) => Number(session.created) >= gte).reverse();
    if (after) all = all.slice(all.findIndex((session) => session.id === after) + 1);
    return { object: 'list', url: '/v1/checkout/sessions', has_more: all.length > limit, data: all.slice(0, limit).map(publicSession) };
  }

  function searchIntents(query: string): unknown {
    const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.trim());
    if (!match) return null;
    const [, key, value] = match;
    const data = [...paymentIntents.values()].filter(
      (intent) => (searchableAt.get(String(intent.id)) ?? 0) <= Date.now() && (intent.metadata as Record<string, string>)[key ?? ''] === value,
    );
    return { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, next_page: null, data };
  }

  /** GET /v1/payment_intents: newest first, by customer and creation time, read after the write. */
  function listIntents(query: URLSearchParams): unknown {
    const customer = query.get('customer');
    const gte = Number(query.get('created[gte]') ?? 0);
    const limit = Math.min(Number(query.get('limit') ?? 10), 100);
    const after = query.get('starting_after');
    let all = [...paymentIntents.values()].filter((intent) => (!customer || intent.customer === customer) && Number(intent.created) >= gte).reverse();
    if (after) all = all.slice(all.findIndex((intent) => intent.id === after) + 1);
    return { object: 'list', url: '/v1/payment_intents', has_more: all.length > limit, data: all.slice(0, limit) };
  }

  function event(type: string, object: Record<string, unknown>): Stripe.Event {
    return { id: id('evt'), object: 'event', type, created: nowS(), livemode: false, api_version: null, pending_webhooks: 1, request: { id: null, idempotency_key: null }, data: { object } } as unknown as Stripe.Event;
  }

  function sessionById(sessionId: string): Record<string, unknown> {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    return session;
  }

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const path = url.pathname;
    const raw = request.method === 'POST' ? await readBody(request) : '';
    requests.push({ method: request.method ?? '', path: `${path}${url.search}`, body: raw });
    if (request.method === 'GET' && path === '/v3/') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'access-control-allow-origin': '*' }).end(stripeJsScript());
      return;
    }
    if (request.method === 'GET' && path === '/v3/elements-inner-payment.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(stripeJsFrame());
      return;
    }
    const auth = request.headers.authorization ?? '';
    // What Stripe takes with the publishable key; everything else needs the secret key.
    const setupConfirm = request.method === 'POST' && /^\/v1\/setup_intents\/[^/]+\/confirm$/.test(path);
    const publishable = (request.method === 'POST' && path === '/v1/payment_methods') || setupConfirm;
    const expected = `Bearer ${publishable ? STAND_IN_PUBLISHABLE_KEY : STAND_IN_SECRET_KEY}`;
    if (auth !== expected) return answer(response, 401, stripeError('invalid_request_error', 'Invalid API Key provided.'));
    const form: Form = Object.fromEntries(new URLSearchParams(raw));
    const key = request.headers['idempotency-key'];
    const params = JSON.stringify(form);
    const storeKey = typeof key === 'string' ? `${request.method} ${path} ${key}` : undefined;
    if (storeKey) {
      const stored = idempotent.get(storeKey);
      if (stored && stored.params !== params) {
        return answer(response, 400, stripeError('idempotency_error', `Keys for idempotent requests can only be used with the same parameters they were first used with.`));
      }
      if (stored && losing.delete(storeKey)) return void response.destroy();
      if (stored) return answer(response, stored.status, stored.body);
    }
    const done = (status: number, body: unknown) => {
      if (storeKey && status !== 429 && status < 500) idempotent.set(storeKey, { status, body, params });
      answer(response, status, body);
    };

    if (request.method === 'POST' && path === '/v1/payment_methods') {
      // The account has no raw-card-data approval: a number is taken only from Stripe's own card fields.
      if (Object.keys(form).some((name) => name.startsWith('card['))) return done(402, stripeError('invalid_request_error', RAW_CARD_DATA_REFUSAL));
      return done(400, stripeError('invalid_request_error', 'Missing required param: type.', { param: 'type' }));
    }
    let match: RegExpExecArray | null;
    if (request.method === 'GET' && (match = /^\/v1\/payment_methods\/([^/]+)$/.exec(path))) {
      const method = paymentMethods.get(match[1] ?? '');
      return method ? done(200, method) : done(404, stripeError('invalid_request_error', `No such PaymentMethod: '${match[1] ?? ''}'`, { code: 'resource_missing' }));
    }
    if (request.method === 'POST' && path === '/v1/setup_intents') {
      const made = createSetupIntent(form);
      return done(made.status, made.body);
    }
    if (request.method === 'POST' && (match = /^\/v1\/setup_intents\/([^/]+)\/confirm$/.exec(path))) {
      const confirmed = confirmSetupIntent(match[1] ?? '', form);
      return done(confirmed.status, confirmed.body);
    }
    if (request.method === 'GET' && (match = /^\/v1\/setup_intents\/([^/]+)$/.exec(path))) {
      const intent = setupIntents.get(match[1] ?? '');
      if (!intent) return done(404, stripeError('invalid_request_error', `No such setupintent: '${match[1] ?? ''}'`, { code: 'resource_missing' }));
      return done(200, expanded(intent, [...url.searchParams].filter(([name]) => /^expand\[\d*\]$/.test(name)).map(([, value]) => value)));
    }
    if (request.method === 'GET' && path === '/v1/customers/search') {
      const found = searchCustomers(url.searchParams.get('query') ?? '');
      return found ? done(200, found) : done(400, stripeError('invalid_request_error', 'Invalid search query', { param: 'query' }));
    }
    if (request.method === 'GET' && (match = /^\/v1\/customers\/([^/]+)$/.exec(path))) {
      const customer = customers.get(match[1] ?? '');
      return customer ? done(200, customer) : done(404, stripeError('invalid_request_error', `No such customer: '${match[1] ?? ''}'`, { code: 'resource_missing' }));
    }
    if (request.method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', created: nowS(), email: form.email ?? null, livemode: false, metadata: metadataOf(form) };
      customers.set(customer.id, customer);
      return done(200, customer);
    }
    if (request.method === 'POST' && path === '/v1/payment_intents') {
      const failure = failures.shift();
      if (failure === 'rate-limit') return done(429, stripeError('invalid_request_error', 'Request rate limit exceeded.', { code: 'rate_limit' }));
      if (failure === 'server-error') return done(500, stripeError('api_error', 'Something went wrong on our end.'));
      const made = await createIntent(form);
      if (failure === 'made-then-lost') {
        // The charge is made and its answer kept under the key; the connection drops before it is sent.
        if (storeKey) {
          idempotent.set(storeKey, { ...made, params });
          losing.add(storeKey);
        }
        return void response.destroy();
      }
      if (failure === 'made-then-slow') {
        // The charge is made, and the answer comes after the client gave up.
        idempotent.set(storeKey ?? id('slow'), { ...made, params });
        await sleep(4_000);
      }
      return done(made.status, made.body);
    }
    if (request.method === 'GET' && path === '/v1/payment_intents/search') {
      const found = searchIntents(url.searchParams.get('query') ?? '');
      return found ? done(200, found) : done(400, stripeError('invalid_request_error', 'Invalid search query', { param: 'query' }));
    }
    if (request.method === 'GET' && path === '/v1/payment_intents') return done(200, listIntents(url.searchParams));
    if (request.method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = paymentIntents.get(match[1] ?? '');
      return intent ? done(200, intent) : done(404, stripeError('invalid_request_error', 'No such payment_intent', { code: 'resource_missing' }));
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const made = createSession(form);
      return done(made.status, made.body);
    }
    if (request.method === 'GET' && path === '/v1/checkout/sessions') return done(200, listSessions(url.searchParams));
    return done(404, stripeError('invalid_request_error', `Unrecognized request URL (${request.method ?? ''}: ${path}).`));
  }

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => answer(response, 500, stripeError('api_error', String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    paymentMethods,
    customers,
    setupIntents,
    requests,
    paymentIntents,
    sessions,
    intentRequests,
    failNext: (...next) => void failures.push(...next),
    payCheckout(sessionId) {
      const session = sessionById(sessionId);
      const intent: Record<string, unknown> = {
        ...intentOf({ amount: String(session.amount_total), currency: String(session.currency) }, id('pm'), 'succeeded', null),
        metadata: session._intentMetadata,
      };
      paymentIntents.set(String(intent.id), intent);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: intent.id });
      return event('checkout.session.completed', publicSession(session));
    },
    expireCheckout(sessionId) {
      const session = sessionById(sessionId);
      Object.assign(session, { status: 'expired' });
      return event('checkout.session.expired', publicSession(session));
    },
    paymentFailedEvent(sessionId) {
      const session = sessionById(sessionId);
      const intent = intentOf({ amount: String(session.amount_total), currency: String(session.currency) }, null, 'requires_payment_method', {
        type: 'card_error',
        code: 'card_declined',
      });
      return event('payment_intent.payment_failed', intent);
    },
    signed(payloadEvent, secret = STAND_IN_WEBHOOK_SECRET, signedAt = nowS()) {
      const body = JSON.stringify(payloadEvent);
      return { body, headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: signedAt }) } };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
