import { ErrorCode } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';

const path = '/machine/user-problem/get-whatsapp';

describe('POST /machine/user-problem/get-whatsapp', () => {
  let t: TestApp;
  let session: BorrowerSession;

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    session = await openSession(t.app, '5512345678');
  });
  afterAll(async () => t?.close());

  it('answers the customer-service contacts from the database (form body)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${path}?${sessionQuery(session)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'overall=30',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      message: '',
      data: { phone: '+52 55 0000 0001', va: '+52 55 0000 0002', email: 'ayuda@demo-lending.example' },
    });
  });

  it('accepts a JSON body too', async () => {
    const response = await t.app.inject({ method: 'POST', url: `${path}?${sessionQuery(session)}`, payload: { overall: 30 } });
    expect(response.json().code).toBe(0);
  });

  it('names the field when overall is wrong, in the borrower language', async () => {
    const es = await t.app.inject({
      method: 'POST',
      url: `${path}?${sessionQuery(session)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'overall=31',
    });
    expect(es.statusCode).toBe(400);
    expect(es.json()).toEqual({ code: ErrorCode.InvalidRequest, message: 'Valor no válido en «overall».', data: null });

    const en = await t.app.inject({
      method: 'POST',
      url: `${path}?${sessionQuery(session, { language: '1' })}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'nothing=here',
    });
    expect(en.json()).toEqual({ code: ErrorCode.InvalidRequest, message: 'Invalid value for "overall".', data: null });
  });

  it('refuses a malformed JSON body without touching anything', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${path}?${sessionQuery(session, { language: '1' })}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"overall":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(ErrorCode.InvalidRequest);
  });

  it('answers service unavailable, not canned data, when no contacts are configured', async () => {
    const empty = await createTestApp();
    try {
      const own = await openSession(empty.app, '5512340000');
      const response = await empty.app.inject({ method: 'POST', url: `${path}?${sessionQuery(own)}`, payload: { overall: 30 } });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe(ErrorCode.ServiceUnavailable);
    } finally {
      await empty.close();
    }
  });
});
