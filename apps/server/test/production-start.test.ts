import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AccountPath,
  LoanStatus,
  MACHINE_BASE,
  MachinePath,
  OPERATOR_BASE,
  OperatorPath,
  PAYOUT_WEBHOOK_BASE,
  WEBHOOK_BASE,
  type PhoneMarket,
  type RepayInstruction,
} from '@lend/contracts';
import Stripe from 'stripe';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { serverCommand } from '../../../scripts/server-build.mjs';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { seedDemoData } from '../src/seed/demo-data';
import { createOrder, images, multipartBody } from './factories';
import { onAdminConnection, postgresDatabaseUrl } from './postgres-template-setup';
import { killStartedServers, startServer, type ServerProcess } from './server-process';
import { startS3StandIn } from './stand-ins/s3-stand-in';
import { startStpStandIn } from './stand-ins/stp-stand-in';
import { startStripeStandIn, type StripeStandIn } from './stand-ins/stripe-stand-in';
import { startTwilioStandIn } from './stand-ins/twilio-stand-in';

/**
 * The compiled server as production runs it (docs/deploy.md): PostgreSQL, Redis, settings from
 * files, payments disabled (docs/decisions/111), then a stop with a request in flight
 * (docs/decisions/112). Needs the local PostgreSQL and Redis.
 */

const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = 'redis://127.0.0.1:6379';
const OPERATOR_TOKEN = `op-${randomBytes(24).toString('hex')}`;

/** The SMS and storage production runs on here, and how a borrower reads the code texted to a phone. */
type ProductionProviders = {
  env: Record<string, string>;
  /** The newest sign-in code sent to this E.164 phone, as the borrower reads it on their phone. */
  lastCodeSentTo: (e164: string) => Promise<string>;
  /** Mexico's cash rail, and Stripe's signature over an event as Stripe signs its webhooks. */
  stripe: StripeStandIn;
  signStripeEvent: (payload: string) => string;
  close: () => Promise<void>;
};

/** Mexico's payouts through STP, as the lender's company is registered there. */
const STP_SETTINGS = {
  STP_EMPRESA: 'PRESTAMOS',
  STP_ORDENANTE_CUENTA: '646180104000000002',
  STP_ORDENANTE_NOMBRE: 'Prestamos Ejemplo SA de CV',
  STP_ORDENANTE_RFC_CURP: 'PEJ200101AB1',
};

/**
 * The outside services of this production start, on their stand-ins: SMS through Twilio (codes read
 * from the messages the stand-in received, as they would reach the phone), uploads in an S3
 * bucket, and Mexico's cash payments on Stripe (India's stay disabled until its rail is
 * configured); their secrets from files, as a container mounts them.
 */
