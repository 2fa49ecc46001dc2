import {
  ErrorCode,
  ERROR_MESSAGES,
  IN_PRIVACY_REQUEST_KINDS,
  LoanStatus,
  MACHINE_BASE,
  MachinePath,
  MX_PRIVACY_REQUEST_KINDS,
  OperatorPath,
  PrivacyOperatorPath,
  PrivacyPath,
  type ArcoRequest,
  type MessagePreferences,
  type OperatorArcoRequest,
} from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandContext } from '../src/cli/commands';
import { PRIVACY_COMMANDS } from '../src/cli/privacy-commands';
import { messagePreferenceHistory } from '../src/modules/preferences';
import { createOrder } from './factories';
import { createTestApp, openSession, sessionQuery, type BorrowerSession, type TestApp, operatorCommandLine } from './helper';
import { callBorrower, callOperatorApi, operatorStep, productByCode, pushOffer } from './loan-helpers';
import { myDataOf, overviewOf, privacyCall, type Envelope } from './privacy-helpers';

type ArcoPage = { items: OperatorArcoRequest[]; nextCursor: string | null };

let t: TestApp;
let context: CommandContext & { printed: string[] };

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  context = await operatorCommandLine(t);
});
afterAll(async () => t?.close());

async function cli(words: string[], options: Record<string, string[]> = {}): Promise<unknown> {
  const command = PRIVACY_COMMANDS.find((c) => c.words.join(' ') === words.join(' '));
  if (!command) throw new Error(`no command ${words.join(' ')}`);
  context.printed.length = 0;
  await command.run(context, options, []);
  return JSON.parse(context.printed.at(-1) ?? 'null') as unknown;
}

/** Each kind refused to the borrower with the code given, in English and in Spanish as the call asks. */
async function expectKindsRefused(session: BorrowerSession, kinds: readonly string[], code: typeof ErrorCode.PrivacyKindNotOfMexico | typeof ErrorCode.PrivacyKindNotOfIndia) {
  for (const kind of kinds) {
    for (const [flag, language] of [['1', 'en'], ['2', 'es']] as const) {
      expect(await privacyCall(t.app, session, PrivacyPath.arcoRequest, { kind, description: 'Please act on my data now.' }, flag)).toMatchObject({
        status: 400,
        code,
        message: ERROR_MESSAGES[code][language],
        data: null,
      });
    }
  }
}

describe('privacy centre: consents', () => {
  it('shows the switches with their defaults and records each change the borrower makes', async () => {
    const session = await openSession(t.app, '5513100001');
    const first = await overviewOf(t.app, session);
    expect(first).toMatchObject({ code: 0, data: { preferences: { marketing: false, paymentReminders: true, accountNotices: true }, requests: [], openLoan: false, creditHeld: false } });

    const on = await privacyCall<MessagePreferences>(t.app, session, PrivacyPath.messagePreference, { topic: 'marketing', enabled: '1' });
    expect(on).toMatchObject({ code: 0, data: { marketing: true, paymentReminders: true, accountNotices: true } });
    const off = await privacyCall<MessagePreferences>(t.app, session, PrivacyPath.messagePreference, { topic: 'paymentReminders', enabled: false });
    expect(off.data).toEqual({ marketing: true, paymentReminders: false, accountNotices: true });
    // Setting a switch to what it is already records nothing.
    await privacyCall(t.app, session, PrivacyPath.messagePreference, { topic: 'marketing', enabled: 'true' });

    const history = await messagePreferenceHistory(t.database.db, Number(session.userId));
    expect(history.map(({ topic, enabled, source }) => ({ topic, enabled, source }))).toEqual([
      { topic: 'marketing', enabled: true, source: 'borrower' },
      { topic: 'paymentReminders', enabled: false, source: 'borrower' },
    ]);
    expect((await overviewOf(t.app, session)).data.preferences).toEqual(off.data);
    const data = await myDataOf(t.app, session);
    expect(data.data.messagePreferences.changes).toHaveLength(2);
  });

  it('refuses an unknown topic or switch value in the borrower language', async () => {
    const session = await openSession(t.app, '5513100002');
    expect(await privacyCall(t.app, session, PrivacyPath.messagePreference, { topic: 'news', enabled: '1' }, '2')).toMatchObject({
      status: 400,
      code: ErrorCode.PrivacyTopicUnknown,
      message: ERROR_MESSAGES[ErrorCode.PrivacyTopicUnknown].es,
    });
    expect(await privacyCall(t.app, session, PrivacyPath.messagePreference, { topic: 'marketing', enabled: 'yes' }, '1')).toMatchObject({
      status: 400,
      code: ErrorCode.PrivacySwitchInvalid,
      message: ERROR_MESSAGES[ErrorCode.PrivacySwitchInvalid].en,
    });
  });
});

