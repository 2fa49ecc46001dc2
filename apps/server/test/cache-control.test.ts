import { isApiPath, OPERATOR_BASE, OperatorPath } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BORROWER } from '../src/seed/demo-data';
import { complaintCalls } from './complaint-helpers';
import { registeredRoutes } from './route-table';
import { createTestApp, openSession, sessionQuery, TEST_OPERATOR_TOKEN, type BorrowerSession, type TestApp } from './helper';

describe('API answers are never stored by a browser or proxy', () => {
  let t: TestApp;
  let ana: BorrowerSession;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    ana = await openSession(t.app, DEMO_BORROWER.phone);
  });
  afterAll(async () => t?.close());

  it('every /machine, /api and /operator route answers no-store, errors included', async () => {
    const routes = registeredRoutes(t.app).filter((route) => isApiPath(route.path));
    expect(routes.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const route of routes) {
      const url = route.path.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
      for (const method of route.methods) {
        for (const headers of [{}, { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` }]) {
          const response = await t.app.inject({ method: method as 'GET', url, headers });
          answers.push(`${method} ${url} ${response.statusCode}: ${String(response.headers['cache-control'])}`);
        }
      }
    }
    // Unknown addresses under the API prefixes, and refusals of the rate limits, too.
    for (const url of ['/machine/nothing-here', '/api/nothing-here', '/operator/v1/nothing-here']) {
      const response = await t.app.inject({ method: 'GET', url });
      answers.push(`GET ${url} ${response.statusCode}: ${String(response.headers['cache-control'])}`);
    }
    expect(answers.filter((answer) => !answer.endsWith(': no-store'))).toEqual([]);
  });

  it('answers no-store on every API route however its address is percent-encoded', async () => {
    // A letter written as %XX reaches the same route: the decision must follow the route, not the raw address.
    const encodeAt = (path: string, segment: number) =>
      path
        .split('/')
        .map((part, i) => (i === segment && /^[A-Za-z]/.test(part) ? `%${part.charCodeAt(0).toString(16)}${part.slice(1)}` : part))
        .join('/');
    const routes = registeredRoutes(t.app).filter((route) => isApiPath(route.path));
    const answers: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
      const last = path.split('/').length - 1;
      // A borrower of its own and a fresh session for each route: the sweep signs out and asks
      // for account deletion on the way, and every other route must still reach its handler.
      const sweeper = await openSession(t.app, '+525500012345');
      for (const url of [path, encodeAt(path, 1), encodeAt(path, last)]) {
        for (const method of route.methods) {
          const response = await t.app.inject({ method: method as 'GET', url: `${url}?${sessionQuery(sweeper)}` });
          answers.push(`${method} ${url} ${response.statusCode}: ${String(response.headers['cache-control'])}`);
        }
      }
    }
    expect(answers.some((answer) => answer.includes('/%6dachine/'))).toBe(true);
    expect(answers.filter((answer) => !answer.endsWith(': no-store'))).toEqual([]);
  });

  it('a rate-limited answer is no-store', async () => {
    let last = await t.app.inject({ method: 'GET', url: '/api/v2/youmi/promotion/get-sid' });
    for (let i = 0; i < 200 && last.statusCode !== 429; i += 1) {
      last = await t.app.inject({ method: 'GET', url: '/api/v2/youmi/promotion/get-sid' });
    }
    expect(last.statusCode).toBe(429);
    expect(last.headers['cache-control']).toBe('no-store');
  });

  it("a borrower's complaint image is no-store, to the borrower and to the operator", async () => {
    const url = await complaintCalls(() => t).uploadUrl(ana);
    const image = await t.app.inject({ method: 'GET', url: `${url}?${sessionQuery(ana)}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect(image.headers['cache-control']).toBe('no-store');
    const name = url.split('/').pop() ?? '';
    const operatorImage = await t.app.inject({
      method: 'GET',
      url: `${OPERATOR_BASE}${OperatorPath.complaintImages}/${name}`,
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    });
    expect(operatorImage.statusCode).toBe(200);
    expect(operatorImage.headers['cache-control']).toBe('no-store');
  });

  it('static files keep their own caching', async () => {
    const media = await t.app.inject({ method: 'GET', url: '/media/product-logos/pesoflex.svg' });
    expect(media.statusCode).toBe(200);
    expect(media.headers['cache-control']).toBe('public, max-age=86400');
  });
});