async function productionProviderEnv(): Promise<ProductionProviders> {
  const s3 = await startS3StandIn();
  const twilio = await startTwilioStandIn();
  // Production refuses a Stripe test key: the stand-in answers a live-looking one.
  const stripeKey = `sk_live_${'standin0123456789'.repeat(2)}`;
  const stripeWebhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  const stripe = await startStripeStandIn({ key: stripeKey });
  const signer = new Stripe(stripeKey);
  const { S3_SECRET_ACCESS_KEY: s3Secret = '', ...s3Env } = s3.env('uploads/');
  const stpKeys = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const stp = await startStpStandIn({ empresa: STP_SETTINGS.STP_EMPRESA, ordenanteCuenta: STP_SETTINGS.STP_ORDENANTE_CUENTA, publicKeyPem: stpKeys.publicKey });
  const secrets = tempDir();
  writeFileSync(join(secrets, 's3-secret'), `${s3Secret}\n`);
  writeFileSync(join(secrets, 'twilio-auth-token'), `${twilio.authToken}\n`);
  writeFileSync(join(secrets, 'stripe-key'), `${stripeKey}\n`);
  writeFileSync(join(secrets, 'stripe-webhook-secret'), `${stripeWebhookSecret}\n`);
  writeFileSync(join(secrets, 'razorpay-key-secret'), `${randomBytes(16).toString('hex')}\n`);
  writeFileSync(join(secrets, 'razorpay-webhook-secret'), `${randomBytes(16).toString('hex')}\n`);
  writeFileSync(join(secrets, 'stp-private-key'), stpKeys.privateKey);
  writeFileSync(join(secrets, 'razorpayx-key-secret'), `${randomBytes(16).toString('hex')}\n`);
  writeFileSync(join(secrets, 'razorpayx-webhook-secret'), `${randomBytes(16).toString('hex')}\n`);
  return {
    env: {
      ...s3Env,
      S3_SECRET_ACCESS_KEY_FILE: join(secrets, 's3-secret'),
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: twilio.accountSid,
      TWILIO_AUTH_TOKEN_FILE: join(secrets, 'twilio-auth-token'),
      TWILIO_FROM: '+15005550006',
      TWILIO_API_BASE_URL: twilio.url,
      CASH_PAYMENT_PROVIDER_MX: 'stripe',
      STRIPE_SECRET_KEY_FILE: join(secrets, 'stripe-key'),
      STRIPE_WEBHOOK_SECRET_FILE: join(secrets, 'stripe-webhook-secret'),
      STRIPE_BILLING_EMAIL: 'pagos@lend.example',
      STRIPE_API_BASE_URL: stripe.url,
      // India's rail is configured too; its package reaches only Razorpay's own address, so this
      // start calls it nowhere (its adapter is tested with its calls intercepted).
      CASH_PAYMENT_PROVIDER_IN: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_live_StandIn0123456',
      RAZORPAY_KEY_SECRET_FILE: join(secrets, 'razorpay-key-secret'),
      RAZORPAY_WEBHOOK_SECRET_FILE: join(secrets, 'razorpay-webhook-secret'),
      // India's cards on Razorpay's hosted page, Mexico's staying disabled (docs/decisions/124).
      CARD_PAYMENT_PROVIDER_IN: 'razorpay',
      RAZORPAY_CARD_RETURN_ORIGIN: 'https://lend.example',
      // Money out on the real rails (docs/decisions/158): Mexico's through STP, on its stand-in;
      // India's through RazorpayX, whose live key no stand-in takes, so it is called nowhere here.
      PAYOUT_PROVIDER_MX: 'stp',
      ...STP_SETTINGS,
      STP_API_BASE_URL: stp.url,
      STP_PRIVATE_KEY_FILE: join(secrets, 'stp-private-key'),
      PAYOUT_PROVIDER_IN: 'razorpayx',
      RAZORPAYX_KEY_ID: 'rzp_live_StandIn0123456',
      RAZORPAYX_KEY_SECRET_FILE: join(secrets, 'razorpayx-key-secret'),
      RAZORPAYX_WEBHOOK_SECRET_FILE: join(secrets, 'razorpayx-webhook-secret'),
      RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316',
      RAZORPAYX_API_BASE_URL: 'http://127.0.0.1:1',
    },
    stripe,
    signStripeEvent: (payload) => signer.webhooks.generateTestHeaderString({ payload, secret: stripeWebhookSecret }),
    lastCodeSentTo: async (e164) => {
      const sent = twilio.messages.filter((message) => message.form.To === e164).at(-1);
      const code = /\b(\d{4,8})\b/.exec(sent?.form.Body ?? '')?.[1];
      if (!code) throw new Error(`no sign-in code was texted to ${e164}`);
      return code;
    },
    close: async () => {
      await twilio.close();
      await s3.close();
      await stripe.close();
      await stp.close();
    },
  };
}

const dirs: string[] = [];
const dropped: (() => Promise<void>)[] = [];
const providers = await productionProviderEnv();

