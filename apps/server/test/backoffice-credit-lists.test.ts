import {
  CreditPath,
  ErrorCode,
  LoanStatus,
  OPERATOR_BASE,
  OperatorCreditPath,
  OperatorPath,
  OperatorProfilePath,
  STAFF_COOKIE,
  type CreditApplication,
  type OperatorCreditDecision,
  type OperatorProfile,
  type OrderSummary,
  type Page,
} from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_COMMANDS } from '../src/cli/credit-commands';
import { and, eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema';
import { createOrder } from './factories';
import { createTestApp, GENEROUS_BORROWER_CAPS, operatorCommandLine, type TestApp } from './helper';
import { productByCode } from './loan-helpers';
import { certifiedAccountOf, newBorrower, profileCalls } from './profile-helpers';
import { signedInAdmin, signedInStaff, staffCall, testClock, type StaffSession } from './staff-helpers';

/** The back office's credit lists (docs/decisions/174): the review queue and the referrals, filtered and paged on the server. */
let t: TestApp;
const clock = testClock();
let admin: StaffSession;
let officer: StaffSession;
let agent: StaffSession;

beforeAll(async () => {
  t = await createTestApp({ seed: true, now: clock.now, borrowerCaps: GENEROUS_BORROWER_CAPS });
  admin = await signedInAdmin(t, clock);
  officer = await signedInStaff(t, clock, admin, 'officer@lender.example', 'credit-officer');
  agent = await signedInStaff(t, clock, admin, 'agent@lender.example', 'agent');
});
afterAll(async () => t?.close());

const query = (values: Record<string, string | number>) => `?${new URLSearchParams(Object.entries(values).map(([key, value]): [string, string] => [key, String(value)])).toString()}`;

describe('the orders under review', () => {
  it('lists one status a page at a time, finds one order by its number, and refuses an unknown status or an agent', async () => {
    const review: { orderNo: string }[] = [];
    for (let index = 0; index < 3; index += 1) review.push(await createOrder(t.database.db, Number((await newBorrower(t, 'MX')).userId), LoanStatus.UnderReview));
    const settled = await createOrder(t.database.db, Number((await newBorrower(t, 'MX')).userId), LoanStatus.Settled);

    const listed: OrderSummary[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof staffCall<Page<OrderSummary>>>> = await staffCall<Page<OrderSummary>>(t, officer, 'GET', `${OperatorPath.orders}${query({ status: LoanStatus.UnderReview, limit: 2, ...(cursor ? { cursor } : {}) })}`);
      expect(page).toMatchObject({ status: 200, code: 0 });
      expect(page.data.items.length).toBeLessThanOrEqual(2);
      listed.push(...page.data.items);
      cursor = page.data.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(listed.every((order) => order.status === LoanStatus.UnderReview)).toBe(true);
    const mine = listed.map((order) => order.orderNo).filter((orderNo) => review.some((order) => order.orderNo === orderNo) || orderNo === settled.orderNo);
    expect(mine).toEqual(review.map((order) => order.orderNo));

    const one = await staffCall<Page<OrderSummary>>(t, admin, 'GET', `${OperatorPath.orders}${query({ orderNo: settled.orderNo })}`);
    expect(one.data.items.map((order) => [order.orderNo, order.status])).toEqual([[settled.orderNo, LoanStatus.Settled]]);

    expect(await staffCall(t, officer, 'GET', `${OperatorPath.orders}${query({ status: 99 })}`)).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest });
    expect(await staffCall(t, agent, 'GET', `${OperatorPath.orders}${query({ status: LoanStatus.UnderReview })}`)).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
  });
});

