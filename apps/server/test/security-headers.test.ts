import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_HEADER_OPTIONS } from '../src/app';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';

/** The headers @fastify/helmet sends with the app's settings, on a route of its own. */
async function helmetPluginHeaders(): Promise<Record<string, unknown>> {
  const reference = Fastify();
  await reference.register(fastifyHelmet, SECURITY_HEADER_OPTIONS);
  reference.get('/', async () => ({}));
  const response = await reference.inject({ method: 'GET', url: '/' });
  await reference.close();
  const notSecurity = new Set(['content-type', 'content-length', 'date', 'connection']);
  return Object.fromEntries(Object.entries(response.headers).filter(([name]) => !notSecurity.has(name)));
}

describe('security headers', () => {
  let t: TestApp;
  let session: BorrowerSession;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    session = await openSession(t.app, '5512345678');
  });
  afterAll(async () => t?.close());

  it('are the very headers helmet sends on pages, files and missing routes', async () => {
    const expected = await helmetPluginHeaders();
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    const answers = await Promise.all([t.app.inject({ method: 'GET', url: '/no/such/api/route' }), t.app.inject({ method: 'GET', url: '/no-such-page' })]);
    for (const answer of answers) {
      for (const [name, value] of Object.entries(expected)) expect([answer.statusCode, name, answer.headers[name]]).toEqual([answer.statusCode, name, value]);
    }
  });

  it('are the JSON set on the answers and refusals of routes that answer JSON (docs/decisions/229)', async () => {
    const helmets = await helmetPluginHeaders();
    const json: Record<string, unknown> = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
      'strict-transport-security': helmets['strict-transport-security'],
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cross-origin-resource-policy': 'same-origin',
    };
    const answers = await Promise.all([
      t.app.inject({ method: 'GET', url: '/healthz' }),
      t.app.inject({ method: 'POST', url: `/machine/user-problem/get-whatsapp?${sessionQuery(session)}`, payload: { overall: 30 } }),
      t.app.inject({ method: 'POST', url: '/machine/user-problem/get-whatsapp?userId=1&sessionId=nope', payload: {} }),
    ]);
    for (const answer of answers) {
      const security = Object.fromEntries(Object.keys(helmets).map((name) => [name, answer.headers[name]]).filter(([, value]) => value !== undefined));
      expect([answer.statusCode, security]).toEqual([answer.statusCode, Object.fromEntries(Object.keys(helmets).filter((name) => name in json).map((name) => [name, json[name]]))]);
    }
  });
});
