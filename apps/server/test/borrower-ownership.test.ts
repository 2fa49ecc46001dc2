import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppRoute, CARD_REPAYMENT_BASE, ErrorCode, isApiPath, MACHINE_BASE, MachinePath, OPERATOR_BASE, SiteRoute, type ComplaintSaved } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BORROWER_ROUTES, imageNameOf, PUBLIC_ROUTES, type BorrowerRoute, type NamedRecords } from './borrower-route-matrix';
import { complaintCalls } from './complaint-helpers';
import { createTestApp, GENEROUS_BORROWER_CAPS, openSession, type BorrowerSession, type TestApp } from './helper';
import { productByCode, pushOffer } from './loan-helpers';
import { routeKeys } from './route-table';

type Borrower = { session: BorrowerSession; phone: string; records: NamedRecords; complaintText: string; folio: string };
type Answer = { status: number; code: unknown; message: unknown; body: string; headers: Record<string, unknown> };

/** Refusals of the session itself: a call refused this way never reached the route's records. */
const SESSION_CODES: unknown[] = [ErrorCode.SessionRequired, ErrorCode.SessionUnknown, ErrorCode.SessionExpired, ErrorCode.SessionUserMismatch];

describe('who may call each borrower route (docs/decisions/197)', () => {
  let t: TestApp;
  let webDist: string;
  /** Every answer the tests received, by route, for the header check that runs last. */
  const answers: [string, Record<string, unknown>][] = [];
  let owner: Borrower;
  let other: Borrower;
  const calls = complaintCalls(() => t);

  /** A borrower with an order under review and a complaint on it with one image. */
  async function borrowerWithRecords(phone: string, complaintText: string): Promise<Borrower> {
    const session = await openSession(t.app, phone);
    const product = await productByCode(t.app, 'peso-plus-120');
    const orderNo = await pushOffer(t.app, session, product.id);
    const orderId = String((await calls.init(session)).body.data.orderList[0]?.orderId);
    const url = await calls.uploadUrl(session);
    const saved = await calls.call<ComplaintSaved>(session, MachinePath.complaintSave, { problemType: 2, problemSonType: 203, problemDetail: complaintText, orderNo, problemImage: url });
    if (saved.body.code !== 0) throw new Error(`complaint not filed: ${JSON.stringify(saved.body)}`);
    return { session, phone, complaintText, folio: saved.body.data.folio, records: { userId: session.userId, orderNo, orderId, problemId: saved.body.data.problemId, imageName: imageNameOf(url) } };
  }

  beforeAll(async () => {
    // A web build of one page: every page address answers it, as the real build's unknown pages do.
    webDist = mkdtempSync(join(tmpdir(), 'lend-pages-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS, env: { WEB_DIST_DIR: webDist } });
    owner = await borrowerWithRecords('+525511110001', 'Me cobraron dos veces');
    other = await borrowerWithRecords('+525511110002', 'Otro borrower secreto 7Q');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  async function send(key: string, route: BorrowerRoute, records: NamedRecords, auth: { userId: string; sessionId: string } | null): Promise<Answer> {
    const [method = 'POST', fullPath = ''] = key.split(' ');
    const call = route.call(records);
    const base = fullPath.startsWith(MACHINE_BASE) ? MACHINE_BASE : CARD_REPAYMENT_BASE;
    const query = new URLSearchParams({ ...(auth ?? {}), language: '1', ...call.query });
    const response = await t.app.inject({
      method: method as 'GET' | 'POST',
      url: `${call.path ? `${base}${call.path}` : fullPath}?${query.toString()}`,
      ...(method === 'GET' ? {} : { payload: call.body ?? {} }),
    });
    let envelope: { code?: unknown; message?: unknown } = {};
    try {
      envelope = response.json();
    } catch {
      // A file or a page: its status says it all.
    }
    answers.push([key, response.headers]);
    return { status: response.statusCode, code: envelope.code, message: envelope.message, body: response.body, headers: response.headers };
  }

  const randomRecords = (): NamedRecords => ({
    userId: String(900_000 + Math.floor(Math.random() * 90_000)),
    // Fewer than ten digits: a longer run that is no order's number fails the log scan.
    orderNo: `LN${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    orderId: String(700_000 + Math.floor(Math.random() * 90_000)),
    problemId: String(800_000 + Math.floor(Math.random() * 90_000)),
    imageName: `${randomBytes(16).toString('hex')}.png`,
  });

  it('names every route the app serves outside the operator API, and no route it does not', () => {
    const served = routeKeys(t.app).filter((key) => !key.split(' ')[1]?.startsWith(`${OPERATOR_BASE}/`));
    expect(served.length).toBeGreaterThan(60);
    const named = { ...BORROWER_ROUTES, ...PUBLIC_ROUTES };
    expect(served.filter((key) => !(key in named))).toEqual([]);
    expect(Object.keys(named).filter((key) => !served.includes(key))).toEqual([]);
    // A route under the borrower API is a borrower route, never public by oversight.
    const publicBorrower = Object.keys(PUBLIC_ROUTES).filter((key) => key.includes(MACHINE_BASE) || key.includes(CARD_REPAYMENT_BASE));
    expect(publicBorrower).toEqual([`POST ${MACHINE_BASE}/v3/login/send-code`, `POST ${MACHINE_BASE}/v3/login/sign-in`, `POST ${MACHINE_BASE}/v3/login/web-sign-in`]);
  });

  it("answers another borrower's records as it answers records nobody holds, and a call without a session as unauthenticated", async () => {
    const problems: string[] = [];
    const othersData = [other.phone, other.phone.slice(3), other.complaintText, other.folio];
    const entries = Object.entries(BORROWER_ROUTES).sort(([, a], [, b]) => Number(a.ends ?? false) - Number(b.ends ?? false));
    let refusedWithoutSession: Answer | undefined;
    let refusedCardWithoutSession: Answer | undefined;
    for (const [key, route] of entries) {
      // A call that ends the session runs on a session of its own, after every other call.
      const mine = route.ends ? await openSession(t.app, owner.phone) : owner.session;
      const byRecords = route.owns !== 'session';
      const othersAnswer = byRecords
        ? await send(key, route, other.records, mine)
        : await send(key, route, owner.records, { userId: other.session.userId, sessionId: mine.sessionId });
      const randomAnswer = byRecords
        ? await send(key, route, randomRecords(), mine)
        : await send(key, route, owner.records, { userId: randomRecords().userId, sessionId: mine.sessionId });
      const anonymous = await send(key, route, owner.records, null);
      const own = await send(key, route, owner.records, mine);

      const refusal = (answer: Answer) => `${answer.status} ${String(answer.code)} ${String(answer.message)}`;
      if (refusal(othersAnswer) !== refusal(randomAnswer)) problems.push(`${key}: another's records ${refusal(othersAnswer)}, unknown ones ${refusal(randomAnswer)}`);
      if (othersAnswer.status === 200 && (othersAnswer.code === 0 || othersAnswer.code === '00')) problems.push(`${key}: another's records answered`);
      for (const value of othersData) if (othersAnswer.body.includes(value)) problems.push(`${key}: answered another borrower's ${value}`);
      if (!route.ownRefused && refusal(own) === refusal(othersAnswer)) problems.push(`${key}: its own records refused as another's: ${refusal(own)}`);
      if (SESSION_CODES.includes(own.code)) problems.push(`${key}: its own call refused the session: ${refusal(own)}`);
      if (!byRecords && othersAnswer.code !== ErrorCode.SessionUserMismatch && othersAnswer.code !== String(ErrorCode.SessionUserMismatch)) {
        problems.push(`${key}: another borrower's id answered ${refusal(othersAnswer)}`);
      }
      // Every call without a session is refused alike within its API (the card calls have their own envelope).
      const isCard = key.includes(CARD_REPAYMENT_BASE);
      const first = isCard ? (refusedCardWithoutSession ??= anonymous) : (refusedWithoutSession ??= anonymous);
      if (refusal(anonymous) !== refusal(first)) problems.push(`${key}: without a session ${refusal(anonymous)}, elsewhere ${refusal(first)}`);
    }
    expect(problems).toEqual([]);
    expect(refusedWithoutSession).toMatchObject({ status: 401, code: ErrorCode.SessionRequired });
    expect(refusedCardWithoutSession?.status).toBe(401);
  });

  it('sends the security headers on every answer of the matrix, every public route and every page, and no-store on each', async () => {
    for (const key of Object.keys(PUBLIC_ROUTES)) {
      const [method = 'GET', path = ''] = key.split(' ');
      const url = path.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');
      const response = await t.app.inject({ method: method as 'GET' | 'POST', url, ...(method === 'GET' ? {} : { payload: {} }) });
      answers.push([key, response.headers]);
    }
    const pages = [...Object.values(AppRoute), ...Object.values(SiteRoute), '/no-such-page'];
    for (const page of pages) answers.push([`GET ${page} (page)`, (await t.app.inject({ method: 'GET', url: page })).headers]);
    expect(answers.length).toBeGreaterThan(250);
    const problems: string[] = [];
    for (const [key, headers] of answers) {
      const policy = String(headers['content-security-policy'] ?? '');
      const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
      // A route that answers JSON lets nothing load and no one frame it (docs/decisions/229); a page or file runs only its own scripts.
      const jsonPolicy = policy === "default-src 'none'; frame-ancestors 'none'";
      const expected: [string, boolean][] = [
        jsonPolicy
          ? ['JSON: X-Frame-Options DENY', headers['x-frame-options'] === 'DENY']
          : ["script-src 'self' without 'unsafe-inline'", scripts.includes("'self'") && !scripts.includes('unsafe-inline')],
        ['frame-ancestors', /(?:^|;)\s*frame-ancestors '(?:self|none)'/.test(policy)],
        ['cross-origin-resource-policy', headers['cross-origin-resource-policy'] === 'same-origin'],
        ['nosniff', headers['x-content-type-options'] === 'nosniff'],
        ['no-referrer', headers['referrer-policy'] === 'no-referrer'],
        // The same in every mode; a browser heeds it only over TLS, which production terminates in front.
        ['HSTS of a year', /^max-age=(\d+)/.test(String(headers['strict-transport-security'])) && Number(/max-age=(\d+)/.exec(String(headers['strict-transport-security']))?.[1]) >= 31_536_000],
      ];
      const path = key.split(' ')[1] ?? '';
      // API answers and pages: the pages carry a session's data once their script runs, or in their first paint.
      if (isApiPath(path) || key.endsWith('(page)')) expected.push(['no-store', headers['cache-control'] === 'no-store']);
      for (const [what, ok] of expected) if (!ok) problems.push(`${key}: ${what}`);
    }
    expect([...new Set(problems)]).toEqual([]);
  });
});