describe('privacy centre: ARCO requests', () => {
  it('gives a folio and the answer date 20 calendar days after receipt, lists it, and shows the operator answer', async () => {
    const session = await openSession(t.app, '5513100003');
    const filed = await privacyCall<ArcoRequest>(t.app, session, PrivacyPath.arcoRequest, { kind: 'rectification', description: 'My name is spelled wrong: it is Ana María.' });
    expect(filed).toMatchObject({ code: 0, data: { kind: 'rectification', status: 'open', answer: null, answeredAt: null } });
    expect(filed.data.folio).toMatch(/^AR\d{8}$/);
    expect(filed.data.answerDue).toBe(addDays(formatDate(new Date(filed.data.receivedAt), 'MX'), 20));

    const listed = (await cli(['privacy', 'list'], { status: ['open'] })) as { items: OperatorArcoRequest[] };
    expect(listed.items.find((item) => item.folio === filed.data.folio)).toMatchObject({ userId: session.userId, kind: 'rectification', status: 'open' });

    const answered = await cli(['privacy', 'answer'], { folio: [filed.data.folio], text: ['Corrected to Ana María.'] });
    expect(answered).toMatchObject({ folio: filed.data.folio, status: 'answered', answer: 'Corrected to Ana María.' });
    const stillOpen = (await cli(['privacy', 'list'], { status: ['open'] })) as { items: OperatorArcoRequest[] };
    expect(stillOpen.items.map((item) => item.folio)).not.toContain(filed.data.folio);
    const done = (await cli(['privacy', 'list'], { status: ['answered'] })) as { items: OperatorArcoRequest[] };
    expect(done.items.map((item) => item.folio)).toContain(filed.data.folio);

    const overview = await overviewOf(t.app, session);
    expect(overview.data.requests).toEqual([expect.objectContaining({ folio: filed.data.folio, status: 'answered', answer: 'Corrected to Ana María.' })]);

    await expect(cli(['privacy', 'answer'], { folio: [filed.data.folio], text: ['Again'] })).rejects.toMatchObject({
      code: ErrorCode.PrivacyRequestAnswered,
      message: ERROR_MESSAGES[ErrorCode.PrivacyRequestAnswered].en,
    });
    await expect(cli(['privacy', 'answer'], { folio: ['AR99999999'], text: ['Hello'] })).rejects.toMatchObject({
      code: ErrorCode.PrivacyRequestNotFound,
      message: ERROR_MESSAGES[ErrorCode.PrivacyRequestNotFound].en,
    });
    await expect(cli(['privacy', 'answer'], { folio: ['12'], text: ['Hello'] })).rejects.toThrow('--folio');
    await expect(cli(['privacy', 'list'], { status: ['closed'] })).rejects.toThrow('--status');
  });

  it('refuses an unknown kind, a description too short or too long, in the borrower language', async () => {
    const session = await openSession(t.app, '5513100004');
    const cases = [
      [{ kind: 'erase', description: 'Please remove my data now.' }, ErrorCode.PrivacyRequestKindUnknown],
      [{ kind: 'access' }, ErrorCode.PrivacyDescriptionTooShort],
      [{ kind: 'access', description: '  short  ' }, ErrorCode.PrivacyDescriptionTooShort],
      [{ kind: 'access', description: 'x'.repeat(1001) }, ErrorCode.PrivacyDescriptionTooLong],
    ] as const;
    for (const [body, code] of cases) {
      expect(await privacyCall(t.app, session, PrivacyPath.arcoRequest, body, '2')).toMatchObject({ status: 400, code, message: ERROR_MESSAGES[code].es, data: null });
    }
    // 1000 characters counted as characters, not bytes.
    expect((await privacyCall(t.app, session, PrivacyPath.arcoRequest, { kind: 'access', description: 'ñ'.repeat(1000) })).code).toBe(0);
    expect((await overviewOf(t.app, session)).data.requests).toHaveLength(1);
  });

  it('keeps at most five requests waiting per borrower', async () => {
    const session = await openSession(t.app, '5513100005');
    for (let i = 0; i < 4; i += 1) expect((await privacyCall(t.app, session, PrivacyPath.arcoRequest, { kind: 'access', description: `Request number ${i}` })).code).toBe(0);
    const fifth = await privacyCall(t.app, session, PrivacyPath.arcoRequest, { kind: 'opposition', description: 'No marketing calls please.' });
    expect(fifth.code).toBe(0);
    expect(await privacyCall(t.app, session, PrivacyPath.arcoRequest, { kind: 'access', description: 'One more request here' })).toMatchObject({ code: ErrorCode.PrivacyTooManyOpenRequests });
  });

  it("refuses India's kinds to a borrower in Mexico, in the caller's language, and stores nothing", async () => {
    const session = await openSession(t.app, '5513100010');
    await expectKindsRefused(session, IN_PRIVACY_REQUEST_KINDS, ErrorCode.PrivacyKindNotOfMexico);
    expect((await overviewOf(t.app, session)).data).toMatchObject({ market: 'MX', requests: [] });
  });

  it('refuses the operator routes without the operator token', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/operator/v1${PrivacyOperatorPath.requests}` });
    expect(response.json()).toMatchObject({ code: ErrorCode.OperatorUnauthorized });
  });
});

describe('privacy centre: rights under the DPDP Act for a borrower in India (docs/decisions/231)', () => {
  it("takes each of India's kinds, due 30 days after the India date of receipt, and lists them with names for the operators", async () => {
    const session = await openSession(t.app, '9811300001', 'IN');
    const texts: Record<(typeof IN_PRIVACY_REQUEST_KINDS)[number], string> = {
      'access-summary': 'Please send me a summary of my data and who you shared it with.',
      correction: 'My address is out of date: it is 12 MG Road, Bengaluru 560001.',
      erasure: 'Please erase the photos of my ID once my loan is repaid.',
      grievance: 'You sent my loan details to the wrong e-mail address.',
      nomination: 'I nominate my sister Priya Sharma, +91 98113 00002, to exercise my rights.',
    };
    const filed: ArcoRequest[] = [];
    for (const kind of IN_PRIVACY_REQUEST_KINDS) {
      const reply = await privacyCall<ArcoRequest>(t.app, session, PrivacyPath.arcoRequest, { kind, description: texts[kind] });
      expect(reply).toMatchObject({ code: 0, data: { kind, description: texts[kind], status: 'open' } });
      expect(reply.data.answerDue).toBe(addDays(formatDate(new Date(reply.data.receivedAt), 'IN'), 30));
      filed.push(reply.data);
    }
    // The nomination and the grievance are kept as the borrower wrote them, in the overview and the download.
    const overview = await overviewOf(t.app, session);
    expect(overview.data.market).toBe('IN');
    expect(overview.data.requests.map((request) => request.kind)).toEqual([...IN_PRIVACY_REQUEST_KINDS].reverse());
    expect(overview.data.requests.find((request) => request.kind === 'nomination')?.description).toBe(texts.nomination);
    expect((await myDataOf(t.app, session)).data.arcoRequests.find((request) => request.kind === 'grievance')?.description).toBe(texts.grievance);

    const listed = (await cli(['privacy', 'list'], { status: ['open'], limit: ['200'] })) as { items: (OperatorArcoRequest & { market: string; kindName: string })[] };
    const nomination = listed.items.find((item) => item.folio === filed.at(-1)?.folio);
    expect(nomination).toMatchObject({ userId: session.userId, kind: 'nomination', market: 'IN', kindName: 'Nomination of a person to exercise the rights (DPDP Act)' });
    const answered = await cli(['privacy', 'answer'], { folio: [filed[3]?.folio ?? ''], text: ['We corrected the e-mail address and apologise.'] });
    expect(answered).toMatchObject({ kind: 'grievance', status: 'answered' });
  });

  it("refuses Mexico's kinds to a borrower in India, in the caller's language", async () => {
    const session = await openSession(t.app, '9811300003', 'IN');
    await expectKindsRefused(session, MX_PRIVACY_REQUEST_KINDS, ErrorCode.PrivacyKindNotOfIndia);
    // Without a language the refusal is in the market's, English (docs/decisions/217).
    const response = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${PrivacyPath.arcoRequest}?${sessionQuery(session)}`, payload: { kind: 'cancellation', description: 'Cancel my data please.' } });
    expect(response.json()).toMatchObject({ code: ErrorCode.PrivacyKindNotOfIndia, message: ERROR_MESSAGES[ErrorCode.PrivacyKindNotOfIndia].en });
    expect((await overviewOf(t.app, session)).data.requests).toEqual([]);
  });
});

