import { CardRepaymentPath, WEBHOOK_BASE, type BankCard, type CardFormData, type ProviderCardForm } from '@lend/contracts';
import { CardProviderTimeoutError, CardProviderUnavailableError } from '../src/providers/cards/card-provider';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/payments';
import { createTestApp, GENEROUS_BORROWER_CAPS, type TestApp } from './helper';
import { callCard, commit, movableClock, reconcile, reconcileLater, recordRow, result, way } from './card-helpers';
import { mexicoDate, owed, paymentsOf, repayingOrder, type RepayingOrder } from './payment-helpers';
import {
  confirmSetupAsTheFrame,
  RAW_CARD_DATA_REFUSAL,
  STAND_IN_PUBLISHABLE_KEY,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeCardStandIn,
  StripeTestCard,
  type ScriptedFailure,
  type StripeCardStandIn,
} from './stand-ins/stripe-card-stand-in';

const RETURN_ORIGIN = 'https://lend.example';
const WEBHOOK_PATH = `${WEBHOOK_BASE}/stripe-card`;

const clock = movableClock();
let standIn: StripeCardStandIn;
let t: TestApp;
beforeAll(async () => {
  standIn = await startStripeCardStandIn();
  t = await createTestApp({
    seed: true,
    borrowerCaps: GENEROUS_BORROWER_CAPS,
    now: clock.now,
    env: {
      CARD_PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: STAND_IN_PUBLISHABLE_KEY,
      STRIPE_CARD_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: standIn.url,
      STRIPE_JS_URL: `${standIn.url}/v3/`,
      STRIPE_CARD_RETURN_ORIGIN: RETURN_ORIGIN,
      STRIPE_CARD_TIMEOUT_MS: '3000',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});
afterEach(async () => {
  // Whatever a test did, the books balance and agree with the orders.
  expect((await checkLedger(t.database.db)).mismatches).toEqual([]);
});

/** The add-card screen's card form: Stripe's Payment Element for a SetupIntent our server made. */
async function setupForm(order: RepayingOrder): Promise<ProviderCardForm> {
  const form = await callCard<CardFormData>(t, order.session, CardRepaymentPath.cardForm);
  expect(form.code).toBe('00');
  if (form.data.entry !== 'payment-element') throw new Error(`a card form of ${form.data.entry}`);
  return form.data;
}

/** What the add-card screen does: Stripe's card fields confirm the SetupIntent, then its id goes to us. */
async function addCard(order: RepayingOrder, number: string): Promise<BankCard> {
  const form = await setupForm(order);
  expect((await confirmSetupAsTheFrame(standIn.url, form.publishableKey, form.clientSecret, { number })).status).toBe(200);
  const bound = await callCard<BankCard>(t, order.session, CardRepaymentPath.bindCard, { token: setupIdOf(form) });
  expect(bound.code).toBe('00');
  return bound.data;
}

const setupIdOf = (form: ProviderCardForm) => form.clientSecret.split('_secret_')[0] ?? '';

/** A card saved through a SetupIntent for a borrower, as binding does: the PaymentMethod a charge takes. */
async function attachedMethod(number: string, borrowerId = 1): Promise<string> {
  const cards = t.app.cardProviders.card;
  const entry = await cards.cardEntry(borrowerId, 'MX');
  if (entry.entry !== 'payment-element') throw new Error('not a Payment Element');
  await confirmSetupAsTheFrame(standIn.url, entry.publishableKey, entry.clientSecret, { number });
  const setupIntent = entry.clientSecret.split('_secret_')[0] ?? '';
  const details = await cards.tokenDetails(setupIntent, borrowerId);
  expect(details).toMatchObject({ token: expect.stringMatching(/^pm_/), requiresCode: false });
  // Bound again, the same card.
  expect(await cards.tokenDetails(setupIntent, borrowerId)).toEqual(details);
  return details?.token ?? '';
}

async function orderWithStripeCard(phone: string, number: string) {
  const order = await repayingOrder(t, phone, 'peso-plus-120', mexicoDate(20));
  return { ...order, card: await addCard(order, number) };
}

/** A charge of the card's whole instalment whose creation at Stripe meets `failure`; the borrower is told it is charging. */
async function chargeMeeting(phone: string, number: string, failure: ScriptedFailure) {
  const order = await orderWithStripeCard(phone, number);
  const before = await owed(t, order.orderId);
  const listing = await way(t, order);
  standIn.failNext(failure);
  const answer = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
  expect(answer.data).toMatchObject({ result: { status: 'charging' } });
  return { order, before, amount: listing.amount, record: await recordRow(t, answer.data.repayRecordId) };
}

type Redirect = { status: number; code: string; url: string; data: { repayRecordId: string } };

async function huichao(order: RepayingOrder, amount: number): Promise<Redirect> {
  return (await callCard(t, order.session, CardRepaymentPath.redirect, { userId: order.session.userId, orderId: order.orderNo, amount }, { query: { deviceId: 'dev-1' } })) as unknown as Redirect;
}

function sessionOf(url: string): string {
  const id = url.split('/').at(-1);
  if (!id || !standIn.sessions.has(id)) throw new Error(`no stand-in session behind ${url}`);
  return id;
}

/** The PaymentIntents Stripe holds under one of our keys, whether or not its Search sees them. */
function intentsUnder(idempotencyKey: string): Record<string, unknown>[] {
  return [...standIn.paymentIntents.values()].filter((intent) => (intent.metadata as Record<string, string>).lend_idempotency_key === idempotencyKey);
}

/** What Stripe's Search answers for one of our keys now. */
async function searchedUnder(idempotencyKey: string): Promise<unknown[]> {
  const query = new URLSearchParams({ query: `metadata['lend_idempotency_key']:'${idempotencyKey}'` });
  const answer = await fetch(`${standIn.url}/v1/payment_intents/search?${query.toString()}`, { headers: { authorization: `Bearer ${STAND_IN_SECRET_KEY}` } });
  return ((await answer.json()) as { data: unknown[] }).data;
}

async function deliver(delivery: { body: string; headers: Record<string, string> }) {
  return t.app.inject({ method: 'POST', url: WEBHOOK_PATH, payload: delivery.body, headers: delivery.headers });
}

describe('cards on Stripe', () => {
  it('saves a card through a SetupIntent made for the borrower’s Customer, showing only its last digits', async () => {
    const order = await repayingOrder(t, '5573310001', 'peso-plus-120', mexicoDate(20));
    const form = await setupForm(order);
    expect(form).toMatchObject({ entry: 'payment-element', provider: 'stripe-card', publishableKey: STAND_IN_PUBLISHABLE_KEY, scriptUrl: `${standIn.url}/v3/` });
    const intent = standIn.setupIntents.get(setupIdOf(form));
    expect(intent).toMatchObject({ usage: 'off_session', allowed_payment_method_types: ['card'], metadata: { lend_borrower_id: String(order.session.userId), lend_purpose: 'bind-card' } });
    const customer = standIn.customers.get(String(intent?.customer));
    expect(customer?.metadata).toEqual({ lend_borrower_id: String(order.session.userId) });
    // Not confirmed yet: nothing to save.
    expect((await callCard(t, order.session, CardRepaymentPath.bindCard, { token: setupIdOf(form) })).code).toBe('800014');
    expect((await confirmSetupAsTheFrame(standIn.url, form.publishableKey, form.clientSecret, { number: StripeTestCard.succeeds })).status).toBe(200);
    const bound = await callCard<BankCard>(t, order.session, CardRepaymentPath.bindCard, { token: setupIdOf(form) });
    expect(bound.data).toMatchObject({ cardNo: expect.stringMatching(/4242$/), bankName: 'Visa', bankCode: 'VISA' });
    // Bound again, the same card.
    expect((await callCard<BankCard>(t, order.session, CardRepaymentPath.bindCard, { token: setupIdOf(form) })).data.id).toBe(bound.data.id);
    // The borrower's next card goes on the same Customer.
    expect(standIn.setupIntents.get(setupIdOf(await setupForm(order)))?.customer).toBe(intent?.customer);
    // The pages may load Stripe.js, frame its card fields and call Stripe's API, and nothing else besides ours.
    const page = await t.app.inject({ method: 'GET', url: '/addnormalcard' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' ${standIn.url}`);
    expect(policy).toContain(`frame-src 'self' ${standIn.url}`);
    expect(policy).toContain(`connect-src 'self' ${standIn.url}`);
    // A PaymentMethod id is no longer a card to bind.
    const method = String(standIn.setupIntents.get(setupIdOf(form))?.payment_method);
    expect((await callCard(t, order.session, CardRepaymentPath.bindCard, { token: method })).code).toBe('800014');
  });

  it('refuses another borrower’s SetupIntent, one not made by us, and a card declined at setup', async () => {
    const ana = await repayingOrder(t, '5573310011', 'peso-plus-120', mexicoDate(20));
    const ben = await repayingOrder(t, '5573310012', 'peso-plus-120', mexicoDate(20));
    const anas = await setupForm(ana);
    await confirmSetupAsTheFrame(standIn.url, anas.publishableKey, anas.clientSecret, { number: StripeTestCard.succeeds });
    expect((await callCard(t, ben.session, CardRepaymentPath.bindCard, { token: setupIdOf(anas) })).code).toBe('800014');
    // A SetupIntent made on the account by anything else (no metadata of ours), for Ben's own Customer.
    const bens = await setupForm(ben);
    const customer = String(standIn.setupIntents.get(setupIdOf(bens))?.customer);
    const foreign = await fetch(`${standIn.url}/v1/setup_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${STAND_IN_SECRET_KEY}` },
      body: new URLSearchParams({ customer, usage: 'off_session', 'allowed_payment_method_types[0]': 'card' }),
    });
    const made = (await foreign.json()) as { id: string; client_secret: string };
    await confirmSetupAsTheFrame(standIn.url, STAND_IN_PUBLISHABLE_KEY, made.client_secret, { number: StripeTestCard.succeeds });
    expect((await callCard(t, ben.session, CardRepaymentPath.bindCard, { token: made.id })).code).toBe('800014');
    // Declined when the fields confirm it: the SetupIntent never succeeds, nothing is saved.
    const declined = await confirmSetupAsTheFrame(standIn.url, bens.publishableKey, bens.clientSecret, { number: StripeTestCard.declinedAtSetup });
    expect(declined).toMatchObject({ status: 402, body: { error: { code: 'card_declined' } } });
    expect((await callCard(t, ben.session, CardRepaymentPath.bindCard, { token: setupIdOf(bens) })).code).toBe('800014');
    expect((await callCard(t, ben.session, CardRepaymentPath.bindCard, { token: 'seti_unknown' })).code).toBe('800014');
    expect((await way(t, ben)).bankCards).toEqual([]);
  });

  it('refuses a raw card number sent to Stripe’s API as Stripe does without raw-card-data approval', async () => {
    const sent = await fetch(`${standIn.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: `Bearer ${STAND_IN_PUBLISHABLE_KEY}` },
      body: new URLSearchParams({ type: 'card', 'card[number]': StripeTestCard.succeeds, 'card[exp_month]': '12', 'card[exp_year]': '2040' }),
    });
    expect(sent.status).toBe(402);
    expect(await sent.json()).toEqual({ error: { type: 'invalid_request_error', message: RAW_CARD_DATA_REFUSAL } });
    // Nor does the SetupIntent's confirm take one from anything but Stripe's own card fields.
    const order = await repayingOrder(t, '5573310013', 'peso-plus-120', mexicoDate(20));
    const form = await setupForm(order);
    const direct = await fetch(`${standIn.url}/v1/setup_intents/${setupIdOf(form)}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${STAND_IN_PUBLISHABLE_KEY}` },
      body: new URLSearchParams({ client_secret: form.clientSecret, 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': StripeTestCard.succeeds }),
    });
    expect(direct.status).toBe(402);
  });

  it('charges a Mexican borrower’s saved card off-session once, under the record’s idempotency key', async () => {
    const order = await orderWithStripeCard('5573310002', StripeTestCard.succeeds);
    const before = await owed(t, order.orderId);
    const listing = await way(t, order);
    expect(listing.bankCards.map((card) => card.id)).toContain(order.card.id);
    const answer = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
    expect(answer).toMatchObject({ code: '00', data: { needValid: 0, result: { status: 'paid' } } });
    const record = await recordRow(t, answer.data.repayRecordId);
    const request = standIn.intentRequests.at(-1);
    expect(request).toMatchObject({ amount: String(listing.amount), currency: 'mxn', off_session: 'true', confirm: 'true', 'metadata[lend_idempotency_key]': record.idempotencyKey });
    expect(record.providerChargeId).toMatch(/^pi_/);
    expect(await owed(t, order.orderId)).toBe(before - listing.amount);
    const payments = await paymentsOf(t, order.orderId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ provider: 'stripe-card', providerEventId: record.providerChargeId, amountMinor: listing.amount });
    // The same listing again answers the same record; Stripe is not asked to charge again.
    const requests = standIn.intentRequests.length;
    expect((await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id })).data.repayRecordId).toBe(answer.data.repayRecordId);
    expect(standIn.intentRequests).toHaveLength(requests);
  });

  it('records a declined card and a card without funds, and moves no money', async () => {
    const declined = await orderWithStripeCard('5573310003', StripeTestCard.declined);
    const listing = await way(t, declined);
    const answer = await commit(t, declined, { repayToken: listing.repayToken, amount: listing.amount, cardId: declined.card.id });
    expect(answer).toMatchObject({ status: 402, code: '800010', data: { result: { status: 'declined' } } });
    expect(await paymentsOf(t, declined.orderId)).toHaveLength(0);

    const poor = await orderWithStripeCard('5573310004', StripeTestCard.insufficientFunds);
    const poorListing = await way(t, poor);
    const poorAnswer = await commit(t, poor, { repayToken: poorListing.repayToken, amount: poorListing.amount, cardId: poor.card.id });
    expect(poorAnswer).toMatchObject({ status: 402, code: '800011', data: { result: { status: 'insufficientFunds' } } });
    expect(await paymentsOf(t, poor.orderId)).toHaveLength(0);
  });

  it('declines off-session a card whose bank wants 3-D Secure; the borrower then pays through Checkout and its signed event', async () => {
    const order = await orderWithStripeCard('5573310005', StripeTestCard.authenticationRequired);
    const before = await owed(t, order.orderId);
    const listing = await way(t, order);
    const declined = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
    expect(declined).toMatchObject({ status: 402, code: '800010', data: { result: { status: 'declined' } } });

    const redirect = await huichao(order, listing.amount);
    expect(redirect).toMatchObject({ status: 200, code: '00' });
    expect(redirect.url.startsWith(`${standIn.url}/c/pay/cs_test_`)).toBe(true);
    const sessionId = sessionOf(redirect.url);
    const session = standIn.sessions.get(sessionId);
    expect(session).toMatchObject({ mode: 'payment', amount_total: listing.amount, currency: 'mxn', client_reference_id: redirect.data.repayRecordId, locale: 'es', allowed_payment_method_types: ['card'] });
    expect(String(session?.success_url)).toMatch(new RegExp(`^${RETURN_ORIGIN}/#/borrowDetail/?\\?`));

    // A failed attempt on the page leaves the session payable: acknowledged, nothing changes.
    expect((await deliver(standIn.signed(standIn.paymentFailedEvent(sessionId)))).statusCode).toBe(204);
    expect((await recordRow(t, redirect.data.repayRecordId)).status).toBe('charging');

    const paidEvent = standIn.payCheckout(sessionId);
    // Signed with another secret: refused, nothing moves.
    const forged = await deliver(standIn.signed(paidEvent, 'whsec_c29tZW9uZWVsc2Vzc2VjcmV0'));
    expect(forged.statusCode).toBe(401);
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);

    const delivered = await deliver(standIn.signed(paidEvent));
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toMatchObject({ received: true, repayRecordId: redirect.data.repayRecordId, status: 'paid', replay: false });
    const again = await deliver(standIn.signed(paidEvent));
    expect(again.json()).toMatchObject({ status: 'paid', replay: true });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
    expect(await owed(t, order.orderId)).toBe(before - listing.amount);
    expect((await result(t, order, redirect.data.repayRecordId)).status).toBe('paid');
  });

  it('refuses a Checkout event Stripe signed more than five minutes from our clock, and takes one within them', async () => {
    const order = await repayingOrder(t, '5573310009', 'peso-plus-120', mexicoDate(20));
    const before = await owed(t, order.orderId);
    const redirect = await huichao(order, 300_00);
    const paidEvent = standIn.payCheckout(sessionOf(redirect.url));
    const signedAgo = (seconds: number) => standIn.signed(paidEvent, undefined, Math.floor(clock.now().getTime() / 1000) - seconds);
    // Thirty days old, six minutes old, and six minutes ahead of our clock.
    for (const seconds of [30 * 24 * 60 * 60, 6 * 60, -6 * 60]) {
      const stale = await deliver(signedAgo(seconds));
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toMatchObject({ error: 'stale_timestamp' });
    }
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
    expect((await recordRow(t, redirect.data.repayRecordId)).status).toBe('charging');

    const fresh = await deliver(signedAgo(4 * 60));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toMatchObject({ status: 'paid', replay: false });
    expect(await owed(t, order.orderId)).toBe(before - 300_00);
  });

  it('settles a Checkout whose event was lost from the session Stripe holds, and cancels an expired one', async () => {
    const order = await repayingOrder(t, '5573310006', 'peso-plus-120', mexicoDate(20));
    const before = await owed(t, order.orderId);
    const paid = await huichao(order, 300_00);
    standIn.payCheckout(sessionOf(paid.url));
    const expired = await huichao(order, 200_00);
    standIn.expireCheckout(sessionOf(expired.url));
    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 2, paid: 1, cancelled: 1 });
    expect((await result(t, order, paid.data.repayRecordId)).status).toBe('paid');
    expect((await result(t, order, expired.data.repayRecordId)).status).toBe('cancelled');
    expect(await owed(t, order.orderId)).toBe(before - 300_00);
  });

  it('leaves a charge whose answer timed out charging; the reconciler finds it by its key and applies it once', async () => {
    const order = await orderWithStripeCard('5573310007', StripeTestCard.succeeds);
    const before = await owed(t, order.orderId);
    const listing = await way(t, order);
    standIn.failNext('made-then-slow');
    const answer = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
    expect(answer).toMatchObject({ status: 202, code: '800012', data: { result: { status: 'charging' } } });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);

    expect(await reconcile(t)).toMatchObject({ paid: 0 });
    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 1, paid: 1 });
    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 0 });
    expect(await result(t, order, answer.data.repayRecordId)).toMatchObject({ status: 'paid', balanceAfter: before - listing.amount });
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });

  it('recovers a charge Stripe made whose answer was lost as paid, though Search does not see it yet', async () => {
    const { order, before, amount, record } = await chargeMeeting('5573310010', StripeTestCard.succeeds, 'made-then-lost');
    expect(intentsUnder(record.idempotencyKey)).toMatchObject([{ status: 'succeeded', amount }]);
    expect(await searchedUnder(record.idempotencyKey)).toEqual([]);

    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 1, paid: 1 });
    expect(await result(t, order, record.recordNo)).toMatchObject({ status: 'paid', balanceAfter: before - amount });
    expect(await paymentsOf(t, order.orderId)).toMatchObject([{ providerEventId: intentsUnder(record.idempotencyKey)[0]?.id, amountMinor: amount }]);
    expect(intentsUnder(record.idempotencyKey)).toHaveLength(1);
  });

  it('recovers a declined charge whose answer was lost as declined, moving no money', async () => {
    const { order, record } = await chargeMeeting('5573310011', StripeTestCard.declined, 'made-then-lost');
    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 1, declined: 1 });
    expect((await result(t, order, record.recordNo)).status).toBe('declined');
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
  });

  it('asks Stripe again under the same key for a charge it refused before running; past the key’s day the record waits for an operator', async () => {
    const { order, before, amount, record } = await chargeMeeting('5573310008', StripeTestCard.succeeds, 'rate-limit');
    expect(intentsUnder(record.idempotencyKey)).toHaveLength(0);

    // A day later Stripe may have forgotten the key: asking again could charge a second time, so nothing is asked or closed.
    const requests = standIn.intentRequests.length;
    expect(await clock.after(25 * 60 * 60 * 1000, () => reconcile(t))).toMatchObject({ checked: 1, pending: 1 });
    expect(standIn.intentRequests).toHaveLength(requests);
    expect((await recordRow(t, record.recordNo)).status).toBe('charging');

    // Within the day, the same request under the same key is the charge Stripe did not run: made once.
    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 1, paid: 1 });
    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 0 });
    expect(intentsUnder(record.idempotencyKey)).toMatchObject([{ status: 'succeeded' }]);
    expect(await owed(t, order.orderId)).toBe(before - amount);
  });
});

