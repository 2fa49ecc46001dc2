import { AccountPath, CARD_REPAYMENT_BASE, CardRepaymentPath, ErrorCode, errorMessage, MACHINE_BASE, PrivacyPath } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagePreferencesOf } from '../src/modules/preferences';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ALLOWED_ORIGINS: 'https://app.lender.example, https://partner.example:8443' } });
});
afterAll(async () => t?.close());

/** Turns payment reminders off, as the privacy screen does, from a page at `origin` (none: no Origin header). */
async function switchOff(session: BorrowerSession, origin: string | undefined, language = '1') {
  const response = await t.app.inject({
    method: 'POST',
    url: `${MACHINE_BASE}${PrivacyPath.messagePreference}?${sessionQuery(session, { language })}`,
    headers: { host: 'api.lender.example', ...(origin === undefined ? {} : { origin }) },
    payload: { topic: 'paymentReminders', enabled: '0' },
  });
  return { status: response.statusCode, ...response.json<{ code: number; message: string; data: unknown }>() };
}

describe('state-changing borrower calls refuse pages of other sites', () => {
  it('refuses a foreign Origin with 403 in the borrower’s language, and changes nothing', async () => {
    const session = await openSession(t.app, '+525513188001');
    const english = await switchOff(session, 'https://evil.example');
    expect(english).toMatchObject({ status: 403, code: ErrorCode.ForeignOrigin, message: errorMessage(ErrorCode.ForeignOrigin, 'en'), data: null });
    const spanish = await switchOff(session, 'null', '2');
    expect(spanish).toMatchObject({ status: 403, code: ErrorCode.ForeignOrigin, message: errorMessage(ErrorCode.ForeignOrigin, 'es') });
    // A look-alike of the server's own name is foreign too.
    expect((await switchOff(session, 'https://api.lender.example.evil.example')).status).toBe(403);
    expect((await messagePreferencesOf(t.database.db, Number(session.userId))).paymentReminders).toBe(true);
  });

  it('lets through calls without Origin, from the server’s own site and from the configured origins', async () => {
    for (const origin of [undefined, 'https://api.lender.example', 'https://app.lender.example', 'https://partner.example:8443']) {
      const session = await openSession(t.app, '+525513188002');
      expect({ origin, code: (await switchOff(session, origin)).code }).toEqual({ origin, code: 0 });
    }
  });

  it('guards the sign-in calls too, so another site cannot send codes through a visitor’s browser', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${MACHINE_BASE}${AccountPath.sendCode}?language=1`,
      headers: { origin: 'https://evil.example' },
      payload: { phone: '5513188003', market: 'MX', deviceId: 'device-a' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: number }>().code).toBe(ErrorCode.ForeignOrigin);
  });

  it('guards card repayment, in its own envelope, before a listing is made', async () => {
    const session = await openSession(t.app, '+525513188004');
    const response = await t.app.inject({
      method: 'POST',
      url: `${CARD_REPAYMENT_BASE}${CardRepaymentPath.way}?${sessionQuery(session, { language: '2', orderId: 'LN0' })}`,
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ code: string; message: string }>()).toMatchObject({ code: String(ErrorCode.ForeignOrigin), message: errorMessage(ErrorCode.ForeignOrigin, 'es') });
  });
});
