import { ErrorCode, Limits, OPERATOR_BASE, OperatorPath, SITE_API_BASE, SitePath, type ContactMessage } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from './helper';

const contactUrl = `${SITE_API_BASE}${SitePath.contactMessages}`;
const complete = { fullName: 'María Pérez', email: 'maria@example.com', phone: '+52 55 1234 5678', message: 'I would like to know more.' };

async function storedMessages(t: TestApp): Promise<ContactMessage[]> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${OPERATOR_BASE}${OperatorPath.contactMessages}?limit=${Limits.pageSizeMax}`,
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ data: { items: ContactMessage[] } }>().data.items;
}

describe('GET /api/site/company-facts', () => {
  it('answers the configured facts without a session', async () => {
    const t = await createTestApp({ seed: true });
    try {
      const response = await t.app.inject({ method: 'GET', url: `${SITE_API_BASE}${SitePath.companyFacts}` });
      expect(response.statusCode).toBe(200);
      const body = response.json<{ code: number; data: Record<string, string> }>();
      expect(body.code).toBe(0);
      expect(Object.keys(body.data).sort()).toEqual([
        'address',
        'cin',
        'complaintsAddress',
        'complaintsEmail',
        'complaintsOfficer',
        'complaintsPhone',
        'email',
        'name',
        'nbfcNumber',
        'phone',
        'site',
      ]);
      expect(body.data.email).toContain('@');
      expect(body.data.name).toContain('demo');
    } finally {
      await t.close();
    }
  });

  it('answers service unavailable, not invented facts, when none are configured', async () => {
    const t = await createTestApp();
    try {
      const response = await t.app.inject({ method: 'GET', url: `${SITE_API_BASE}${SitePath.companyFacts}?language=1` });
      expect(response.statusCode).toBe(503);
      expect(response.json().code).toBe(ErrorCode.ServiceUnavailable);
    } finally {
      await t.close();
    }
  });
});

describe('POST /api/site/contact-messages', () => {
  let t: TestApp;
  let ip = 0;
  // Each case comes from its own address so the per-address limit stays out of the way.
  const post = (payload: unknown, query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${contactUrl}${query}`, payload: payload as string, headers, remoteAddress: `10.0.0.${++ip}` });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('stores a complete message, trimmed, with the visitor language, and lists it for operators', async () => {
    const response = await post({ ...complete, fullName: '  María Pérez  ' }, '?language=1');
    expect(response.statusCode).toBe(200);
    const body = response.json<{ code: number; message: string; data: { id: number; receivedAt: string } }>();
    expect(body.code).toBe(0);
    expect(body.message).toBe('Success');
    const [stored] = await storedMessages(t);
    expect(stored).toMatchObject({ ...complete, id: body.data.id, language: 'en', receivedAt: body.data.receivedAt });
  });

  it('accepts the form encoding too and answers in Spanish by default', async () => {
    const form = new URLSearchParams({ ...complete, message: 'Hola' }).toString();
    const response = await post(form, '', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(response.json()).toMatchObject({ code: 0, message: 'Éxito' });
    expect((await storedMessages(t))[0]).toMatchObject({ message: 'Hola', language: 'es' });
  });

  const refusals: { name: string; payload: Record<string, unknown>; code: number; en: string }[] = [
    { name: 'a missing field', payload: { ...complete, phone: undefined }, code: ErrorCode.ContactIncomplete, en: 'Please provide complete information!' },
    { name: 'a blank field', payload: { ...complete, fullName: '   ' }, code: ErrorCode.ContactIncomplete, en: 'Please provide complete information!' },
    { name: 'a field that is not text', payload: { ...complete, message: 42 }, code: ErrorCode.ContactIncomplete, en: 'Please provide complete information!' },
    { name: 'an e-mail that is not one', payload: { ...complete, email: 'maria@' }, code: ErrorCode.ContactEmailInvalid, en: 'Please enter a valid e-mail address.' },
    {
      name: 'a phone with letters',
      payload: { ...complete, phone: '55-CALL-NOW' },
      code: ErrorCode.ContactPhoneInvalid,
      en: 'Please enter a valid phone number (8 to 15 digits).',
    },
    { name: 'a phone too short', payload: { ...complete, phone: '1234567' }, code: ErrorCode.ContactPhoneInvalid, en: 'Please enter a valid phone number (8 to 15 digits).' },
    {
      name: 'a name over the limit',
      payload: { ...complete, fullName: 'a'.repeat(Limits.contactNameMax + 1) },
      code: ErrorCode.ContactNameTooLong,
      en: `The name can have at most ${Limits.contactNameMax} characters.`,
    },
    {
      name: 'a message over the limit',
      payload: { ...complete, message: 'x'.repeat(Limits.contactMessageMax + 1) },
      code: ErrorCode.ContactMessageTooLong,
      en: `The message can have at most ${Limits.contactMessageMax} characters.`,
    },
  ];

  it.each(refusals)('refuses $name with its own message and stores nothing', async ({ payload, code, en }) => {
    const before = (await storedMessages(t)).length;
    const response = await post(payload, '?language=1');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code, message: en, data: null });
    expect(await storedMessages(t)).toHaveLength(before);
  });

  it('refuses in Spanish when the visitor reads Spanish', async () => {
    const response = await post({ ...complete, email: '' }, '?language=2');
    expect(response.json().message).toBe('¡Por favor, proporcione la información completa!');
  });

  it('lists messages for operators only', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${OPERATOR_BASE}${OperatorPath.contactMessages}` });
    expect(response.statusCode).toBe(401);
  });

  it('counts characters, not bytes: a message of exactly the limit in accented letters is kept', async () => {
    const response = await post({ ...complete, message: 'ñ'.repeat(Limits.contactMessageMax) });
    expect(response.json().code).toBe(0);
  });
});

describe('contact form flood from one address', () => {
  it('refuses submissions past the hourly limit, stores none of them, and leaves other addresses alone', async () => {
    const t = await createTestApp();
    try {
      const from = (remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: `${contactUrl}?language=1`, payload: complete, remoteAddress });
      for (let i = 0; i < Limits.contactPerIpPerHour; i += 1) expect((await from('192.0.2.7')).json().code).toBe(0);
      const over = await from('192.0.2.7');
      expect(over.statusCode).toBe(429);
      expect(over.json()).toEqual({ code: ErrorCode.TooManyRequests, message: 'Too many requests. Please try again later.', data: null });
      expect((await from('192.0.2.8')).json().code).toBe(0);
      expect(await storedMessages(t)).toHaveLength(Limits.contactPerIpPerHour + 1);
    } finally {
      await t.close();
    }
  });
});

describe('POST /api/site/contact-form (the form posted without script, docs/decisions/151)', () => {
  let t: TestApp;
  let ip = 0;
  const formUrl = `${SITE_API_BASE}${SitePath.contactForm}`;
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  // As a browser posts it from the site's own page: form-encoded, with the page's Origin.
  const postForm = (body: string, query = '', origin = 'https://lender.example', remoteAddress = `10.1.0.${++ip}`) =>
    t.app.inject({
      method: 'POST',
      url: `${formUrl}${query}`,
      payload: body,
      headers: { host: 'lender.example', origin, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress,
    });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('stores the message and sends the visitor back to the contact page, saying it was sent, in the page language', async () => {
    const response = await postForm(form({ ...complete, fullName: 'Form Sender' }), '?language=1');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/Contact?language=1&contact=sent');
    const stored = (await storedMessages(t)).find((m) => m.fullName === 'Form Sender');
    expect(stored).toMatchObject({ email: complete.email, phone: complete.phone, message: complete.message, language: 'en' });

    const spanish = await postForm(form({ ...complete, fullName: 'Remitente' }), '?language=2');
    expect(spanish.headers.location).toBe('/Contact?contact=sent');
  });

  it('stores nothing for a refused form and names the refusal in the flag, never a field', async () => {
    const before = (await storedMessages(t)).length;
    const badEmail = await postForm(form({ ...complete, fullName: 'Nobody Stored', email: 'not-an-email' }), '?language=1');
    expect(badEmail.statusCode).toBe(303);
    expect(badEmail.headers.location).toBe(`/Contact?language=1&contact=${ErrorCode.ContactEmailInvalid}`);
    expect(String(badEmail.headers.location)).not.toContain('not-an-email');
    const empty = await postForm(form({ fullName: '', email: '', phone: '', message: '' }));
    expect(empty.headers.location).toBe(`/Contact?contact=${ErrorCode.ContactIncomplete}`);
    const tooLong = await postForm(form({ ...complete, message: 'x'.repeat(Limits.contactMessageMax + 1) }));
    expect(tooLong.headers.location).toBe(`/Contact?contact=${ErrorCode.ContactMessageTooLong}`);
    expect(await storedMessages(t)).toHaveLength(before);
  });

  it("refuses a form posted from another site's page, and lets one through with no Origin", async () => {
    const before = (await storedMessages(t)).length;
    const foreign = await postForm(form(complete), '?language=1', 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe(ErrorCode.ForeignOrigin);
    expect(await storedMessages(t)).toHaveLength(before);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: formUrl,
      payload: form(complete),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: '10.1.1.1',
    });
    expect(noOrigin.headers.location).toBe('/Contact?contact=sent');
    // The site's no-referrer policy makes a browser post its own page's form with `Origin: null`:
    // the browser's Sec-Fetch-Site, which no page can set, tells our own page from another.
    const post = (site: string) =>
      t.app.inject({
        method: 'POST',
        url: formUrl,
        payload: form({ ...complete, fullName: `From ${site}` }),
        headers: { origin: 'null', 'sec-fetch-site': site, 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '10.1.1.2',
      });
    expect((await post('same-origin')).headers.location).toBe('/Contact?contact=sent');
    expect((await post('cross-site')).statusCode).toBe(403);
    expect((await storedMessages(t)).map((m) => m.fullName)).not.toContain('From cross-site');
  });

  it('shares the hourly count with the JSON form: past it the page says so and nothing is stored', async () => {
    const address = '192.0.2.20';
    for (let i = 0; i < Limits.contactPerIpPerHour - 1; i += 1) {
      const json = await t.app.inject({ method: 'POST', url: `${contactUrl}?language=1`, payload: complete, remoteAddress: address });
      expect(json.json().code).toBe(0);
    }
    expect((await postForm(form(complete), '?language=1', 'https://lender.example', address)).headers.location).toBe('/Contact?language=1&contact=sent');
    const before = (await storedMessages(t)).length;
    const over = await postForm(form(complete), '?language=1', 'https://lender.example', address);
    expect(over.statusCode).toBe(303);
    expect(over.headers.location).toBe(`/Contact?language=1&contact=${ErrorCode.ContactTooManyMessages}`);
    const overJson = await t.app.inject({ method: 'POST', url: `${contactUrl}?language=1`, payload: complete, remoteAddress: address });
    expect(overJson.statusCode).toBe(429);
    expect(await storedMessages(t)).toHaveLength(before);
  });
});
