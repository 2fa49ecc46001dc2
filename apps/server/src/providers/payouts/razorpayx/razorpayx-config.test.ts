import { describe, expect, it } from 'vitest';
import { readRazorpayXConfig } from './razorpayx-config';

const env = {
  RAZORPAYX_KEY_ID: 'rzp_live_Abcdefgh1234',
  RAZORPAYX_KEY_SECRET: 'key-secret-0001',
  RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316',
  RAZORPAYX_WEBHOOK_SECRET: 'webhook-secret-0001',
};

describe('RazorpayX settings', () => {
  it('reads the key, the account payouts leave from and the webhook secret, with Razorpay’s address, 20 s and IMPS unless set', () => {
    expect(readRazorpayXConfig(env)).toEqual({
      keyId: 'rzp_live_Abcdefgh1234',
      keySecret: 'key-secret-0001',
      accountNumber: '7878780080316316',
      webhookSecret: 'webhook-secret-0001',
      baseUrl: 'https://api.razorpay.com',
      timeoutMs: 20_000,
      mode: 'IMPS',
    });
    expect(readRazorpayXConfig({ ...env, RAZORPAYX_API_BASE_URL: 'http://127.0.0.1:4010/', RAZORPAYX_TIMEOUT_MS: '5000', RAZORPAYX_PAYOUT_MODE: 'NEFT' })).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010',
      timeoutMs: 5000,
      mode: 'NEFT',
    });
  });

  it('names every variable missing, and what a malformed one must be', () => {
    expect(readRazorpayXConfig({ RAZORPAYX_KEY_ID: '' })).toEqual({
      problems: ['RAZORPAYX_KEY_ID', 'RAZORPAYX_KEY_SECRET', 'RAZORPAYX_ACCOUNT_NUMBER', 'RAZORPAYX_WEBHOOK_SECRET'].map((variable) => ({
        variable,
        message: 'is required when India’s payouts run on RazorpayX',
      })),
    });
    expect(
      readRazorpayXConfig({ ...env, RAZORPAYX_KEY_ID: 'key_123', RAZORPAYX_ACCOUNT_NUMBER: '7878-7800', RAZORPAYX_API_BASE_URL: 'ftp://razorpay', RAZORPAYX_TIMEOUT_MS: '50', RAZORPAYX_PAYOUT_MODE: 'UPI' }),
    ).toEqual({
      problems: [
        { variable: 'RAZORPAYX_KEY_ID', message: 'must be a Razorpay key id (rzp_live_… or rzp_test_…)' },
        { variable: 'RAZORPAYX_ACCOUNT_NUMBER', message: 'must be the RazorpayX account number payouts leave from (6 to 40 letters or digits)' },
        { variable: 'RAZORPAYX_API_BASE_URL', message: 'must be an http:// or https:// address' },
        { variable: 'RAZORPAYX_TIMEOUT_MS', message: 'must be a whole number of milliseconds from 100 to 60000' },
        { variable: 'RAZORPAYX_PAYOUT_MODE', message: 'must be one of IMPS, NEFT, RTGS' },
      ],
    });
  });
});
