import { OPERATOR_BASE, OperatorPath, type Page, type SmsOutboxEntry } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { smsOutbox } from '../src/db/schema';
import { createSmsProvider } from '../src/providers/sms/create-sms-provider';
import { eraseMessagesTo } from '../src/providers/sms/outbox-privacy';
import { SmsDeliveryError, type SmsProvider } from '../src/providers/sms/sms-provider';
import { TWILIO_STATUS_PATH } from '../src/providers/sms/twilio-status-routes';
import { sendCode, signInCall } from './account-helpers';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from './helper';
import { createTemplate, newVisitor, requestSms, solveCaptcha } from './promotion-helpers';
import { STAND_IN_API_KEY_SECRET, STAND_IN_API_KEY_SID, startTwilioStandIn, type StandInMessage, type TwilioStandIn } from './stand-ins/twilio-stand-in';

const CALLBACK_URL = 'https://lend.example/webhooks/twilio/status';
const SENDER = '+15005550006';

function twilioEnv(standIn: TwilioStandIn, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    SMS_PROVIDER: 'twilio',
    TWILIO_ACCOUNT_SID: standIn.accountSid,
    TWILIO_AUTH_TOKEN: standIn.authToken,
    TWILIO_FROM: SENDER,
    TWILIO_API_BASE_URL: standIn.url,
    TWILIO_STATUS_CALLBACK_URL: CALLBACK_URL,
    TWILIO_RETRY_ATTEMPTS: '3',
    TWILIO_RETRY_DELAY_MS: '5',
    ...extra,
  };
}

const METRICS_TOKEN = 'twilio-test-metrics-token-0123456789';

/** This app's SMS counters, as a scraper reads them. */
async function smsMetrics(t: TestApp): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  return response.body.split('\n').filter((line) => line.startsWith('sms_'));
}

