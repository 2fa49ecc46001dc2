import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmSetupAsTheFrame, STAND_IN_PUBLISHABLE_KEY, STAND_IN_SECRET_KEY, startStripeCardStandIn, StripeTestCard, type StripeCardStandIn } from './stand-ins/stripe-card-stand-in';
import { STAND_IN_STRIPE_KEY, startStripeStandIn, type StripeStandIn } from './stand-ins/stripe-stand-in';
import { startTwilioStandIn, type TwilioStandIn } from './stand-ins/twilio-stand-in';

/**
 * Every answer of a provider stand-in that an adapter reads is checked against the provider's
 * published response schema (`test/provider-specs/*.json`, themselves checked against the
 * providers' OpenAPI descriptions by `scripts/provider-specs.mjs`: docs/decisions/226), so a
 * stand-in cannot answer what the provider never sends.
 */

type SpecFile = { definitions: Record<string, unknown> };
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
const spec = (name: string) => {
  const file = JSON.parse(readFileSync(new URL(`./provider-specs/${name}.json`, import.meta.url), 'utf8')) as SpecFile & Record<string, unknown>;
  ajv.addSchema({ definitions: file.definitions }, name);
  return (definition: string): ValidateFunction => ajv.compile({ $ref: `${name}#/definitions/${definition}` });
};
ajv.addKeyword('x-component');
const stripe = spec('stripe');
const twilio = spec('twilio');

