import { MACHINE_BASE, MachinePath, PROMOTION_BASE, PromotionPath, type LoanConfirm, type LoanPush } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanContracts, loanOrders } from '../src/db/schema';
import { createTestApp, openSession, sessionQuery, type TestApp } from './helper';
import { callBorrower, productByCode, type Envelope } from './loan-helpers';
import { randomAddress } from './promotion-helpers';

const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://unused/db', OPERATOR_TOKEN: 'p'.repeat(40), STAFF_SECRET_KEY: 'a'.repeat(64) };

/** One get-sid call arriving from `socket` with the X-Forwarded-For header it carries. */
async function getSid(app: FastifyInstance, socket: string, forwardedFor: string): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: `${PROMOTION_BASE}${PromotionPath.getSid}`,
    remoteAddress: socket,
    headers: { 'x-forwarded-for': forwardedFor },
  });
  return response.statusCode;
}

/** 31 get-sid calls from one socket, the client writing a different X-Forwarded-For each time. */
async function statusesOfSpoofedCalls(app: FastifyInstance, socket: string, proxySaw?: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 31; i += 1) {
    const spoofed = `198.51.100.${i}`;
    statuses.push(await getSid(app, socket, proxySaw ? `${spoofed}, ${proxySaw}` : spoofed));
  }
  return statuses;
}

/** Confirms the borrower's offer on a product through a proxy; returns the IP stored on the contract. */
async function contractIpOfPushThrough(t: TestApp, phone: string, socket: string, forwardedFor: string): Promise<string | undefined> {
  const session = await openSession(t.app, phone);
  const product = await productByCode(t.app, 'peso-plus-120');
  const confirm = await callBorrower<LoanConfirm>(t.app, session, MachinePath.loanConfirm, { productId: product.id, isType: '1' });
  const { amount, periods, termUnit } = confirm.data;
  const response = await t.app.inject({
    method: 'POST',
    url: `${MACHINE_BASE}${MachinePath.loanPush}?${sessionQuery(session, { language: '2' })}`,
    remoteAddress: socket,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
    payload: new URLSearchParams({ productId: String(product.id), amount: String(amount), periods: String(periods), termUnit: String(termUnit), agreement: '1' }).toString(),
  });
  const pushed = response.json<Envelope<LoanPush>>();
  expect(pushed.code, response.body).toBe(0);
  const orderNo = new URLSearchParams(pushed.data.lendDetailsUrl.split('?')[1]).get('orderId') ?? '';
  const [contract] = await t.database.db
    .select({ clientIp: loanContracts.clientIp })
    .from(loanContracts)
    .innerJoin(loanOrders, eq(loanOrders.id, loanContracts.orderId))
    .where(eq(loanOrders.orderNo, orderNo));
  return contract?.clientIp;
}

describe('behind one trusted proxy (TRUST_PROXY=1) in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ...production, TRUST_PROXY: '1' } });
  });
  afterAll(async () => t?.close());

  it('counts get-sid calls by the address the proxy saw, whatever the client writes before it', async () => {
    const statuses = await statusesOfSpoofedCalls(t.app, randomAddress(), '203.0.113.50');
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('stores on the signed contract the address the proxy saw', async () => {
    expect(await contractIpOfPushThrough(t, '5533330001', '10.0.0.2', '198.51.100.7, 203.0.113.9')).toBe('203.0.113.9');
  });
});

describe('behind proxies named by address (TRUST_PROXY=10.0.0.0/8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { ...production, TRUST_PROXY: '10.0.0.0/8' } });
  });
  afterAll(async () => t?.close());

  it('takes the right-most address that is not a trusted proxy', async () => {
    expect(await contractIpOfPushThrough(t, '5533330002', '10.0.0.2', '198.51.100.7, 203.0.113.9, 10.4.0.1')).toBe('203.0.113.9');
  });
});

describe('without TRUST_PROXY in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: production });
  });
  afterAll(async () => t?.close());

  it('ignores X-Forwarded-For: the socket address is the client', async () => {
    const statuses = await statusesOfSpoofedCalls(t.app, randomAddress());
    expect(statuses[29]).toBe(200);
    expect(statuses[30]).toBe(429);
    expect(await contractIpOfPushThrough(t, '5533330003', '192.0.2.44', '198.51.100.7, 203.0.113.9')).toBe('192.0.2.44');
  });
});
