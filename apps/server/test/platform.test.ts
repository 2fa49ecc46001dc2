import { ErrorCode, errorMessage } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';

describe('platform behaviour', () => {
  let t: TestApp;
  let session: BorrowerSession;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    session = await openSession(t.app, '5512345678');
  });
  afterAll(async () => t?.close());

  it('sends security headers, with no referrer so the address never leaks the session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeDefined();
    // A JSON answer: nothing may load or frame it, and the document-only headers are left off (docs/decisions/229).
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('refuses a file sent to a call that takes none as an unsupported type, in the caller\'s language', async () => {
    const boundary = 'x-boundary';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="orderId"\r\n\r\n1\r\n--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: `/machine/v3/loan-details/loan-details?${sessionQuery(session, { language: '2' })}`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: ErrorCode.UnsupportedMediaType, data: null });
    expect(response.json().message).toBe(errorMessage(ErrorCode.UnsupportedMediaType, 'es'));
  });

  it('sends a page and a JSON refusal of an unknown call the headers of their kind', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/no-such-page' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    const refused = await t.app.inject({ method: 'POST', url: `/machine/v3/loan-details/loan-details?${sessionQuery(session)}`, payload: { orderId: 'nope' } });
    expect(refused.headers['content-type']).toContain('application/json');
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('never writes a session id to the log', async () => {
    await t.app.inject({
      method: 'POST',
      url: `/machine/user-problem/get-whatsapp?${sessionQuery(session)}`,
      payload: { overall: 30 },
    });
    expect(t.logs()).toContain('get-whatsapp');
    expect(t.logs()).not.toContain(session.sessionId);
    expect(t.logs()).toContain('sessionId=[REDACTED]');
  });

  it('refuses bodies over the size limit', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/machine/user-problem/get-whatsapp?${sessionQuery(session)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `overall=30&pad=${'x'.repeat(70 * 1024)}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe(ErrorCode.PayloadTooLarge);
  });

  it('refuses an unsupported content type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/machine/user-problem/get-whatsapp?${sessionQuery(session)}`,
      headers: { 'content-type': 'text/csv' },
      payload: 'overall,30',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe(ErrorCode.UnsupportedMediaType);
  });

  it('serves the OpenAPI description generated from the schemas in development', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(spec.paths)).toContain('/machine/user-problem/get-whatsapp');
    expect(JSON.stringify(spec.paths['/machine/user-problem/get-whatsapp'])).toContain('overall');
  });

  it('gives the developer preview the demo borrower with a working session', async () => {
    const defaults = (await t.app.inject({ method: 'GET', url: '/api/dev/preview-defaults' })).json();
    expect(defaults.orderId).not.toBe('');
    const response = await t.app.inject({
      method: 'POST',
      url: `/machine/user-problem/get-whatsapp?${sessionQuery(defaults)}`,
      payload: { overall: 30 },
    });
    expect(response.json().code).toBe(0);
  });
});

describe('production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { NODE_ENV: 'production', DATABASE_URL: 'postgres://unused/db', OPERATOR_TOKEN: 'p'.repeat(40), STAFF_SECRET_KEY: 'a'.repeat(64) },
    });
  });
  afterAll(async () => t?.close());

  it('has no developer preview and no API documentation', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dev/preview-defaults' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(404);
  });
});