describe('the Stripe card provider under its interface', () => {
  const charge = (token: string, idempotencyKey: string, amountMinor = 1_000_00) => t.app.cardProviders.card.charge({ idempotencyKey, token, amountMinor, currency: 'MXN' });
  const findCharge = (token: string, idempotencyKey: string, sentAt = new Date()) =>
    t.app.cardProviders.card.findCharge({ idempotencyKey, token, amountMinor: 1_000_00, currency: 'MXN', sentAt });

  it('answers the same PaymentIntent for the same key, and refuses the key with other parameters as Stripe does', async () => {
    const token = await attachedMethod(StripeTestCard.succeeds);
    const first = await charge(token, 'card-repayment-test-1');
    expect(first).toMatchObject({ chargeId: expect.stringMatching(/^pi_/), outcome: 'succeeded', amountMinor: 1_000_00 });
    expect(await charge(token, 'card-repayment-test-1')).toEqual(first);
    await expect(charge(token, 'card-repayment-test-1', 999_00)).rejects.toBeInstanceOf(CardProviderUnavailableError);
    expect([...standIn.paymentIntents.values()].filter((intent) => (intent.metadata as Record<string, string>).lend_idempotency_key === 'card-repayment-test-1')).toHaveLength(1);
    expect(await findCharge(token, 'card-repayment-test-1')).toEqual(first);
    // Found by listing the card's Customer, long after the key may be forgotten.
    expect(await findCharge(token, 'card-repayment-test-1', new Date(Date.now() - 3 * 24 * 60 * 60 * 1000))).toEqual(first);
    // Never made and too old to ask for again: not "no charge", since Stripe can no longer say.
    await expect(findCharge(token, 'card-repayment-never', new Date(Date.now() - 25 * 60 * 60 * 1000))).rejects.toBeInstanceOf(CardProviderTimeoutError);
  });

  it('declines off-session what the bank wants authenticated, naming the failed PaymentIntent; a Stripe error is unavailability', async () => {
    const token = await attachedMethod(StripeTestCard.authenticationRequired);
    const declined = await charge(token, 'card-repayment-test-2');
    expect(declined).toMatchObject({ chargeId: expect.stringMatching(/^pi_/), outcome: 'declined' });
    expect(await findCharge(token, 'card-repayment-test-2')).toMatchObject({ chargeId: declined.chargeId, outcome: 'declined' });
    standIn.failNext('server-error');
    await expect(charge(await attachedMethod(StripeTestCard.succeeds), 'card-repayment-test-3')).rejects.toBeInstanceOf(CardProviderUnavailableError);
  });
});
