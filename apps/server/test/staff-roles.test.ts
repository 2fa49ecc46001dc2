import { ErrorCode, OPERATOR_BASE, OperatorCreditPath, OperatorPath, OperatorRoutes, orderSummarySchema, PrivacyOperatorPath, StaffPath } from '@lend/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { operatorAccess, OPERATOR_ROUTE_CATALOGUE, OPERATOR_ROUTE_ROLES, routeKey } from '../src/modules/staff';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from './helper';
import { signedInAdmin, signedInStaff, staffCall, testClock, type StaffSession } from './staff-helpers';

/**
 * Every route the app serves under the operator base, read from Fastify's own route tree (each
 * line a path relative to the line above it, indented four characters a level).
 */
function operatorRoutesOf(tree: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    if (!match[3] || !path.startsWith(`${OPERATOR_BASE}/`)) continue;
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.push(routeKey(method, path.slice(OPERATOR_BASE.length)));
  }
  return routes;
}

describe('the roles of every operator route (docs/decisions/161)', () => {
  let t: TestApp;
  const clock = testClock();
  let admin: StaffSession;
  let officer: StaffSession;
  let agent: StaffSession;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    admin = await signedInAdmin(t, clock);
    officer = await signedInStaff(t, clock, admin, 'officer@lender.example', 'credit-officer');
    agent = await signedInStaff(t, clock, admin, 'agent@lender.example', 'agent');
  });
  afterAll(async () => t?.close());

  it('names every operator route the app serves, and no route it does not', () => {
    const served = operatorRoutesOf(t.app.printRoutes({ commonPrefix: false }));
    expect(served.length).toBeGreaterThan(40);
    expect(served.filter((key) => !(key in OPERATOR_ROUTE_ROLES))).toEqual([]);
    expect(Object.keys(OPERATOR_ROUTE_ROLES).filter((key) => !served.includes(key))).toEqual([]);
  });

  it('has a catalogue entry for every operator route the app serves and the table names, and none for a route it does not serve', () => {
    const served = operatorRoutesOf(t.app.printRoutes({ commonPrefix: false }));
    const catalogued = Object.values(OperatorRoutes).map((route) => routeKey(route.method, route.path));
    expect(new Set(catalogued).size).toBe(catalogued.length);
    expect(served.filter((key) => !catalogued.includes(key))).toEqual([]);
    expect(catalogued.filter((key) => !served.includes(key))).toEqual([]);
    expect(Object.keys(OPERATOR_ROUTE_ROLES).filter((key) => !OPERATOR_ROUTE_CATALOGUE.has(key))).toEqual([]);
    expect([...OPERATOR_ROUTE_CATALOGUE.keys()].filter((key) => !(key in OPERATOR_ROUTE_ROLES))).toEqual([]);
  });

  /** Registers routes in an operator scope guarded as the app's is; answers how starting ended. */
  const startWith = async (routes: (scope: ReturnType<typeof Fastify>) => void) => {
    const app = Fastify();
    const access = operatorAccess(t.database.db, { secretKey: loadConfig({ NODE_ENV: 'test' }).staffSecretKey, secureCookie: false, now: clock.now }, TEST_OPERATOR_TOKEN);
    try {
      await app.register(
        async (scope) => {
          scope.addHook('onRoute', access.onRoute);
          routes(scope);
        },
        { prefix: OPERATOR_BASE },
      );
      await app.ready();
      return 'started';
    } catch (error) {
      return (error as Error).message;
    } finally {
      await app.close();
    }
  };
  // Schemas are only compared, never compiled: each route below is refused before any would be.
  const schemaOf = (route: { params?: unknown; query?: unknown; body?: unknown; data: unknown }) => ({
    ...(route.params ? { params: route.params } : {}),
    ...(route.query ? { querystring: route.query } : {}),
    ...(route.body ? { body: route.body } : {}),
    response: { 200: { shape: { data: route.data } } },
  });

  it('refuses to start with an operator route the table does not name', async () => {
    expect(await startWith((scope) => scope.post('/unlisted', async () => 'ok'))).toMatch(/operator route POST \/unlisted has no entry in the route table/);
  });

  it('refuses to start with an operator route whose schemas are not the very ones of its catalogue entry', async () => {
    const { orderApprove } = OperatorRoutes;
    const lookalike = orderApprove.body.extend({});
    expect(await startWith((scope) => scope.post(orderApprove.path, { schema: schemaOf({ ...orderApprove, body: lookalike }) }, async () => 'ok'))).toMatch(
      /operator route POST \/orders\/approve registers other schemas than its catalogue entry \(body\)/,
    );
    expect(await startWith((scope) => scope.post(orderApprove.path, async () => 'ok'))).toMatch(/\(body, answer\)/);
    // The same schemas pass this check (the next one, compiling them, needs the app's zod compilers).
    expect(await startWith((scope) => scope.post(orderApprove.path, { schema: schemaOf(orderApprove) }, async () => 'ok'))).not.toMatch(/catalogue/);
    expect(orderApprove.data).toBe(orderSummarySchema);
  });

  const refused = { status: 403, code: ErrorCode.StaffRoleRefused, message: 'Your role does not allow this action.', data: null };
  const allowed = (answer: { status: number; code: number }) => expect(answer).toMatchObject({ status: 200, code: 0 });

  it('lets an agent handle complaints, contact messages and privacy requests, nothing of money or accounts', async () => {
    allowed(await staffCall(t, agent, 'GET', OperatorPath.complaints));
    allowed(await staffCall(t, agent, 'GET', OperatorPath.contactMessages));
    allowed(await staffCall(t, agent, 'GET', PrivacyOperatorPath.requests));
    expect(await staffCall(t, agent, 'GET', OperatorPath.orders)).toMatchObject(refused);
    expect(await staffCall(t, agent, 'POST', OperatorPath.orderApprove, { orderNo: 'X1' })).toMatchObject(refused);
    expect(await staffCall(t, agent, 'POST', OperatorPath.refunds, { orderNo: 'X1', recordedBy: 'me' })).toMatchObject(refused);
    expect(await staffCall(t, agent, 'GET', OperatorCreditPath.referrals)).toMatchObject(refused);
    expect(await staffCall(t, agent, 'GET', StaffPath.accounts)).toMatchObject(refused);
    expect(await staffCall(t, agent, 'GET', StaffPath.audit)).toMatchObject(refused);
  });

  it('lets a credit officer handle referrals, orders, payments, reconciliation and settlement, not products or accounts', async () => {
    allowed(await staffCall(t, officer, 'GET', OperatorCreditPath.referrals));
    allowed(await staffCall(t, officer, 'GET', OperatorPath.orders));
    allowed(await staffCall(t, officer, 'GET', OperatorPath.payments));
    allowed(await staffCall(t, officer, 'GET', OperatorPath.refunds));
    allowed(await staffCall(t, officer, 'GET', OperatorPath.settlementReports));
    allowed(await staffCall(t, officer, 'GET', OperatorPath.products));
    expect(await staffCall(t, officer, 'GET', OperatorPath.complaints)).toMatchObject(refused);
    expect(await staffCall(t, officer, 'POST', OperatorPath.offerSet, {})).toMatchObject(refused);
    expect(await staffCall(t, officer, 'PUT', `${OperatorPath.complaintTypes}/9`, {})).toMatchObject(refused);
    expect(await staffCall(t, officer, 'GET', OperatorPath.promoTemplates)).toMatchObject(refused);
    expect(await staffCall(t, officer, 'POST', StaffPath.accounts, { email: 'x@lender.example', name: 'X', role: 'admin' })).toMatchObject(refused);
  });

  it('lets an administrator do everything', async () => {
    for (const path of [OperatorPath.complaints, OperatorPath.orders, OperatorPath.promoTemplates, OperatorPath.smsOutbox, StaffPath.accounts, StaffPath.audit, OperatorCreditPath.referrals]) {
      allowed(await staffCall(t, admin, 'GET', path));
    }
  });

  it('lets the operator token do what the command line does, but not manage staff or read the audit log', async () => {
    const asToken = (method: 'GET' | 'POST', path: string, payload?: Record<string, unknown>) =>
      t.app.inject({ method, url: `${OPERATOR_BASE}${path}`, headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` }, ...(payload ? { payload } : {}) });
    for (const path of [OperatorPath.orders, OperatorPath.complaints, OperatorPath.promoTemplates, OperatorCreditPath.referrals]) expect((await asToken('GET', path)).statusCode).toBe(200);
    for (const path of [StaffPath.accounts, StaffPath.audit, StaffPath.me]) expect((await asToken('GET', path)).json()).toMatchObject({ code: ErrorCode.StaffRoleRefused });
    expect((await asToken('POST', StaffPath.accounts, { email: 'x@lender.example', name: 'X', role: 'admin' })).statusCode).toBe(403);
    // A wrong token is not a staff session either.
    const wrong = await t.app.inject({ method: 'GET', url: `${OPERATOR_BASE}${OperatorPath.orders}`, headers: { authorization: 'Bearer wrong' } });
    expect(wrong.json()).toMatchObject({ code: ErrorCode.OperatorUnauthorized });
  });

  it('a role change takes effect at once: the sessions end and the next sign-in has the new role', async () => {
    const { data } = await staffCall<{ items: { staffId: number; email: string }[] }>(t, admin, 'GET', StaffPath.accounts);
    const agentId = data.items.find((item) => item.email === 'agent@lender.example')?.staffId ?? 0;
    expect((await staffCall(t, admin, 'POST', StaffPath.accountRole.replace(':staffId', String(agentId)), { role: 'credit-officer' })).data).toMatchObject({ role: 'credit-officer' });
    expect((await staffCall(t, agent, 'GET', OperatorPath.complaints)).code).toBe(ErrorCode.StaffSessionRequired);
  });
});