function expectValid(validate: ValidateFunction, answer: unknown): void {
  const valid = validate(answer);
  expect(valid ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || '/'} ${error.message ?? ''} ${JSON.stringify(error.params)}`)).toEqual([]);
}

/** A Stripe list (or search result) and each of its items. */
function expectEach(validate: ValidateFunction, list: unknown): void {
  expectValid(stripe('List'), list);
  const { data } = list as { data: unknown[] };
  expect(data.length).toBeGreaterThan(0);
  for (const item of data) expectValid(validate, item);
}

async function call(base: string, key: string, method: 'GET' | 'POST', path: string, form: Record<string, string> = {}): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    ...(method === 'POST' ? { body: new URLSearchParams(form) } : {}),
  });
  return response.json();
}

describe('Stripe’s card stand-in answers as Stripe’s published description has it', () => {
  let standIn: StripeCardStandIn;
  const card = (method: 'GET' | 'POST', path: string, form?: Record<string, string>) => call(standIn.url, STAND_IN_SECRET_KEY, method, path, form);
  beforeAll(async () => {
    standIn = await startStripeCardStandIn({ searchLagMs: 0 });
  });
  afterAll(async () => standIn?.close());

  it('answers customers, setup intents, payment methods and payment intents as Stripe’s objects', async () => {
    const customer = (await card('POST', '/v1/customers', { 'metadata[borrower_id]': 'b-1' })) as { id: string };
    expectValid(stripe('Customer'), customer);
    expectValid(stripe('Customer'), await card('GET', `/v1/customers/${customer.id}`));

    const setup = (await card('POST', '/v1/setup_intents', { customer: customer.id, usage: 'off_session', 'allowed_payment_method_types[0]': 'card' })) as { id: string; client_secret: string };
    expectValid(stripe('SetupIntent'), setup);
    const declined = await confirmSetupAsTheFrame(standIn.url, STAND_IN_PUBLISHABLE_KEY, setup.client_secret, { number: StripeTestCard.declinedAtSetup });
    expect(declined.status).toBe(402);
    expectValid(stripe('SetupIntent'), declined.body.error?.setup_intent);
    const confirmed = await confirmSetupAsTheFrame(standIn.url, STAND_IN_PUBLISHABLE_KEY, setup.client_secret, { number: StripeTestCard.succeeds });
    expectValid(stripe('SetupIntent'), confirmed.body);
    const expanded = (await card('GET', `/v1/setup_intents/${setup.id}?expand[]=payment_method&expand[]=customer`)) as { payment_method: { id: string } };
    expectValid(stripe('SetupIntent'), expanded);
    expectValid(stripe('PaymentMethod'), await card('GET', `/v1/payment_methods/${expanded.payment_method.id}`));

    const charge = { customer: customer.id, payment_method: expanded.payment_method.id, amount: '125000', currency: 'mxn', confirm: 'true', off_session: 'true', 'metadata[payment_id]': 'p-1' };
    expectValid(stripe('PaymentIntent'), await card('POST', '/v1/payment_intents', charge));
    expectEach(stripe('PaymentIntent'), await card('GET', `/v1/payment_intents?customer=${customer.id}`));
    expectEach(stripe('PaymentIntent'), await card('GET', `/v1/payment_intents/search?query=${encodeURIComponent("metadata['payment_id']:'p-1'")}`));
    expectEach(stripe('Customer'), await card('GET', `/v1/customers/search?query=${encodeURIComponent("metadata['borrower_id']:'b-1'")}`));
  });

  it('answers a card declined off-session with the PaymentIntent Stripe puts in its error', async () => {
    const customer = (await card('POST', '/v1/customers', {})) as { id: string };
    const setup = (await card('POST', '/v1/setup_intents', { customer: customer.id })) as { id: string; client_secret: string };
    const saved = (await confirmSetupAsTheFrame(standIn.url, STAND_IN_PUBLISHABLE_KEY, setup.client_secret, { number: StripeTestCard.declined })).body as { id: string };
    const method = ((await card('GET', `/v1/setup_intents/${saved.id}`)) as { payment_method: string }).payment_method;
    const refused = (await card('POST', '/v1/payment_intents', { customer: customer.id, payment_method: method, amount: '5000', currency: 'mxn', confirm: 'true', off_session: 'true' })) as {
      error: { payment_intent: unknown };
    };
    expectValid(stripe('PaymentIntent'), refused.error.payment_intent);
  });

  it('answers Checkout Sessions and their events as Stripe’s objects', async () => {
    const form = {
      mode: 'payment',
      'line_items[0][price_data][unit_amount]': '99000',
      'line_items[0][price_data][currency]': 'mxn',
      'line_items[0][price_data][product_data][name]': 'Payment',
      'line_items[0][quantity]': '1',
      success_url: 'https://lend.example/ok',
      cancel_url: 'https://lend.example/back',
      client_reference_id: 'p-2',
    };
    const session = (await card('POST', '/v1/checkout/sessions', form)) as { id: string };
    expectValid(stripe('CheckoutSession'), session);
    expectEach(stripe('CheckoutSession'), await card('GET', '/v1/checkout/sessions'));

    const paid = standIn.payCheckout(session.id);
    expectValid(stripe('Event'), paid);
    expectValid(stripe('CheckoutSession'), paid.data.object);
    const intentId = (paid.data.object as { payment_intent: string }).payment_intent;
    expectValid(stripe('PaymentIntent'), await card('GET', `/v1/payment_intents/${intentId}`));

    const failed = standIn.paymentFailedEvent(session.id);
    expectValid(stripe('Event'), failed);
    expectValid(stripe('PaymentIntent'), failed.data.object);

    const other = (await card('POST', '/v1/checkout/sessions', form)) as { id: string };
    const expired = standIn.expireCheckout(other.id);
    expectValid(stripe('Event'), expired);
    expectValid(stripe('CheckoutSession'), expired.data.object);
  });
});

/** An OXXO voucher as the cash adapter asks Stripe for one. */
const oxxoForm = (amount: string) => ({
  amount,
  currency: 'mxn',
  confirm: 'true',
  'payment_method_types[0]': 'oxxo',
  'payment_method_data[type]': 'oxxo',
  'payment_method_data[billing_details][name]': 'Ana López',
  'payment_method_data[billing_details][email]': 'ana@lend.example',
});

describe('Stripe’s cash stand-in answers as Stripe’s published description has it', () => {
  let standIn: StripeStandIn;
  const cash = (method: 'GET' | 'POST', path: string, form?: Record<string, string>) => call(standIn.url, STAND_IN_STRIPE_KEY, method, path, form);
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(async () => standIn?.close());

  it('answers customers and OXXO and SPEI payment intents as Stripe’s objects', async () => {
    const customer = (await cash('POST', '/v1/customers', { name: 'Ana López', phone: '+525512345678', 'metadata[borrower_id]': 'b-2' })) as { id: string };
    expectValid(stripe('Customer'), customer);

    const oxxo = (await cash('POST', '/v1/payment_intents', oxxoForm('50000'))) as { id: string };
    expectValid(stripe('PaymentIntent'), oxxo);
    expectValid(stripe('PaymentIntent'), standIn.succeeded(oxxo.id));

    const spei = (await cash('POST', '/v1/payment_intents', {
      amount: '70000',
      currency: 'mxn',
      confirm: 'true',
      customer: customer.id,
      'payment_method_types[0]': 'customer_balance',
      'payment_method_data[type]': 'customer_balance',
      'payment_method_options[customer_balance][funding_type]': 'bank_transfer',
      'payment_method_options[customer_balance][bank_transfer][type]': 'mx_bank_transfer',
    })) as { id: string };
    expectValid(stripe('PaymentIntent'), spei);
    expectValid(stripe('PaymentIntent'), standIn.fundByTransfer(spei.id));
    expectValid(stripe('PaymentIntent'), await cash('GET', `/v1/payment_intents/${spei.id}?expand[]=latest_charge`));
    expectEach(stripe('CustomerCashBalanceTransaction'), await cash('GET', `/v1/customers/${customer.id}/cash_balance_transactions`));
  });

  it('answers refunds, charges and balance transactions as Stripe’s objects', async () => {
    const paid = (await cash('POST', '/v1/payment_intents', oxxoForm('40000'))) as { id: string };
    standIn.succeeded(paid.id);
    const intent = (await cash('GET', `/v1/payment_intents/${paid.id}?expand[]=latest_charge`)) as { latest_charge: unknown };
    expectValid(stripe('PaymentIntent'), intent);
    expectValid(stripe('Charge'), await cash('GET', `/v1/charges/${standIn.chargeOf(paid.id) ?? ''}`));

    const refund = (await cash('POST', '/v1/refunds', { payment_intent: paid.id, amount: '10000', 'metadata[refund_id]': 'r-1' })) as { id: string };
    expectValid(stripe('Refund'), refund);
    expectValid(stripe('Refund'), await cash('GET', `/v1/refunds/${refund.id}`));
    expectValid(stripe('Refund'), standIn.settleRefund(refund.id, 'failed'));
    expectEach(stripe('Refund'), await cash('GET', `/v1/refunds?payment_intent=${paid.id}`));
    expectEach(stripe('BalanceTransaction'), await cash('GET', '/v1/balance_transactions?limit=100'));
    expectEach(stripe('BalanceTransaction'), await cash('GET', '/v1/balance_transactions?limit=100&expand[]=data.source'));
  });
});

describe('Twilio’s stand-in answers as Twilio’s published description has it', () => {
  let standIn: TwilioStandIn;
  beforeAll(async () => {
    standIn = await startTwilioStandIn();
  });
  afterAll(async () => standIn?.close());

  it('answers a made message and the messages listed as Twilio’s Message resource', async () => {
    const path = `${standIn.url}/2010-04-01/Accounts/${standIn.accountSid}/Messages.json`;
    const authorization = `Basic ${Buffer.from(`${standIn.accountSid}:${standIn.authToken}`).toString('base64')}`;
    const sends: Record<string, string>[] = [
      { To: '+525512340009', From: '+15005550006', Body: 'Your code is 111111.', StatusCallback: 'https://lend.example/webhooks/twilio/status' },
      { To: '+919876540009', MessagingServiceSid: `MG${'ab'.repeat(16)}`, Body: 'Your code is 222222.' },
    ];
    for (const form of sends) {
      const made = await fetch(path, { method: 'POST', headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });
      expect(made.status).toBe(201);
      expectValid(twilio('Message'), await made.json());
    }
    const listed = await fetch(`${path}?To=${encodeURIComponent('+525512340009')}&PageSize=20`, { headers: { authorization } });
    const page = (await listed.json()) as { messages: unknown[] };
    expect(page.messages).toHaveLength(1);
    expectValid(twilio('MessagePage'), page);
  });
});