describe('the referred applications', () => {
  it('pages the referrals oldest first, reads one by its id, and refuses an agent', async () => {
    const { certify, call } = profileCalls(() => t);
    const rupeeEasy = await productByCode(t.app, 'rupee-easy-91');
    const referred: number[] = [];
    // The first applicant holds the example identity alone; the later ones share it, which refers them.
    for (let index = 0; index < 4; index += 1) {
      const who = await newBorrower(t, 'IN');
      await certify(who);
      const applied = await call<CreditApplication>(who, CreditPath.apply, { productId: rupeeEasy.id });
      if (applied.body.data.outcome === 'referred') referred.push(applied.body.data.decisionId);
    }
    expect(referred).toHaveLength(3);

    const first = await staffCall<Page<OperatorCreditDecision>>(t, officer, 'GET', `${OperatorCreditPath.referrals}${query({ limit: 2 })}`);
    expect(first).toMatchObject({ status: 200, code: 0 });
    expect(first.data.items.map((item) => item.decisionId)).toEqual(referred.slice(0, 2));
    const second = await staffCall<Page<OperatorCreditDecision>>(t, officer, 'GET', `${OperatorCreditPath.referrals}${query({ limit: 2, cursor: first.data.nextCursor ?? '' })}`);
    expect(second.data.items.map((item) => item.decisionId)).toEqual(referred.slice(2));
    expect(second.data.nextCursor).toBeNull();

    const one = await staffCall<Page<OperatorCreditDecision>>(t, admin, 'GET', `${OperatorCreditPath.referrals}${query({ decisionId: referred[1] ?? 0 })}`);
    expect(one.data.items).toEqual([expect.objectContaining({ decisionId: referred[1], outcome: 'referred', reasons: ['duplicate_identity'] })]);
    expect(await staffCall(t, officer, 'GET', `${OperatorCreditPath.referrals}${query({ cursor: 'bm90LWEtY3Vyc29y' })}`)).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest });
    expect(await staffCall(t, agent, 'GET', OperatorCreditPath.referrals)).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });

    // The command line pages the same way: one page's lines, and where the next starts.
    const context = await operatorCommandLine(t);
    const command = CREDIT_COMMANDS.find((candidate) => candidate.words.join(' ') === 'credit referrals');
    await command?.run(context, { limit: ['2'] }, []);
    expect(context.printed.map((line) => (JSON.parse(line) as OperatorCreditDecision).decisionId)).toEqual(referred.slice(0, 2));
    context.printed.length = 0;
    await command?.run(context, { limit: ['2'], cursor: [first.data.nextCursor ?? ''] }, []);
    expect(context.printed.map((line) => (JSON.parse(line) as OperatorCreditDecision).decisionId)).toEqual(referred.slice(2));
  });
});

describe('who decides a referral', () => {
  it('is the signed-in officer, whatever name the call gives; the operator token names who it acts for', async () => {
    const { certify, call } = profileCalls(() => t);
    const rupeeEasy = await productByCode(t.app, 'rupee-easy-91');
    const referred: number[] = [];
    // Sharing the example identity with the applicants before them refers both.
    for (let index = 0; index < 2; index += 1) {
      const who = await newBorrower(t, 'IN');
      await certify(who);
      const applied = await call<CreditApplication>(who, CreditPath.apply, { productId: rupeeEasy.id });
      if (applied.body.data.outcome === 'referred') referred.push(applied.body.data.decisionId);
    }
    const [byOfficer, byToken] = referred;
    if (byOfficer === undefined || byToken === undefined) throw new Error('two referrals expected');
    const path = (id: number) => OperatorCreditPath.decline.replace(':decisionId', String(id));
    const declined = await staffCall<OperatorCreditDecision>(t, officer, 'POST', path(byOfficer), { officer: 'Somebody Else', reason: 'Papers belong to another person' });
    expect(declined).toMatchObject({ status: 200, code: 0, data: { review: { officer: 'officer@lender.example' } } });
    const context = await operatorCommandLine(t);
    const decline = CREDIT_COMMANDS.find((candidate) => candidate.words.join(' ') === 'credit decline');
    await decline?.run(context, { officer: ['Marta Ruiz'], reason: ['Papers belong to another person'] }, [String(byToken)]);
    expect((JSON.parse(context.printed[0] ?? 'null') as OperatorCreditDecision).review?.officer).toBe('Marta Ruiz (operator token)');
  });
});

