import { OPERATOR_BASE, OperatorPath } from '@lend/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openSession, sessionQuery, TEST_OPERATOR_TOKEN, type TestApp } from './helper';
import { findLeaks } from './log-leaks';
import { newVisitor, randomPhone, requestSms, solveCaptcha } from './promotion-helpers';

type LogLine = { msg?: string; err?: Record<string, unknown>; req?: { url?: string } };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const logLines = (): LogLine[] =>
  t
    .logs()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as LogLine);

/** Runs `during` with a table renamed away, so every query on it fails. */
async function withTableMissing(table: string, during: () => Promise<void>) {
  await t.database.db.execute(sql.raw(`ALTER TABLE ${table} RENAME TO ${table}_away`));
  try {
    await during();
  } finally {
    await t.database.db.execute(sql.raw(`ALTER TABLE ${table}_away RENAME TO ${table}`));
  }
}

describe('the log', () => {
  it("keeps a borrower call's harmless query values and hides the phone and session", async () => {
    const session = await openSession(t.app, '5512345678');
    await t.app.inject({
      method: 'POST',
      url: `/machine/user-problem/get-whatsapp?${sessionQuery(session, { mobilePhone: '5512345678', deviceId: 'dev-77', language: 'es' })}`,
      payload: { overall: 30 },
    });
    const urls = logLines().flatMap((line) => line.req?.url ?? []);
    expect(urls).toContain(`/machine/user-problem/get-whatsapp?userId=${session.userId}&sessionId=[REDACTED]&mobilePhone=[REDACTED]&deviceId=[REDACTED]&language=es`);
    expect(t.logs()).not.toContain('5512345678');
  });

  it("hides the promotion click's phone", async () => {
    await t.app.inject({ method: 'GET', url: '/api/v2/youmi/promotion/track-click?page_id=1&utm_tag=spring&phone=5598765432' });
    expect(t.logs()).toContain('utm_tag=spring&phone=[REDACTED]');
    expect(t.logs()).not.toContain('5598765432');
  });

  it('logs a failed query without the phone in its parameters', async () => {
    await withTableMissing('borrowers', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `${OPERATOR_BASE}${OperatorPath.createSession}`,
        headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
        payload: { phone: '5587654321', name: 'Rosa Díaz' },
      });
      expect(response.statusCode).toBe(500);
    });
    const failure = logLines().find((line) => line.msg === 'request failed');
    expect(failure?.err).toMatchObject({ type: 'DatabaseError', code: '42P01' });
    expect(String(failure?.err?.query)).toContain('"borrowers"');
    expect(JSON.stringify(failure)).not.toMatch(/5587654321|Rosa|params/);
  });

  it('logs an SMS that could not be stored without the phone or the code', async () => {
    const visitor = await newVisitor(t.app);
    const capcode = await solveCaptcha(t.app, visitor);
    const phone = randomPhone();
    await withTableMissing('sms_outbox', async () => {
      expect((await requestSms(t.app, visitor, phone, capcode)).code).toBe('5003');
    });
    const failure = logLines().find((line) => line.msg === 'sms not delivered');
    expect(failure?.err).toMatchObject({ type: 'DatabaseError', code: '42P01' });
    const text = JSON.stringify(failure);
    expect(text).not.toContain(phone);
    // The code is six digits; nothing in the line may be.
    expect(text).not.toMatch(/(?<!\d)\d{6}(?!\d)/);
  });
});

describe('the leak scan', () => {
  it('finds phones, card numbers, secrets the app handed out and unredacted session ids', () => {
    const line = (msg: string) => `{"level":30,"time":1763859000000,"pid":123456,"msg":"${msg}"}`;
    const scan = { secrets: ['Xy7q', 's3ss10n-id-handed-out'], allowedIds: ['LN26112338794376'] };
    expect(findLeaks(line('order LN26112338794376 approved'), scan)).toEqual([]);
    expect(findLeaks(line('the request took long'), scan)).toEqual([]);
    expect(findLeaks(line('call 5512345678'), scan)).toHaveLength(1);
    expect(findLeaks(line('card 4111 1111 1111 1111'), scan)).toHaveLength(1);
    expect(findLeaks(line('captcha Xy7q'), scan)).toHaveLength(1);
    expect(findLeaks(line('/p?sid=abc'), scan)).toHaveLength(1);
    expect(findLeaks(line('/p?sessionId=[REDACTED]'), scan)).toEqual([]);
  });
});
