import { MachinePath, METRICS_PATH, WEBHOOK_BASE } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendCode } from './account-helpers';
import { commit, orderWithCard, way } from './card-helpers';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from './helper';
import { callBorrower } from './loan-helpers';
import { recordTransfer } from './operator-payment-helpers';
import { deliver, issueReference, mexicoDate, owed, paymentEvent, repayingOrder, WEBHOOK_PATH } from './payment-helpers';

const METRICS_TOKEN = 'metrics-scraper-token-0123456789abcdef';

async function scrape(t: TestApp, authorization?: string) {
  const response = await t.app.inject({ method: 'GET', url: METRICS_PATH, headers: authorization === undefined ? {} : { authorization } });
  return { status: response.statusCode, headers: response.headers, text: response.body };
}

/** Every label value of every sample in an exposition text. */
function labelValues(text: string): string[] {
  return [...text.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((match) => match[2] ?? '');
}

/** The value of the one sample named exactly so (labels in the order prom-client writes them). */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('/metrics with METRICS_TOKEN set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { METRICS_TOKEN } });
  });
  afterAll(async () => t?.close());

  it('counts borrower calls by route pattern, a refused call by its code, a payment applied, a refused delivery and an SMS; no phone or id in any label', async () => {
    const phone = '5566620001';
    const order = await repayingOrder(t, phone, 'peso-plus-120', mexicoDate(20));
    const detail = await callBorrower(t.app, order.session, MachinePath.installmentDetail, { orderId: order.orderNo });
    expect(detail.code).toBe(0);
    const again = await callBorrower(t.app, order.session, MachinePath.installmentDetail, { orderId: order.orderNo });
    expect(again.code).toBe(0);
    // A call with a session that is no one's is refused with the envelope's code.
    const refused = await callBorrower(t.app, { userId: order.session.userId, sessionId: 'not-a-session-0000' }, MachinePath.loanDetails, { orderId: order.orderNo });
    expect(refused.code).not.toBe(0);
    const amount = await owed(t, order.orderId);
    const reference = await issueReference(t, order, amount);
    const paid = paymentEvent(order, reference, amount);
    expect((await deliver(t, paid)).status).toBe(200);
    expect((await deliver(t, paymentEvent(order, reference, amount), { secret: 'another-secret' })).status).toBe(401);
    // The same event again is a replay: one payment, counted once.
    expect((await deliver(t, paid)).body).toMatchObject({ replay: true });
    const other = await repayingOrder(t, '5566620003', 'peso-plus-120', mexicoDate(20));
    expect((await recordTransfer(t.app, other.orderNo, 100_00, 'bank transfer 1')).code).toBe(0);
    expect((await sendCode(t.app, '5566620002', 'MX')).code).toBe(0);

    const scraped = await scrape(t, `Bearer ${METRICS_TOKEN}`);
    expect(scraped.status).toBe(200);
    expect(scraped.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(scraped.headers['cache-control']).toBe('no-store');
    const { text } = scraped;

    const detailRoute = `/machine${MachinePath.installmentDetail}`;
    expect(sample(text, `http_requests_total{method="POST",route="${detailRoute}",status_class="2xx"}`)).toBe(2);
    expect(sample(text, `http_request_duration_seconds_count{method="POST",route="${detailRoute}",status_class="2xx"}`)).toBe(2);
    expect(sample(text, `http_request_duration_seconds_bucket{le="+Inf",method="POST",route="${detailRoute}",status_class="2xx"}`)).toBe(2);
    expect(text).toMatch(new RegExp(`http_request_duration_seconds_bucket\\{le="0.005",method="POST",route="${detailRoute}",status_class="2xx"\\} \\d`));
    expect(text).toMatch(new RegExp(`http_errors_total\\{route="/machine${MachinePath.loanDetails}",code="${refused.code}"\\} 1`));
    expect(sample(text, 'payments_applied_total{provider="sandbox-cash",market="MX"}')).toBe(1);
    expect(sample(text, 'payments_applied_total{provider="manual",market="MX"}')).toBe(1);
    expect(sample(text, `webhook_deliveries_refused_total{provider="${WEBHOOK_PATH.slice(WEBHOOK_BASE.length + 1)}",code="bad_signature"}`)).toBe(1);
    expect(sample(text, 'sms_sent_total{provider="sandbox",kind="sign-in-code"}')).toBe(1);
    expect(text).toMatch(/^process_cpu_user_seconds_total \d/m);
    if (t.database.kind === 'postgres') expect(sample(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    else expect(text).not.toContain('db_pool_connections');

    const values = labelValues(text);
    expect(values.length).toBeGreaterThan(50);
    for (const secret of [phone, '5566620002', '5566620003', order.orderNo, other.orderNo, order.session.sessionId, reference, '?', 'userId']) {
      expect(values.filter((value) => value.includes(secret))).toEqual([]);
    }
    expect(values.filter((value) => /\d{5,}/.test(value))).toEqual([]);
  });

  it('counts a card charge once its payment is committed', async () => {
    const order = await orderWithCard(t, '5566620010', 'approve');
    const listing = await way(t, order);
    const before = sample((await scrape(t, `Bearer ${METRICS_TOKEN}`)).text, 'payments_applied_total{provider="sandbox-card",market="MX"}') ?? 0;
    expect((await commit(t, order, { repayToken: listing.repayToken, amount: 10_00, cardId: order.card.id })).code).toBe('00');
    expect(sample((await scrape(t, `Bearer ${METRICS_TOKEN}`)).text, 'payments_applied_total{provider="sandbox-card",market="MX"}')).toBe(before + 1);
  });

  it('is 404 to a wrong token, to the operator token, to a borrower session, and without a header', async () => {
    for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}x`, `Bearer ${TEST_OPERATOR_TOKEN}`, METRICS_TOKEN, `Basic ${METRICS_TOKEN}`]) {
      const scraped = await scrape(t, authorization);
      expect(scraped.status).toBe(404);
      expect(scraped.text).not.toContain('http_requests_total');
      expect(scraped.headers['cache-control']).toBe('no-store');
    }
    const viaQuery = await t.app.inject({ method: 'GET', url: `${METRICS_PATH}?token=${METRICS_TOKEN}` });
    expect(viaQuery.statusCode).toBe(404);
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is not served at all, whatever the caller sends', async () => {
    for (const authorization of [undefined, 'Bearer ', `Bearer ${TEST_OPERATOR_TOKEN}`]) {
      const scraped = await scrape(t, authorization);
      expect(scraped.status).toBe(404);
      expect(scraped.headers['cache-control']).toBe('no-store');
      expect(scraped.text).not.toContain('# HELP');
    }
  });
});
