import { DEV_PREVIEW_DEFAULTS_PATH, OPERATOR_BASE, OperatorPath, PROMOTION_BASE, PromotionPath } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';
import { newVisitor, operatorHeaders } from './promotion-helpers';

/** What only demo mode offers (docs/decisions/061), each as the status or code a caller sees. */
async function demoFeatures(t: TestApp) {
  const visitor = await newVisitor(t.app);
  await t.app.inject({ url: `${PROMOTION_BASE}${PromotionPath.captcha}?sid=${visitor.sid}`, remoteAddress: visitor.address });
  const sweepAt = await callOperatorApi(t.app, 'POST', OperatorPath.orderSweep, { at: '2030-01-01T12:00:00Z' });
  return {
    preview: (await t.app.inject({ method: 'GET', url: DEV_PREVIEW_DEFAULTS_PATH })).statusCode,
    docs: (await t.app.inject({ method: 'GET', url: '/docs' })).statusCode,
    docsJson: (await t.app.inject({ method: 'GET', url: '/docs/json' })).statusCode,
    captchaAnswer: (await t.app.inject({ url: `${OPERATOR_BASE}${OperatorPath.captchaAnswer}?sid=${visitor.sid}`, headers: operatorHeaders })).statusCode,
    sweepAt: { status: sweepAt.status, code: sweepAt.code, message: sweepAt.message },
  };
}

describe('a server given DATABASE_URL, outside production, without DEMO', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { DATABASE_URL: 'postgres://unused/db' } });
  });
  afterAll(async () => t?.close());

  it('has no developer preview, no API docs, no captcha answers and no clock override', async () => {
    expect(await demoFeatures(t)).toEqual({
      preview: 404,
      docs: 404,
      docsJson: 404,
      captchaAnswer: 404,
      sweepAt: { status: 400, code: 1001, message: 'Invalid value for "at".' },
    });
  });

  it('still runs the clock as of now', async () => {
    expect(await callOperatorApi(t.app, 'POST', OperatorPath.orderSweep, {})).toMatchObject({ code: 0, data: { ran: true } });
  });
});

describe('the embedded database with DEMO=0', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { DEMO: '0' } });
  });
  afterAll(async () => t?.close());

  it('has no demo features either', async () => {
    expect(await demoFeatures(t)).toMatchObject({ preview: 404, docs: 404, captchaAnswer: 404, sweepAt: { status: 400 } });
  });
});

describe('a server given DATABASE_URL and DEMO=1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { DATABASE_URL: 'postgres://unused/db', DEMO: '1' } });
  });
  afterAll(async () => t?.close());

  it('offers every demo feature', async () => {
    expect(await demoFeatures(t)).toMatchObject({ preview: 200, docs: 200, docsJson: 200, captchaAnswer: 200, sweepAt: { status: 200, code: 0 } });
  });
});