describe('an applicant’s profile for the credit officer', () => {
  it('shows the profile with the national id and payout account masked, streams each identity photo, and refuses an agent', async () => {
    const { certify } = profileCalls(() => t);
    const who = await newBorrower(t, 'IN');
    await certify(who);
    const path = OperatorProfilePath.profile.replace(':borrowerId', who.userId);
    const profile = await staffCall<OperatorProfile>(t, officer, 'GET', path);
    expect(profile).toMatchObject({ status: 200, code: 0 });
    expect(profile.data).toMatchObject({
      borrowerId: Number(who.userId),
      market: 'IN',
      name: 'Priya Sharma',
      nationalIdKind: 'pan',
      payoutAccount: { kind: 'bank-account', holderName: 'PRIYA SHARMA', accountLast4: '6789' },
    });
    expect(profile.data.nationalIdLast4).toMatch(/^[A-Z0-9]{4}$/);
    expect(profile.data.images.map((image) => image.kind).sort()).toEqual(['id-back', 'id-front', 'selfie']);
    const account = certifiedAccountOf(who);
    expect(JSON.stringify(profile.data)).not.toContain('accountNumber' in account ? account.accountNumber : account.clabe);

    const image = await t.app.inject({ method: 'GET', url: `${OPERATOR_BASE}${OperatorProfilePath.image.replace(':borrowerId', who.userId).replace(':kind', 'selfie')}`, headers: { cookie: `${STAFF_COOKIE}=${admin.cookie}` } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect(image.rawPayload.length).toBeGreaterThan(0);

    expect(await staffCall(t, officer, 'GET', OperatorProfilePath.image.replace(':borrowerId', who.userId).replace(':kind', 'passport'))).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest });
    expect(await staffCall(t, officer, 'GET', OperatorProfilePath.profile.replace(':borrowerId', '999999'))).toMatchObject({ status: 404, code: ErrorCode.NotFound });
    expect(await staffCall(t, agent, 'GET', path)).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
    expect(await staffCall(t, agent, 'GET', OperatorProfilePath.image.replace(':borrowerId', who.userId).replace(':kind', 'selfie'))).toMatchObject({ status: 403, code: ErrorCode.StaffRoleRefused });
  });
});

describe('rejecting an order with a reason', () => {
  it('keeps the reason in the rejection’s audit entry, refuses a reason too short, and still rejects without one', async () => {
    const withReason = await createOrder(t.database.db, Number((await newBorrower(t, 'MX')).userId), LoanStatus.UnderReview);
    expect(await staffCall(t, officer, 'POST', OperatorPath.orderReject, { orderNo: withReason.orderNo, reason: 'ok' })).toMatchObject({ status: 400, code: ErrorCode.InvalidRequest });
    const rejected = await staffCall<OrderSummary>(t, officer, 'POST', OperatorPath.orderReject, { orderNo: withReason.orderNo, reason: 'Income could not be confirmed.' });
    expect(rejected).toMatchObject({ status: 200, code: 0, data: { orderNo: withReason.orderNo, status: LoanStatus.Rejected } });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.reject'), eq(auditLog.objectId, withReason.orderNo)));
    expect(entry?.after).toMatchObject({ reason: 'Income could not be confirmed.' });

    const without = await createOrder(t.database.db, Number((await newBorrower(t, 'MX')).userId), LoanStatus.UnderReview);
    expect(await staffCall(t, officer, 'POST', OperatorPath.orderReject, { orderNo: without.orderNo })).toMatchObject({ status: 200, code: 0 });
    const [plain] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'order.reject'), eq(auditLog.objectId, without.orderNo)));
    expect(plain?.after).not.toHaveProperty('reason');
  });
});