describe('SMS through Twilio', () => {
  let standIn: TwilioStandIn;
  let t: TestApp;
  let sms: SmsProvider;

  beforeAll(async () => {
    standIn = await startTwilioStandIn();
    t = await createTestApp({ env: { ...twilioEnv(standIn), METRICS_TOKEN } });
    sms = createSmsProvider(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-test-data', ...twilioEnv(standIn) }), t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });
  beforeEach(() => {
    standIn.messages.length = 0;
    standIn.sendRequests.length = 0;
  });

  const rowOf = async (sid: string) => {
    const [row] = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.providerMessageId, sid));
    return row;
  };
  const onlyMessage = (): StandInMessage => {
    expect(standIn.messages).toHaveLength(1);
    const [message] = standIn.messages;
    if (!message) throw new Error('no message');
    return message;
  };
  const operatorOutbox = async (query: Record<string, string>) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${OPERATOR_BASE}${OperatorPath.smsOutbox}?${new URLSearchParams(query)}`,
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: Page<SmsOutboxEntry> }>().data.items;
  };

  it('texts a Mexican borrower’s sign-in code from the configured sender, keeps no code, and the code it texted signs in', async () => {
    const sent = await sendCode(t.app, '55 1234 0001', 'MX');
    expect(sent.code).toBe(0);
    const message = onlyMessage();
    expect(message.username).toBe(standIn.accountSid);
    expect(message.form).toMatchObject({ To: '+525512340001', From: SENDER, StatusCallback: CALLBACK_URL });
    const code = /\b(\d{6})\b/.exec(message.form.Body ?? '')?.[1];
    expect(code).toBeDefined();

    const row = await rowOf(message.sid);
    expect(row).toMatchObject({ provider: 'twilio', status: 'queued', phone: '+525512340001', code: '', attempts: 1, errorCode: null });
    expect(row?.text).not.toContain(code);
    expect(row?.text).toContain('******');

    const signed = await signInCall(t.app, '5512340001', 'MX', code ?? '');
    expect(signed.code).toBe(0);
  });

  it('sends India’s messages with only the parameters of Twilio’s Messages create: the registered sender and the text its template matches', async () => {
    expect((await sendCode(t.app, '98765 40001', 'IN')).code).toBe(0);
    expect(Object.keys(onlyMessage().form).sort()).toEqual(['Body', 'From', 'StatusCallback', 'To']);
    expect(onlyMessage().form).toMatchObject({ To: '+919876540001', From: SENDER });

    standIn.messages.length = 0;
    standIn.sendRequests.length = 0;
    const text = 'Lend: your payment code is 135790. It expires in 5 minutes. Never share it.';
    await sms.send({ phone: '+919876540003', text, oneTimeCode: '135790', kind: 'payment-code' });
    expect(onlyMessage().form).toEqual({ To: '+919876540003', From: SENDER, Body: text, StatusCallback: CALLBACK_URL });
    expect(standIn.sendRequests).toEqual(['201']);
  });

  it('is refused by Twilio’s stand-in, as a parameter Messages create does not have', async () => {
    const response = await fetch(`${standIn.url}/2010-04-01/Accounts/${standIn.accountSid}/Messages.json`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${standIn.accountSid}:${standIn.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: '+919876540004', From: SENDER, Body: 'Your installment is due in 3 days.', DltTemplateId: '1107000000000000002' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 400,
      message: 'Bad Request: Messages create has no parameter DltTemplateId',
      more_info: 'https://www.twilio.com/docs/errors/400',
      status: 400,
    });
    expect(standIn.messages).toHaveLength(0);
  });

  it('tries again after 429 and 500 with the same text, and one message reaches the phone', async () => {
    standIn.failNext('too-many-requests', 'server-error');
    const text = 'Your Lend verification code is 424242. Never share it.';
    await sms.send({ phone: '+525512340002', text, oneTimeCode: '424242', kind: 'sign-in-code' });
    expect(standIn.sendRequests).toEqual(['too-many-requests', 'server-error', '201']);
    const message = onlyMessage();
    expect(message.form.Body).toBe(text);
    expect(await rowOf(message.sid)).toMatchObject({ status: 'queued', attempts: 3, code: '' });
  });

  it('does not send again when Twilio made the message but its answer was lost', async () => {
    for (const failure of ['made-then-server-error', 'made-then-dropped'] as const) {
      standIn.messages.length = 0;
      standIn.sendRequests.length = 0;
      standIn.failNext(failure);
      await sms.send({ phone: '+525512340003', text: `Your Lend verification code is 13579${failure.length % 10}. Never share it.`, kind: 'sign-in-code' });
      expect(standIn.sendRequests).toEqual([failure]);
      const message = onlyMessage();
      expect(await rowOf(message.sid)).toMatchObject({ status: 'queued', attempts: 2 });
    }
  });

  it('records a permanent refusal as failed without trying again, and lists it for operators with Twilio’s error', async () => {
    standIn.failNext('invalid-to');
    const refused = sms.send({ phone: '+525512340004', text: 'Your installment is due today.', kind: 'due-today' });
    await expect(refused).rejects.toThrow(SmsDeliveryError);
    await expect(refused).rejects.toMatchObject({ reason: 'refused' });
    expect(standIn.sendRequests).toEqual(['invalid-to']);
    expect(standIn.messages).toHaveLength(0);

    // Through the borrower's sign-in: the borrower is told to try later, the failure is kept.
    standIn.failNext('unsubscribed');
    expect((await sendCode(t.app, '5512340005', 'MX')).code).not.toBe(0);
    expect(await smsMetrics(t)).toContain('sms_refused_total{provider="twilio",reason="refused"} 1');

    const failed = await operatorOutbox({ status: 'failed' });
    expect(failed.map(({ phone, kind, status, errorCode, attempts, provider }) => ({ phone, kind, status, errorCode, attempts, provider }))).toEqual([
      { phone: '+525512340005', kind: 'sign-in-code', status: 'failed', errorCode: 21610, attempts: 1, provider: 'twilio' },
      { phone: '+525512340004', kind: 'due-today', status: 'failed', errorCode: 21211, attempts: 1, provider: 'twilio' },
    ]);
    expect(failed[1]?.error).toContain("Invalid 'To' Phone Number");
    expect(failed[1]?.error).not.toContain('5512340004');
    expect((await operatorOutbox({ phone: '5512340004' }))[0]).toMatchObject({ status: 'failed', errorCode: 21211 });

    // Erasing the borrower keeps that a send failed and why, not the gateway's words about the number.
    await eraseMessagesTo(t.database.db, '+525512340004', '+520000000000');
    expect((await operatorOutbox({ phone: '+520000000000' }))[0]).toMatchObject({ status: 'failed', errorCode: 21211, error: null, text: '' });
  });

  it('gives up after the configured attempts of transient failures and records the last error', async () => {
    standIn.failNext('too-many-requests', 'too-many-requests', 'too-many-requests');
    await expect(sms.send({ phone: '+525512340006', text: 'Your loan is settled.', kind: 'loan-settled' })).rejects.toMatchObject({ name: 'SmsDeliveryError', reason: 'unavailable' });
    expect(standIn.sendRequests).toHaveLength(3);
    const [row] = await operatorOutbox({ phone: '5512340006' });
    expect(row).toMatchObject({ status: 'failed', errorCode: 20429, attempts: 3 });
  });

  it('records Twilio’s signed status reports, never moving a message back, and refuses a bad signature with 403', async () => {
    await sms.send({ phone: '+525512340007', text: 'Your payment was applied.', kind: 'payment-applied' });
    const message = onlyMessage();
    const report = (status: Parameters<TwilioStandIn['statusReport']>[1], errorCode?: number) => {
      const signed = standIn.statusReport(message, status, errorCode);
      expect(signed.url).toBe(CALLBACK_URL);
      return t.app.inject({ method: 'POST', url: TWILIO_STATUS_PATH, headers: signed.headers, payload: signed.body });
    };

    expect((await report('sent')).statusCode).toBe(204);
    expect(await rowOf(message.sid)).toMatchObject({ status: 'sent' });
    expect((await report('undelivered', 30003)).statusCode).toBe(204);
    expect(await rowOf(message.sid)).toMatchObject({ status: 'undelivered', errorCode: 30003 });
    expect((await report('sent')).statusCode).toBe(204);
    expect(await rowOf(message.sid)).toMatchObject({ status: 'undelivered' });

    const forged = standIn.statusReport(message, 'delivered');
    const wrongSignature = await t.app.inject({
      method: 'POST',
      url: TWILIO_STATUS_PATH,
      headers: { ...forged.headers, 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' },
      payload: forged.body,
    });
    expect(wrongSignature.statusCode).toBe(403);
    const unsigned = await t.app.inject({ method: 'POST', url: TWILIO_STATUS_PATH, headers: { 'content-type': forged.headers['content-type'] ?? '' }, payload: forged.body });
    expect(unsigned.statusCode).toBe(403);
    const tampered = await t.app.inject({ method: 'POST', url: TWILIO_STATUS_PATH, headers: forged.headers, payload: forged.body.replace('MessageStatus=delivered', 'MessageStatus=failed') });
    expect(tampered.statusCode).toBe(403);
    expect(await rowOf(message.sid)).toMatchObject({ status: 'undelivered' });

    const listed = await operatorOutbox({ phone: '5512340007' });
    expect(listed[0]).toMatchObject({ status: 'undelivered', errorCode: 30003 });
  });

  it('authenticates with an API key and sends from a messaging service when so configured', async () => {
    const keyed = createSmsProvider(
      loadConfig({
        NODE_ENV: 'test',
        ...twilioEnv(standIn, {
          TWILIO_AUTH_TOKEN: '',
          TWILIO_STATUS_CALLBACK_URL: '',
          TWILIO_API_KEY_SID: STAND_IN_API_KEY_SID,
          TWILIO_API_KEY_SECRET: STAND_IN_API_KEY_SECRET,
          TWILIO_FROM: '',
          TWILIO_MESSAGING_SERVICE_SID: `MG${'ab'.repeat(16)}`,
        }),
      }),
      t.database.db,
    );
    await keyed.send({ phone: '+525512340008', text: 'Your extension was granted.', kind: 'extension-granted' });
    const message = onlyMessage();
    expect(message.username).toBe(STAND_IN_API_KEY_SID);
    expect(message.form).toMatchObject({ MessagingServiceSid: `MG${'ab'.repeat(16)}` });
    expect(message.form.From).toBeUndefined();
    expect(message.form.StatusCallback).toBeUndefined();
    expect(await rowOf(message.sid)).toMatchObject({ status: 'queued' });
  });

  it('texts a landing’s code to the number in its template’s country, whichever the server’s default market', async () => {
    // The same ten digits on a Mexican and on an Indian landing: two numbers in two countries.
    for (const market of ['MX', 'IN'] as const) {
      standIn.messages.length = 0;
      const { id } = await createTemplate(t.app, { market });
      const visitor = await newVisitor(t.app, id);
      expect((await requestSms(t.app, visitor, '98123 40009', await solveCaptcha(t.app, visitor))).code).toBe('0');
      expect(onlyMessage().form).toMatchObject({ To: market === 'IN' ? '+919812340009' : '+529812340009', From: SENDER });
      expect(await rowOf(onlyMessage().sid)).toMatchObject({ phone: market === 'IN' ? '+919812340009' : '+529812340009', kind: 'promotion-code' });
    }
  });

  it('sends nothing to a number without its country code, and keeps the failure', async () => {
    const refused = sms.send({ phone: '9812340010', text: 'Your Lend verification code is 112233. Never share it.', oneTimeCode: '112233', kind: 'promotion-code' });
    await expect(refused).rejects.toMatchObject({ name: 'SmsDeliveryError', reason: 'refused' });
    expect(standIn.sendRequests).toEqual([]);
    const [row] = await operatorOutbox({ phone: '9812340010' });
    expect(row).toMatchObject({ phone: '9812340010', status: 'failed', attempts: 0, text: 'Your Lend verification code is ******. Never share it.' });
  });
});
