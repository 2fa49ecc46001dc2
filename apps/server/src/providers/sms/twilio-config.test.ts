import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { assertRealProviders } from '../../real-providers';

const ACCOUNT = `AC${'a1'.repeat(16)}`;
const TOKEN = 'b2'.repeat(16);
const TEMPLATE_IDS = 'sign-in-code=1107000000000000001,payment-code=1107000000000000008,promotion-code=1107000000000000009,due-soon=1107000000000000002,due-today=1107000000000000003,payment-applied=1107000000000000004,extension-granted=1107000000000000005,loan-settled=1107000000000000006,complaint-replied=1107000000000000007';
const twilio = { SMS_PROVIDER: 'twilio', TWILIO_ACCOUNT_SID: ACCOUNT, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+525500000000' };

const refusal = (env: NodeJS.ProcessEnv) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
};

describe('Twilio settings', () => {
  it('reads the account, the sender, Twilio’s address and the retry settings', () => {
    const config = loadConfig(twilio);
    expect(config.smsProvider).toBe('twilio');
    expect(config.twilio).toEqual({
      accountSid: ACCOUNT,
      credentials: { username: ACCOUNT, password: TOKEN },
      authToken: TOKEN,
      sender: { from: '+525500000000' },
      apiBaseUrl: 'https://api.twilio.com',
      statusCallbackUrl: undefined,
      retry: { attempts: 3, firstDelayMs: 500 },
      timeoutMs: 10_000,
    });
    expect(loadConfig({}).twilio).toBeUndefined();
    // Twilio's variables mean nothing to the sandbox.
    expect(loadConfig({ TWILIO_RETRY_ATTEMPTS: '2' }).twilio).toBeUndefined();
  });

  it('takes an API key instead of the auth token, and a messaging service instead of a sender', () => {
    const key = `SK${'c3'.repeat(16)}`;
    const config = loadConfig({
      ...twilio,
      TWILIO_AUTH_TOKEN: '',
      TWILIO_API_KEY_SID: key,
      TWILIO_API_KEY_SECRET: 's'.repeat(32),
      TWILIO_FROM: '',
      TWILIO_MESSAGING_SERVICE_SID: `MG${'d4'.repeat(16)}`,
    });
    expect(config.twilio?.credentials).toEqual({ username: key, password: 's'.repeat(32) });
    expect(config.twilio?.sender).toEqual({ messagingServiceSid: `MG${'d4'.repeat(16)}` });
  });

  it('refuses India’s DLT ids, which Twilio’s Messages API does not take: the templates are registered with Twilio', () => {
    expect(refusal({ ...twilio, TWILIO_DLT_ENTITY_ID: '1101456789012345678' })).toMatch(
      /^Configuration error: TWILIO_DLT_ENTITY_ID is not read: Twilio's Messages API takes no DLT ids; register the entity, sender and templates with Twilio \(docs\/decisions\/226\)/,
    );
    expect(refusal({ ...twilio, TWILIO_DLT_TEMPLATE_IDS: TEMPLATE_IDS })).toMatch(/^Configuration error: TWILIO_DLT_TEMPLATE_IDS is not read: /);
    // Empty is unset.
    expect(loadConfig({ ...twilio, TWILIO_DLT_ENTITY_ID: '', TWILIO_DLT_TEMPLATE_IDS: '' }).twilio?.sender).toEqual({ from: '+525500000000' });
  });

  it('stops start-up naming the variable that is missing or malformed', () => {
    expect(refusal({ SMS_PROVIDER: 'twilio' })).toBe('Configuration error: TWILIO_ACCOUNT_SID is required when SMS_PROVIDER=twilio');
    expect(refusal({ ...twilio, TWILIO_ACCOUNT_SID: 'AC123' })).toMatch(/^Configuration error: TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal characters \(got "AC123"\)$/);
    expect(refusal({ ...twilio, TWILIO_AUTH_TOKEN: '' })).toMatch(/^Configuration error: TWILIO_AUTH_TOKEN is required when SMS_PROVIDER=twilio/);
    expect(refusal({ ...twilio, TWILIO_AUTH_TOKEN: 'short' })).toMatch(/^Configuration error: TWILIO_AUTH_TOKEN must be 32 hexadecimal characters/);
    expect(refusal({ ...twilio, TWILIO_API_KEY_SID: `SK${'c3'.repeat(16)}` })).toMatch(/^Configuration error: TWILIO_API_KEY_SECRET is required with TWILIO_API_KEY_SID/);
    expect(refusal({ ...twilio, TWILIO_FROM: '' })).toMatch(/^Configuration error: TWILIO_FROM is required when SMS_PROVIDER=twilio \(or TWILIO_MESSAGING_SERVICE_SID\)$/);
    expect(refusal({ ...twilio, TWILIO_FROM: '5512345678!' })).toMatch(/^Configuration error: TWILIO_FROM must be an E.164 number/);
    expect(refusal({ ...twilio, TWILIO_MESSAGING_SERVICE_SID: `MG${'d4'.repeat(16)}` })).toMatch(/^Configuration error: TWILIO_FROM must not be set with TWILIO_MESSAGING_SERVICE_SID/);
    expect(refusal({ ...twilio, TWILIO_MESSAGING_SERVICE_SID: 'MG1' })).toMatch(/^Configuration error: TWILIO_MESSAGING_SERVICE_SID must be MG/);
    expect(refusal({ ...twilio, TWILIO_API_BASE_URL: 'ftp://twilio' })).toMatch(/^Configuration error: TWILIO_API_BASE_URL must be an http/);
    expect(refusal({ ...twilio, TWILIO_STATUS_CALLBACK_URL: 'lend.example/status' })).toMatch(/^Configuration error: TWILIO_STATUS_CALLBACK_URL must be an http/);
    expect(refusal({ ...twilio, TWILIO_RETRY_ATTEMPTS: '0' })).toMatch(/^Configuration error: TWILIO_RETRY_ATTEMPTS must be a whole number from 1 to 10/);
    expect(refusal({ ...twilio, TWILIO_RETRY_DELAY_MS: 'soon' })).toMatch(/^Configuration error: TWILIO_RETRY_DELAY_MS must be a whole number of milliseconds/);
    expect(refusal({ SMS_PROVIDER: 'nexmo' })).toMatch(/^Configuration error: SMS_PROVIDER/);
  });

  it('checks the callbacks can be verified', () => {
    const keyOnly = { ...twilio, TWILIO_AUTH_TOKEN: '', TWILIO_API_KEY_SID: `SK${'c3'.repeat(16)}`, TWILIO_API_KEY_SECRET: 's'.repeat(32) };
    expect(refusal({ ...keyOnly, TWILIO_STATUS_CALLBACK_URL: 'https://lend.example/webhooks/twilio/status' })).toMatch(
      /^Configuration error: TWILIO_AUTH_TOKEN is required with TWILIO_STATUS_CALLBACK_URL/,
    );
  });

  it('counts Twilio as a real SMS provider in production', () => {
    const production = {
      ...twilio,
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://h/db',
      OPERATOR_TOKEN: 'x'.repeat(40),
      STAFF_SECRET_KEY: 'a'.repeat(64),
      CASH_PAYMENT_WEBHOOK_SECRET: 's'.repeat(40),
      CARD_PAYMENT_WEBHOOK_SECRET: 's'.repeat(40),
    };
    expect(() => assertRealProviders(loadConfig(production))).toThrow(/set CASH_PAYMENT_PROVIDER and CARD_PAYMENT_PROVIDER to real providers$/);
    expect(() => assertRealProviders(loadConfig({ ...production, SMS_PROVIDER: 'sandbox' }))).toThrow(/set SMS_PROVIDER, CASH_PAYMENT_PROVIDER/);
  });
});