afterAll(async () => {
  await killStartedServers();
  await providers.close();
  for (const drop of dropped) await drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lend-production-'));
  dirs.push(dir);
  return dir;
}

/** A new, empty database on the local PostgreSQL: the server applies every migration itself. */
async function freshDatabaseUrl(): Promise<string> {
  const name = `lend_production_${randomBytes(6).toString('hex')}`;
  await onAdminConnection(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  dropped.push(async () => void (await onAdminConnection(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))));
  return postgresDatabaseUrl(adminUrl, name);
}

/** What production is started with: secrets from files as containers mount them, payments disabled, the providers' settings. */
function serverEnv(databaseUrl: string): Record<string, string> {
  const secrets = tempDir();
  writeFileSync(join(secrets, 'operator-token'), `${OPERATOR_TOKEN}\n`);
  writeFileSync(join(secrets, 'database-url'), `${databaseUrl}\n`);
  return {
    NODE_ENV: 'production',
    ...providers.env,
    DATABASE_URL_FILE: join(secrets, 'database-url'),
    OPERATOR_TOKEN_FILE: join(secrets, 'operator-token'),
    STAFF_SECRET_KEY: 'a'.repeat(64),
    REDIS_URL,
    CASH_PAYMENT_PROVIDER: 'disabled',
    CARD_PAYMENT_PROVIDER: 'disabled',
    DATA_DIR: tempDir(),
    SHUTDOWN_GRACE_MS: '10000',
    // Behind a balancer, as in production: each run's walk then comes from an address of its own.
    TRUST_PROXY: '127.0.0.1',
  };
}

type Run = { code: number | null; stderr: string; stdout: string };

/** Runs the compiled server, with `env` and PATH as its whole environment, expecting it to stop by itself. */
function runToExit(env: Record<string, string>): Promise<Run> {
  const [node, ...args] = serverCommand();
  return new Promise((done) => {
    const child = spawn(node, args, { env: { PATH: process.env.PATH ?? '', PORT: '0', ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

const production = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/never-opened',
  OPERATOR_TOKEN: 'o'.repeat(40),
  STAFF_SECRET_KEY: 'a'.repeat(64),
  CASH_PAYMENT_PROVIDER: 'disabled',
  CARD_PAYMENT_PROVIDER: 'disabled',
};

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

type Envelope<T = unknown> = { code: number; message: string; data: T };

describe('a production start refused in one line naming the setting (docs/decisions/112)', () => {
  const secrets = tempDir();
  const tokenFile = join(secrets, 'token');
  writeFileSync(tokenFile, 'o'.repeat(40));
  const cases: [string, Record<string, string>, RegExp][] = [
    ['no database', { ...production, DATABASE_URL: '' }, /^Configuration error: DATABASE_URL is required when NODE_ENV=production/],
    ['no operator token', { ...production, OPERATOR_TOKEN: '' }, /^Configuration error: OPERATOR_TOKEN is required when NODE_ENV=production$/],
    ['no staff secret key', { ...production, STAFF_SECRET_KEY: '' }, /^Configuration error: STAFF_SECRET_KEY is required when NODE_ENV=production$/],
    ['a staff secret key of the wrong size', { ...production, STAFF_SECRET_KEY: 'abc' }, /^Configuration error: STAFF_SECRET_KEY must be 32 bytes written as 64 hex digits or in base64$/],
    ['a malformed Redis address', { ...production, REDIS_URL: 'localhost:6379' }, /^Configuration error: REDIS_URL must be a redis:\/\/ or rediss:\/\/ address$/],
    ['a bad grace period', { ...production, SHUTDOWN_GRACE_MS: 'soon' }, /^Configuration error: SHUTDOWN_GRACE_MS must be a whole number/],
    ['a setting and its file both', { ...production, OPERATOR_TOKEN_FILE: tokenFile }, /^Configuration error: OPERATOR_TOKEN and OPERATOR_TOKEN_FILE are both set; set only one$/],
    [
      'a secret file that cannot be read',
      { ...production, DATABASE_URL: '', DATABASE_URL_FILE: join(secrets, 'missing') },
      /^Configuration error: DATABASE_URL_FILE names a file that cannot be read \(.*ENOENT\)$/,
    ],
    ['a sandbox payment provider', { ...production, CARD_PAYMENT_PROVIDER: 'sandbox', CARD_PAYMENT_WEBHOOK_SECRET: 'c'.repeat(40) }, /CARD_PAYMENT_PROVIDER/],
    ['a sandbox payout provider', { ...production, PAYOUT_PROVIDER_IN: 'sandbox' }, /set SMS_PROVIDER and PAYOUT_PROVIDER_IN to real providers$/],
    ['a payout rail in the wrong market', { ...production, PAYOUT_PROVIDER_MX: 'razorpayx' }, /^Configuration error: PAYOUT_PROVIDER_MX cannot be razorpayx: it carries India's bank transfers in rupees only$/],
    ['a payout rail without its settings', { ...production, PAYOUT_PROVIDER_MX: 'stp', ...STP_SETTINGS }, /^Configuration error: STP_API_BASE_URL is required when Mexico pays out through STP$/],
    [
      'a RazorpayX test key',
      { ...production, PAYOUT_PROVIDER_IN: 'razorpayx', RAZORPAYX_KEY_ID: 'rzp_test_StandIn0123456', RAZORPAYX_KEY_SECRET: 'k'.repeat(16), RAZORPAYX_WEBHOOK_SECRET: 'w'.repeat(16), RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316' },
      /RAZORPAYX_KEY_ID must be a live key \(rzp_live_…\) when NODE_ENV=production$/,
    ],
  ];
  it.each(cases)('%s', async (_name, env, line) => {
    const run = await runToExit(env);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(line);
    expect(run.stderr).not.toContain('o'.repeat(40));
  });

  it('accepts disabled payments and payouts, and still refuses the SMS sandbox', async () => {
    const run = await runToExit(production);
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      'Configuration error: production must not run on a sandbox provider; set SMS_PROVIDER to a real provider',
    ]);
  });

  it('stops in one line when the file storage does not answer', async () => {
    // The AWS SDK warns on Node 20 that its releases from 2027 need Node 22: a warning of its own, not the start's.
    const run = await runToExit({ ...serverEnv(await freshDatabaseUrl()), S3_ENDPOINT: 'http://127.0.0.1:1', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' });
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^File storage unavailable: /);
    expect(run.stderr).not.toContain('S3RVER');
  });

  it('stops in one line when the database does not answer', async () => {
    const run = await runToExit({ ...serverEnv('postgres://postgres@127.0.0.1:1/none'), DATABASE_URL_FILE: '', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(run.code).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^Database unavailable: /);
  });
});

/** A request whose body arrives in two parts: in flight from the first until `finish` sends the rest. */
function requestInFlight(url: string, path: string, body: string, headers: Record<string, string>) {
  const sent = request(`${url}${path}`, {
    method: 'POST',
    agent: false,
    headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    sent.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    sent.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  sent.write(body.slice(0, half));
  return { answered, finish: () => sent.end(body.slice(half)) };
}

/** Resolves when the server's output holds `text`. */
async function untilWritten(server: ServerProcess, text: string, withinMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!server.output().includes(text)) {
    if (Date.now() - started > withinMs) throw new Error(`"${text}" not written within ${withinMs} ms:\n${server.tail()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the compiled server on PostgreSQL and Redis, Mexico\'s cash on Stripe and India\'s on Razorpay', () => {
  it('is ready, and on SIGTERM drains: a request in flight completes, new connections are refused, exit 0', async () => {
    const server = await startServer(serverEnv(await freshDatabaseUrl()));
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', storage: 'ok' }, draining: false });
    // Without METRICS_TOKEN there are no metrics to read, whoever asks.
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })).status).toBe(404);

    // A borrower session opened by the operator, its body sent in two parts around the stop.
    const body = JSON.stringify({ phone: `55${randomInt(10_000_000, 100_000_000)}`, market: 'MX', deviceId: 'device-in-flight' });
    const inFlight = requestInFlight(server.url, `${OPERATOR_BASE}${OperatorPath.createSession}`, body, { authorization: `Bearer ${OPERATOR_TOKEN}` });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const exited = server.stop();
    await untilWritten(server, 'shutting down');
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    inFlight.finish();
    const answer = await inFlight.answered;
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 0, data: { sessionId: expect.any(String) } });
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('"msg":"stopped"');
    // The job runner made its schema and queues on the fresh database, and stopped with the server (docs/decisions/188).
    expect(server.output()).not.toContain('periodic jobs not started');
  });

  it('exits 1 once SHUTDOWN_GRACE_MS has passed with a request still in flight', async () => {
    const server = await startServer({ ...serverEnv(await freshDatabaseUrl()), SHUTDOWN_GRACE_MS: '500' });
    const body = JSON.stringify({ phone: `55${randomInt(10_000_000, 100_000_000)}`, market: 'MX' });
    const stuck = requestInFlight(server.url, `${OPERATOR_BASE}${OperatorPath.createSession}`, body, { authorization: `Bearer ${OPERATOR_TOKEN}` });
    stuck.answered.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = Date.now();
    expect(await server.stop()).toEqual({ code: 1, signal: null });
    expect(Date.now() - stoppedAt).toBeLessThan(5_000);
    expect(server.output()).toContain('requests still in flight after SHUTDOWN_GRACE_MS');
  });

  it('walks a borrower from the sign-in code to a filed complaint with an image, and an OXXO voucher paid through Stripe', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const metricsToken = `metrics-${randomBytes(24).toString('hex')}`;
    const metricsTokenFile = join(tempDir(), 'metrics-token');
    writeFileSync(metricsTokenFile, `${metricsToken}\n`);
    const server = await startServer({ ...serverEnv(databaseUrl), METRICS_TOKEN_FILE: metricsTokenFile });
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    try {
      // Products and payment channels are the operator's set-up: the demo catalogue stands in for it.
      const db = drizzle(pool, { schema }) as unknown as Db;
      await seedDemoData(db);
      // Redis keeps the sign-in limits between runs, by phone and by address: a phone and an address of its own each run.
      const phone = `55${randomInt(10_000_000, 100_000_000)}`;
      const address = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
      const e164 = `+52${phone}`;
      const market: PhoneMarket = 'MX';
      const login = (path: string, fields: Record<string, string>) =>
        fetch(`${server.url}${MACHINE_BASE}${path}?language=2&deviceId=device-walk`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
          body: JSON.stringify({ phone, market, deviceId: 'device-walk', ...fields }),
        }).then((response) => json<Envelope<{ userId: string; sessionId: string }>>(response));

      expect(await login(AccountPath.sendCode, {})).toMatchObject({ code: 0 });
      const signedIn = await login(AccountPath.signIn, { code: await providers.lastCodeSentTo(e164) });
      expect(signedIn).toMatchObject({ code: 0 });
      const session = new URLSearchParams({ userId: signedIn.data.userId, sessionId: signedIn.data.sessionId, language: '2' }).toString();
      const borrower = (path: string, fields: Record<string, string | number> = {}) =>
        fetch(`${server.url}${MACHINE_BASE}${path}?${session}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(fields),
        }).then(async (response) => ({ status: response.status, ...(await json<Envelope>(response)) }));

      const order = await createOrder(db, Number(signedIn.data.userId), LoanStatus.Disbursed);
      expect(await borrower(MachinePath.loanDetails, { orderId: order.orderNo })).toMatchObject({ status: 200, code: 0 });

      const form = multipartBody('problemImage', 'evidence.png', await images.png());
      const uploaded = await fetch(`${server.url}${MACHINE_BASE}${MachinePath.complaintImageUpload}?${session}`, {
        method: 'POST',
        headers: { 'content-type': form.contentType },
        body: form.payload,
      }).then((response) => json<Envelope<{ url: string }>>(response));
      expect(uploaded).toMatchObject({ code: 0, data: { url: expect.any(String) } });

      const filed = await borrower(MachinePath.complaintSave, {
        problemType: 2,
        problemSonType: 203,
        problemDetail: 'El pago no aparece',
        problemImage: uploaded.data.url,
        orderNo: order.orderNo,
      });
      expect(filed).toMatchObject({ status: 200, code: 0 });
      const list = await borrower(MachinePath.complaintList);
      expect(JSON.stringify(list.data)).toContain('El pago no aparece');

      // Cash at a store is an OXXO voucher from Stripe, and Stripe's signed report of it pays the order once.
      const reference = await borrower(MachinePath.repayInstruction, { orderId: order.orderNo, requestType: '1', amount: 100_00, payCode: 'tienda-demo' });
      expect(reference).toMatchObject({ status: 200, code: 0 });
      const voucher = (reference.data as RepayInstruction).repayDetail.vCode;
      const intent = [...providers.stripe.intents.values()].find((candidate) => JSON.stringify(candidate.next_action ?? {}).includes(voucher));
      if (!intent) throw new Error(`Stripe holds no intent for voucher ${voucher}`);
      const event = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        created: Math.floor(Date.now() / 1000) + 1,
        data: { object: providers.stripe.succeeded(intent.id) },
        livemode: true,
        type: 'payment_intent.succeeded',
      });
      const deliver = () =>
        fetch(`${server.url}${WEBHOOK_BASE}/stripe`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': providers.signStripeEvent(event) },
          body: event,
        }).then(async (response) => ({ status: response.status, body: await json<Record<string, unknown>>(response) }));
      const applied = await deliver();
      expect(applied.status).toBe(200);
      expect((await deliver()).body).toMatchObject({ replay: true });
      const receipts = await fetch(`${server.url}${OPERATOR_BASE}${OperatorPath.payments}?orderNo=${order.orderNo}`, {
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      }).then((response) => json<Envelope<{ items: { provider: string; amountMinor: number; channelCode: string }[] }>>(response));
      expect(receipts.data.items).toEqual([expect.objectContaining({ provider: 'stripe', amountMinor: 100_00, channelCode: 'tienda-demo' })]);
      // India's webhook is live and refuses what Razorpay did not sign.
      const forged = await fetch(`${server.url}${WEBHOOK_BASE}/razorpay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'f'.repeat(64), 'x-razorpay-event-id': 'evt_forged' },
        body: JSON.stringify({ event: 'qr_code.credited', payload: {} }),
      });
      expect(forged.status).toBe(400);
      // Each market's payout rail has its webhook; STP's callbacks are confirmed by asking STP, which knows no such order.
      for (const provider of ['stp', 'razorpayx']) {
        const body = '{"id":1,"empresa":"PRESTAMOS","folioOrigen":"NONE1","estado":"LIQUIDACION"}';
        expect((await fetch(`${server.url}${PAYOUT_WEBHOOK_BASE}/${provider}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status).toBe(401);
      }
      // So is India's card webhook.
      const forgedCard = await fetch(`${server.url}${WEBHOOK_BASE}/razorpay-card`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'f'.repeat(64), 'x-razorpay-event-id': 'evt_forged' },
        body: JSON.stringify({ event: 'payment_link.paid', created_at: 0, payload: {} }),
      });
      expect(forgedCard.status).toBe(401);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      // A scraper with METRICS_TOKEN reads what the walk did; the operator's token is not one.
      expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } })).status).toBe(404);
      const scraped = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
      expect(scraped.status).toBe(200);
      const metrics = await scraped.text();
      expect(metrics).toContain('payments_applied_total{provider="stripe",market="MX"} 1');
      expect(metrics).toContain('webhook_deliveries_refused_total{provider="razorpay",code=');
      expect(metrics).toMatch(/^db_pool_connections\{state="in_use"\} \d+$/m);
      expect(metrics).toContain(`http_requests_total{method="POST",route="${MACHINE_BASE}${MachinePath.complaintSave}",status_class="2xx"} 1`);
      expect(metrics).not.toContain(phone);
    } finally {
      await pool.end();
      expect(await server.stop()).toEqual({ code: 0, signal: null });
    }
  });
});
