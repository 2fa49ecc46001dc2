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
 *
 * Refunds and settlement: a paid intent (`succeeded`) gets a charge and a `charge` balance
 * transaction with a fee. `POST /v1/refunds` refunds part or all of a succeeded intent's
 * `amount_received` (more than is left: 400 `amount_too_large`, nothing left: 400
 * `charge_already_refunded`), `pending` until a test settles it; `GET /v1/refunds/{id}`,
 * `GET /v1/refunds?payment_intent=`, `GET /v1/charges/{id}` and `GET /v1/balance_transactions`
 * (`created[gte]`/`created[lt]`, newest first, `limit`, `starting_after`, `has_more`, `expand[]=data.source`).
 *
 * What the cash reconciler asks: `GET /v1/payment_intents/{id}` (`expand[]=latest_charge` gives
 * the charge of a paid one) and `GET /v1/customers/{id}/cash_balance_transactions` (newest first:
 * a SPEI transfer `funded` the balance, then `applied_to_payment` to an intent). Tests make every
 * read answer Stripe's 500 `api_error` while `failReads` is on.
 *
 * Transfers of another amount (`transfer`), as Stripe's automatic reconciliation of a customer's
 * cash balance behaves: the transfer funds the balance, and what the balance holds is applied to the
 * reference's intent while it awaits funding, up to what it still needs. Less leaves it
 * `requires_action` with a smaller `next_action.display_bank_transfer_instructions.amount_remaining`
 * (Stripe's `payment_intent.partially_funded`); enough makes it `succeeded`; more, or a transfer to an
 * intent no longer awaiting funding, stays in the balance (`GET /v1/customers/{id}/cash_balance`).
 * Cancelling a partially funded intent returns its funds to the balance (`unapplied_from_payment`),
 * and a new `customer_balance` intent the balance covers is paid from it when it is confirmed.
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

export type StripeRefund = {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';
  failure_reason?: string;
};

export type StripeBalanceTransaction = {
  id: string;
  object: 'balance_transaction';
  amount: number;
  created: number;
  currency: string;
  fee: number;
  net: number;
  source: string | null;
  status: 'pending' | 'available';
  type: string;
};

export type StripeStandIn = {
  /** Where to point the client (STRIPE_API_BASE_URL). */
  url: string;
  calls: StandInCall[];
  intents: Map<string, StripeIntent>;
  customers: Map<string, Record<string, unknown>>;
  /** The next creating calls answer Stripe's rate-limit error, nothing made. */
  rateLimitNext: (count: number) => void;
  refunds: Map<string, StripeRefund>;
  /** The charge id of a paid intent. */
  chargeOf: (intentId: string) => string | undefined;
  balanceTransactions: StripeBalanceTransaction[];
  /** Stripe finishes a refund: `succeeded`, or `failed` (the money stays with us). */
  settleRefund: (refundId: string, status: 'succeeded' | 'failed' | 'canceled') => StripeRefund;
  /** A balance transaction of the test's own making (a fee, a payment that reached no order of ours). */
  addBalanceTransaction: (tx: Omit<StripeBalanceTransaction, 'object'>) => void;
  /** The intent as Stripe's `payment_intent.succeeded` event carries it once paid (all of it unless said). */
  succeeded: (intentId: string, amountReceived?: number) => StripeIntent;
  /** A SPEI transfer funds the intent's customer's cash balance and Stripe applies it to the intent (which `succeeded` then marks paid). */
  fundByTransfer: (intentId: string) => StripeIntent;
  /**
   * A SPEI transfer of `amount` naming the intent's reference: funds the customer's cash balance and
   * applies it as Stripe does. Answers the intent after it and the cash balance transactions it made.
   */
  transfer: (intentId: string, amount: number) => { intent: StripeIntent; transactions: Record<string, unknown>[] };
  /** What the customer's cash balance holds now. */
  cashBalanceOf: (customer: string) => number;
  /** While on, every read answers 500 `api_error`. */
  failReads: (on: boolean) => void;
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
  const refunds = new Map<string, StripeRefund>();
  const charges = new Map<string, Record<string, unknown>>();
  const chargeOfIntent = new Map<string, string>();
  const balanceTransactions: StripeBalanceTransaction[] = [];
  const seconds = () => Math.floor(now().getTime() / 1000);

  function addBalanceTransaction(tx: Omit<StripeBalanceTransaction, 'object'>): void {
    balanceTransactions.push({ object: 'balance_transaction', ...tx });
  }

  function refundCreate(form: Record<string, string>): { status: number; body: unknown } {
    const intentId = form.payment_intent ?? '';
    const intent = intents.get(intentId);
    if (!intent) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${intentId}'`, param: 'payment_intent' } } };
    const chargeId = chargeOfIntent.get(intentId);
    if (intent.status !== 'succeeded' || !chargeId) {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_not_refundable', message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`, param: 'payment_intent' } } };
    }
    const refunded = [...refunds.values()].filter((r) => r.payment_intent === intentId && r.status !== 'failed' && r.status !== 'canceled').reduce((sum, r) => sum + r.amount, 0);
    const left = intent.amount_received - refunded;
    if (left <= 0) return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge ${chargeId} has already been refunded.` } } };
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (!Number.isInteger(amount) || amount <= 0) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Invalid integer: amount', param: 'amount' } } };
    if (amount > left) {
      return { status: 400, body: { error: { type: 'invalid_request_error', code: 'amount_too_large', message: `Refund amount ($${amount / 100}) is greater than unrefunded amount on charge ($${left / 100})`, param: 'amount' } } };
    }
    const txId = id('txn');
    const refund: StripeRefund = { id: id('re'), object: 'refund', amount, balance_transaction: txId, charge: chargeId, created: seconds(), currency: intent.currency, metadata: metadataOf(form), payment_intent: intentId, reason: null, status: 'pending' };
    refunds.set(refund.id, refund);
    // Stripe takes a refund out of the balance when it is made, and puts it back if it fails.
    addBalanceTransaction({ id: txId, amount: -amount, created: refund.created, currency: intent.currency, fee: 0, net: -amount, source: refund.id, status: 'available', type: 'refund' });
    return { status: 200, body: refund };
  }

  function listBalanceTransactions(response: ServerResponse, query: URLSearchParams): void {
    const gte = Number(query.get('created[gte]') ?? -Infinity);
    const lt = Number(query.get('created[lt]') ?? Infinity);
    const limit = Math.min(Number(query.get('limit') ?? 10), 100);
    const expandSource = [...query.entries()].some(([k, v]) => /^expand\[\d*\]$/.test(k) && v === 'data.source');
    const newestFirst = balanceTransactions.filter((tx) => tx.created >= gte && tx.created < lt).reverse();
    const after = query.get('starting_after');
    const start = after ? newestFirst.findIndex((tx) => tx.id === after) + 1 : 0;
    const page = newestFirst.slice(start, start + limit);
    const sourceOf = (source: string | null) => (source === null ? null : (refunds.get(source) ?? charges.get(source) ?? source));
    send(response, 200, {
      object: 'list',
      url: '/v1/balance_transactions',
      has_more: start + limit < newestFirst.length,
      data: page.map((tx) => (expandSource ? { ...tx, source: sourceOf(tx.source) } : tx)),
    });
  }

  function readCall(response: ServerResponse, path: string, query: URLSearchParams): boolean {
    const refund = /^\/v1\/refunds\/([A-Za-z0-9_]+)$/.exec(path);
    if (refund?.[1]) {
      const found = refunds.get(refund[1]);
      if (found) send(response, 200, found);
      else stripeError(response, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such refund: '${refund[1]}'`, param: 'id' });
      return true;
    }
    const charge = /^\/v1\/charges\/([A-Za-z0-9_]+)$/.exec(path);
    if (charge?.[1]) {
      const found = charges.get(charge[1]);
      if (found) send(response, 200, found);
      else stripeError(response, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such charge: '${charge[1]}'`, param: 'id' });
      return true;
    }
    if (path === '/v1/refunds') {
      const intentId = query.get('payment_intent');
      const data = [...refunds.values()].filter((r) => intentId === null || r.payment_intent === intentId).reverse();
      send(response, 200, { object: 'list', url: '/v1/refunds', has_more: false, data });
      return true;
    }
    if (path === '/v1/balance_transactions') {
      listBalanceTransactions(response, query);
      return true;
    }
    return false;
  }

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
      transferReferences.set(intent.id, (intent.next_action?.display_bank_transfer_instructions as { reference: string }).reference);
      // Confirmed, it awaits funding: what the customer's cash balance holds pays it (automatic reconciliation).
      applyBalance(intent);
      return { status: 200, body: intents.get(intent.id) };
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
    // What a transfer had partly paid goes back to the customer's cash balance.
    const funded = fundedOf.get(intentId) ?? 0;
    if (funded > 0 && intent.customer) {
      fundedOf.set(intentId, 0);
      cashEntry(intent.customer, 'unapplied_from_payment', funded, { unapplied_from_payment: { payment_intent: intentId } });
    }
    return send(response, 200, canceled);
  }

  function markSucceeded(intentId: string, amountReceived?: number): StripeIntent {
    const intent = intents.get(intentId);
    if (!intent) throw new Error(`no intent ${intentId}`);
    const paid: StripeIntent = { ...intent, status: 'succeeded', amount_received: amountReceived ?? intent.amount, next_action: null };
    intents.set(intentId, paid);
    const chargeId = id('ch');
    const txId = id('txn');
    const fee = Math.round(paid.amount_received * 0.036);
    const method = paid.payment_method_types[0] ?? 'card';
    charges.set(chargeId, {
      id: chargeId,
      object: 'charge',
      amount: paid.amount_received,
      amount_captured: paid.amount_received,
      balance_transaction: txId,
      currency: paid.currency,
      paid: true,
      payment_intent: paid.id,
      payment_method_details: { type: method, [method]: {} },
      status: 'succeeded',
      created: seconds(),
    });
    chargeOfIntent.set(paid.id, chargeId);
    addBalanceTransaction({ id: txId, amount: paid.amount_received, created: seconds(), currency: paid.currency, fee, net: paid.amount_received - fee, source: chargeId, status: 'pending', type: 'charge' });
    return paid;
  }

  // What the cash reconciler reads: an intent, and a customer's cash balance transactions.
  const cashBalanceTransactions = new Map<string, Record<string, unknown>[]>();
  const cashBalances = new Map<string, number>();
  const fundedOf = new Map<string, number>();
  const transferReferences = new Map<string, string>();
  let readsFail = false;

  function cashEntry(customer: string, type: string, net: number, more: Record<string, unknown>): Record<string, unknown> {
    const ending = (cashBalances.get(customer) ?? 0) + net;
    cashBalances.set(customer, ending);
    const entry = { id: id('ccsbtxn'), object: 'customer_cash_balance_transaction', created: seconds(), currency: 'mxn', customer, ending_balance: ending, net_amount: net, type, livemode: false, ...more };
    cashBalanceTransactions.set(customer, [...(cashBalanceTransactions.get(customer) ?? []), entry]);
    return entry;
  }

  /** Stripe's automatic reconciliation: the balance pays what the intent still needs, as far as it goes. */
  function applyBalance(intent: StripeIntent): Record<string, unknown>[] {
    const customer = intent.customer;
    const available = customer ? (cashBalances.get(customer) ?? 0) : 0;
    if (!customer || intent.status !== 'requires_action' || !intent.payment_method_types.includes('customer_balance') || available <= 0) return [];
    const funded = fundedOf.get(intent.id) ?? 0;
    const applied = Math.min(available, intent.amount - funded);
    fundedOf.set(intent.id, funded + applied);
    const entry = cashEntry(customer, 'applied_to_payment', -applied, { applied_to_payment: { payment_intent: intent.id } });
    if (funded + applied >= intent.amount) markSucceeded(intent.id);
    else {
      const instructions = intent.next_action?.display_bank_transfer_instructions as Record<string, unknown>;
      intents.set(intent.id, { ...intent, next_action: { ...intent.next_action, display_bank_transfer_instructions: { ...instructions, amount_remaining: intent.amount - funded - applied } } });
    }
    return [entry];
  }

  function transfer(intentId: string, amount: number): { intent: StripeIntent; transactions: Record<string, unknown>[] } {
    const intent = intents.get(intentId);
    const customer = intent?.customer;
    if (!intent || !customer) throw new Error(`no customer_balance intent ${intentId}`);
    const instructions = intent.next_action?.display_bank_transfer_instructions as { reference?: string } | undefined;
    const reference = instructions?.reference ?? transferReferences.get(intentId) ?? null;
    const funded = cashEntry(customer, 'funded', amount, { funded: { bank_transfer: { reference, type: 'mx_bank_transfer' } } });
    const transactions = [funded, ...applyBalance(intent)];
    const after = intents.get(intentId);
    if (!after) throw new Error(`no intent ${intentId}`);
    return { intent: after, transactions };
  }

  function cashBalanceRead(response: ServerResponse, customer: string): void {
    if (!customers.has(customer)) {
      stripeError(response, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${customer}'`, param: 'customer' });
      return;
    }
    send(response, 200, {
      object: 'cash_balance',
      available: { mxn: cashBalances.get(customer) ?? 0 },
      customer,
      livemode: false,
      settings: { reconciliation_mode: 'automatic', using_merchant_default: true },
    });
  }

  function reconcileRead(response: ServerResponse, path: string, query: URLSearchParams): boolean {
    const intentPath = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(path);
    const balancePath = /^\/v1\/customers\/([A-Za-z0-9_]+)\/cash_balance_transactions$/.exec(path);
    const cashBalancePath = /^\/v1\/customers\/([A-Za-z0-9_]+)\/cash_balance$/.exec(path);
    if (!intentPath?.[1] && !balancePath?.[1] && !cashBalancePath?.[1]) return false;
    calls.push({ path, form: Object.fromEntries(query), idempotencyKey: undefined, answered: readsFail ? 500 : 200 });
    if (readsFail) {
      stripeError(response, 500, { type: 'api_error', message: 'An unknown error occurred' });
      return true;
    }
    if (cashBalancePath?.[1]) {
      cashBalanceRead(response, cashBalancePath[1]);
      return true;
    }
    if (intentPath?.[1]) {
      const intent = intents.get(intentPath[1]);
      if (!intent) {
        stripeError(response, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${intentPath[1]}'`, param: 'intent' });
        return true;
      }
      const chargeId = chargeOfIntent.get(intent.id) ?? null;
      const expand = [...query.entries()].some(([k, v]) => /^expand\[\d*\]$/.test(k) && v === 'latest_charge');
      send(response, 200, { ...intent, latest_charge: chargeId && expand ? (charges.get(chargeId) ?? chargeId) : chargeId });
      return true;
    }
    const customer = balancePath?.[1] ?? '';
    if (!customers.has(customer)) {
      stripeError(response, 404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such customer: '${customer}'`, param: 'customer' });
      return true;
    }
    const data = [...(cashBalanceTransactions.get(customer) ?? [])].reverse();
    send(response, 200, { object: 'list', url: `/v1/customers/${customer}/cash_balance_transactions`, has_more: false, data });
    return true;
  }

  function fundByTransfer(intentId: string): StripeIntent {
    const intent = intents.get(intentId);
    const customer = intent?.customer;
    if (!intent || !customer) throw new Error(`no customer_balance intent ${intentId}`);
    const list = cashBalanceTransactions.get(customer) ?? [];
    const entry = (type: string, net: number, more: Record<string, unknown>) =>
      list.push({ id: id('ccsbtxn'), object: 'customer_cash_balance_transaction', created: seconds(), currency: 'mxn', customer, ending_balance: type === 'funded' ? intent.amount : 0, net_amount: net, type, livemode: false, ...more });
    entry('funded', intent.amount, { funded: { bank_transfer: { reference: 'REF', type: 'mx_bank_transfer' } } });
    entry('applied_to_payment', -intent.amount, { applied_to_payment: { payment_intent: intent.id } });
    cashBalanceTransactions.set(customer, list);
    return intent;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const [path = '', search = ''] = (request.url ?? '').split('?');
    if (request.headers.authorization !== `Bearer ${key}`) {
      return stripeError(response, 401, { type: 'authentication_error', message: 'Invalid API Key provided.' });
    }
    if (request.method === 'GET' && reconcileRead(response, path, new URLSearchParams(search))) return;
    if (request.method === 'GET' && readCall(response, path, new URLSearchParams(search))) {
      calls.push({ path, form: Object.fromEntries(new URLSearchParams(search)), idempotencyKey: undefined, answered: 200 });
      return;
    }
    const cancel = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)\/cancel$/.exec(path);
    if (request.method === 'POST' && cancel?.[1]) return cancelIntent(response, cancel[1], parseForm(raw));
    if (request.method !== 'POST' || (path !== '/v1/payment_intents' && path !== '/v1/customers' && path !== '/v1/refunds')) {
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
    const answer = path === '/v1/customers' ? customerCreate(form) : path === '/v1/refunds' ? refundCreate(form) : paymentIntent(form);
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
    refunds,
    chargeOf: (intentId) => chargeOfIntent.get(intentId),
    balanceTransactions,
    addBalanceTransaction,
    settleRefund: (refundId, status) => {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      const settled: StripeRefund = { ...refund, status, ...(status === 'failed' ? { failure_reason: 'lost_or_stolen_card' } : {}) };
      refunds.set(refundId, settled);
      if (status !== 'succeeded') {
        addBalanceTransaction({ id: id('txn'), amount: refund.amount, created: seconds(), currency: refund.currency, fee: 0, net: refund.amount, source: refund.id, status: 'available', type: 'refund_failure' });
      }
      return settled;
    },
    rateLimitNext: (count) => {
      rateLimited = count;
    },
    succeeded: markSucceeded,
    fundByTransfer,
    transfer,
    cashBalanceOf: (customer) => cashBalances.get(customer) ?? 0,
    failReads: (on) => {
      readsFail = on;
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
