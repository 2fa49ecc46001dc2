import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';

const PROXY = '10.20.0.7';

/** The /healthz answer's request id and the ids of the log lines the request wrote. */
async function idsOf(t: TestApp, socket: string, given?: string) {
  const before = t.logs().length;
  const response = await t.app.inject({ method: 'GET', url: '/healthz', remoteAddress: socket, headers: given === undefined ? {} : { 'x-request-id': given } });
  const lines = t.logs().slice(before).split('\n').filter((line) => line !== '');
  const logged = lines.map((line) => (JSON.parse(line) as { reqId?: string }).reqId);
  return { answered: response.headers['x-request-id'], logged };
}

describe('request ids behind a trusted proxy (TRUST_PROXY=10.20.0.0/16)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '10.20.0.0/16' } });
  });
  afterAll(async () => t?.close());

  it("keeps the balancer's id: echoed in the answer and on every log line of the request", async () => {
    const { answered, logged } = await idsOf(t, PROXY, 'lb-7f3a.9c_e2-41');
    expect(answered).toBe('lb-7f3a.9c_e2-41');
    expect(logged.length).toBeGreaterThanOrEqual(2);
    expect(new Set(logged)).toEqual(new Set(['lb-7f3a.9c_e2-41']));
  });

  it('also through an IPv4 peer written as IPv6', async () => {
    expect((await idsOf(t, `::ffff:${PROXY}`, 'balancer-id-0001')).answered).toBe('balancer-id-0001');
  });

  it('replaces an id from a peer that is not a trusted proxy', async () => {
    const { answered, logged } = await idsOf(t, '203.0.113.9', 'client-chosen-id');
    expect(answered).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(answered).not.toBe('client-chosen-id');
    expect(new Set(logged)).toEqual(new Set([answered]));
  });

  it('replaces a malformed id even from the proxy: too short, too long, or with other characters', async () => {
    for (const given of ['short', 'x'.repeat(65), 'has spaces in it', 'line\\nbreak-abc', 'quote"d-0123456', 'ümlaut-0123456']) {
      const { answered, logged } = await idsOf(t, PROXY, given);
      expect(answered).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(new Set(logged)).toEqual(new Set([answered]));
    }
  });

  it('gives every request its own id when none is sent', async () => {
    const first = await idsOf(t, PROXY);
    const second = await idsOf(t, PROXY);
    expect(first.answered).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.answered).not.toBe(first.answered);
  });
});

describe('request ids without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('never takes the header, from any peer', async () => {
    for (const socket of ['127.0.0.1', PROXY]) {
      const { answered } = await idsOf(t, socket, 'balancer-id-0002');
      expect(answered).toMatch(/^[A-Za-z0-9_-]{22}$/);
    }
  });
});
