import nock from 'nock';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { checkLedger } from '../src/modules/payments';
import { createTestApp, type TestApp } from './helper';
import { RazorpayStandIn, STAND_IN_KEY_ID, STAND_IN_KEY_SECRET } from './stand-ins/razorpay-stand-in';

/** How long the suites' app waits for one Razorpay call of the cash rails and refunds. */
export const RAZORPAY_TEST_TIMEOUT_MS = 3_000;

/** The environment of a server whose Indian cash runs on Razorpay's stand-in. */
export const razorpayCashEnv = (webhookSecret: string) => ({
  CASH_PAYMENT_PROVIDER_IN: 'razorpay',
  RAZORPAY_KEY_ID: STAND_IN_KEY_ID,
  RAZORPAY_KEY_SECRET: STAND_IN_KEY_SECRET,
  RAZORPAY_WEBHOOK_SECRET: webhookSecret,
  RAZORPAY_TIMEOUT_MS: String(RAZORPAY_TEST_TIMEOUT_MS),
});

export type RazorpaySuite = { t: TestApp; stand: RazorpayStandIn };

/**
 * A test file's app whose Indian cash runs on Razorpay's stand-in (nock intercepting the client,
 * nothing else leaving the machine), the books checked after every test. Its fields are set once
 * the file's first `beforeAll` has run.
 */
export function razorpayCashSuite(webhookSecret: string): RazorpaySuite {
  const suite = {} as RazorpaySuite;
  beforeAll(async () => {
    nock.disableNetConnect();
    nock.enableNetConnect(/127\.0\.0\.1|localhost/);
    suite.stand = new RazorpayStandIn();
    suite.t = await createTestApp({
      seed: true,
      env: razorpayCashEnv(webhookSecret),
    });
  });
  afterAll(async () => {
    await suite.t?.close();
    suite.stand?.close();
    nock.enableNetConnect();
  });
  afterEach(async () => {
    // Whatever a test moved, the books balance and agree with the orders.
    if (suite.t) expect((await checkLedger(suite.t.database.db)).mismatches).toEqual([]);
  });
  return suite;
}