describe('privacy centre: the data download', () => {
  it("holds the borrower's own data and nothing of another borrower", async () => {
    const ana = await openSession(t.app, '5513100006');
    const bruno = await openSession(t.app, '5513100007');
    const settled = await createOrder(t.database.db, Number(ana.userId), LoanStatus.Settled);
    const product = await productByCode(t.app, 'peso-plus-120');
    const rejected = await pushOffer(t.app, ana, product.id);
    await operatorStep(t.app, OperatorPath.orderReject, rejected);
    const brunoOrder = await createOrder(t.database.db, Number(bruno.userId), LoanStatus.Settled);
    await callBorrower(t.app, ana, MachinePath.complaintSave, { problemType: 2, problemSonType: 203, problemDetail: 'Ana complaint text', orderNo: settled.orderNo });
    await callBorrower(t.app, bruno, MachinePath.complaintSave, { problemType: 2, problemSonType: 203, problemDetail: 'Bruno complaint text', orderNo: brunoOrder.orderNo });
    await privacyCall(t.app, ana, PrivacyPath.arcoRequest, { kind: 'access', description: 'Ana wants a copy of her data' });
    await privacyCall(t.app, bruno, PrivacyPath.arcoRequest, { kind: 'access', description: 'Bruno wants a copy of his data' });

    // userId naming another borrower is refused: identity comes from the session only.
    const spoofed = await privacyCall(t.app, { userId: bruno.userId, sessionId: ana.sessionId }, PrivacyPath.myData);
    expect(spoofed).toMatchObject({ code: ErrorCode.SessionUserMismatch, data: null });

    const { code, data } = await myDataOf(t.app, ana);
    expect(code).toBe(0);
    expect(data.profile).toMatchObject({ userId: ana.userId, phone: '+525513100006' });
    expect(data.sessions).toHaveLength(1);
    expect(JSON.stringify(data.sessions)).not.toContain(ana.sessionId);
    expect(data.orders.map((order) => order.orderNo).sort()).toEqual([settled.orderNo, rejected].sort());
    const paid = data.orders.find((order) => order.orderNo === settled.orderNo) as { installments: unknown[]; receipts: { receiptNo: string }[] };
    expect(paid.installments.length).toBeGreaterThan(0);
    expect(paid.receipts.length).toBeGreaterThan(0);
    expect(data.contracts).toEqual([expect.objectContaining({ orderNo: rejected, textSha256: expect.stringMatching(/^[0-9a-f]{64}$/) })]);
    expect(data.complaints).toEqual([expect.objectContaining({ orderNo: settled.orderNo, detail: 'Ana complaint text' })]);
    expect(data.arcoRequests).toEqual([expect.objectContaining({ description: 'Ana wants a copy of her data' })]);
    expect(data.messagePreferences.current).toEqual({ marketing: false, paymentReminders: true, accountNotices: true });

    const text = JSON.stringify(data);
    for (const theirs of ['5513100007', 'Bruno', brunoOrder.orderNo]) expect(text).not.toContain(theirs);
  });

  it('lists the SMS messages sent to the borrower without their one-time codes', async () => {
    const session = await openSession(t.app, '5513100008');
    const { smsOutbox } = await import('../src/db/schema');
    await t.database.db.insert(smsOutbox).values([
      { phone: '5513100008', text: 'Your code is 482913', code: '482913', kind: 'sign-in-code' },
      { phone: '5513100009', text: 'Someone else', code: '', kind: 'sign-in-code' },
    ]);
    const { data } = await myDataOf(t.app, session);
    expect(data.smsMessages).toEqual([expect.objectContaining({ text: 'Your code is ******' })]);
  });

  it('pages the operator list with a cursor, so every request is reachable however many there are', async () => {
    const filed: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const session = await openSession(t.app, `55131901${String(i).padStart(2, '0')}`);
      const reply = await privacyCall<{ folio: string }>(t.app, session, PrivacyPath.arcoRequest, { kind: 'access', description: `Paged request ${i}` });
      filed.push(reply.data.folio);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: URLSearchParams = new URLSearchParams({ limit: '2', ...(cursor ? { cursor } : {}) });
      const page: Envelope<ArcoPage> = await callOperatorApi<ArcoPage>(t.app, 'GET', `${PrivacyOperatorPath.requests}?${query}`);
      expect(page.code).toBe(0);
      expect(page.data.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.data.items.map((item) => item.folio));
      cursor = page.data.nextCursor;
      pages += 1;
    } while (cursor !== null && pages < 100);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(filed));
    const bad = await callOperatorApi(t.app, 'GET', `${PrivacyOperatorPath.requests}?cursor=nonsense`);
    expect(bad.code).toBe(ErrorCode.InvalidRequest);
  });

  it('answers the operator list through the operator API too', async () => {
    const answer = await callOperatorApi<{ items: OperatorArcoRequest[] }>(t.app, 'GET', `${PrivacyOperatorPath.requests}?status=open`);
    expect(answer.code).toBe(0);
    expect(answer.data.items.every((item) => item.status === 'open')).toBe(true);
  });
});
