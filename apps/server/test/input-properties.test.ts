import {
  certificationInfoSchema,
  complaintListSchema,
  EMPLOYMENT_KINDS,
  INCOME_LIMITS,
  Limits,
  MACHINE_BASE,
  MachinePath,
  POSTAL_CODE,
  PROMOTION_BASE,
  PromotionPath,
  ProfileLimits,
  ProfilePath,
} from '@lend/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerProfiles } from '../src/db/schema';
import { createTestApp, GENEROUS_BORROWER_CAPS, openSession, sessionQuery, type BorrowerSession, type TestApp } from './helper';
import { GLORIA, MX_ADDRESS, MX_EMPLOYMENT } from './profile-helpers';
import { newVisitor } from './promotion-helpers';

/**
 * What a client may send in a text or number field (docs/decisions/198): any text, unicode and
 * control characters included, numbers out of range, numbers written as words, and fragments of
 * SQL and HTML; sometimes not a text at all.
 */
const hostileText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('NaN', 'Infinity', '-Infinity', '-1', '-0', '1e309', '0x1F', '9'.repeat(400), '', ' ', '١٢٣٤٥', '\u0000', '\u202e12'),
  fc.constantFrom("' OR '1'='1", "1; DROP TABLE borrowers; --", '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', '${7*7}', '%00'),
  fc.integer().map(String),
  fc.double().map(String),
  fc.string({ maxLength: 5_000, minLength: 1_000 }),
);
const hostileValue = fc.oneof(
  { weight: 6, arbitrary: hostileText },
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(null, true, [], {}, ['a', 'b']),
);
/** Fields of a call, each sometimes left out. */
const fieldsOf = (names: readonly string[]) => fc.record(Object.fromEntries(names.map((name) => [name, hostileValue])), { requiredKeys: [] });
/** A valid call with one field replaced, so the others pass and the one is what its rule meets. */
const oneFieldOf = (valid: Record<string, unknown>) =>
  fc.constantFrom(...Object.keys(valid)).chain((name) => hostileValue.map((value) => ({ ...valid, [name]: value })));

/** Small runs: the file should take seconds, and each run is a few real calls on the database. */
const RUNS = { numRuns: 20 };

const codePoints = (text: string) => [...text].length;
const trimmedText = (value: string | null, max: number) => value === null || (value === value.trim() && value !== '' && codePoints(value) <= max);

describe('hostile inputs to the borrower, onboarding and promotion calls', () => {
  let t: TestApp;
  let borrower: BorrowerSession;
  beforeAll(async () => {
    t = await createTestApp({ borrowerCaps: GENEROUS_BORROWER_CAPS });
    borrower = await openSession(t.app, '5574440001');
  });
  afterAll(async () => t?.close());

  async function borrowerCall(path: string, body: Record<string, unknown>) {
    const response = await t.app.inject({ method: 'POST', url: `${MACHINE_BASE}${path}?${sessionQuery(borrower, { language: '1' })}`, payload: body });
    return { status: response.statusCode, body: response.json<{ code: number; data: unknown }>() };
  }

  /** What the profile holds, against the rules its steps enforce. */
  async function storedProfileProblems(): Promise<string[]> {
    const [row] = await t.database.db.select().from(borrowerProfiles).where(eq(borrowerProfiles.borrowerId, Number(borrower.userId)));
    if (!row) return [];
    const problems: string[] = [];
    const check = (what: string, ok: boolean) => (ok ? undefined : problems.push(`${what}: ${JSON.stringify(row)}`));
    for (const name of [row.givenNames, row.firstSurname, row.secondSurname]) check('name', trimmedText(name, ProfileLimits.nameFieldMax));
    check('national id', row.nationalId === null || /^[A-Z0-9]{10,18}$/.test(row.nationalId));
    if (row.birthDate !== null) {
      const years = (Date.now() - Date.parse(`${row.birthDate}T00:00:00Z`)) / (365.25 * 24 * 3600 * 1000);
      check('birth date', years >= ProfileLimits.minAgeYears && years <= ProfileLimits.maxAgeYears + 1);
    }
    for (const line of [row.addressLine1, row.addressLine2, row.city, row.state]) check('address', trimmedText(line, ProfileLimits.addressFieldMax));
    check('postal code', row.postalCode === null || POSTAL_CODE.MX.test(row.postalCode));
    check('employment', row.employment === null || (EMPLOYMENT_KINDS as readonly string[]).includes(row.employment));
    check('employer', trimmedText(row.employerName, ProfileLimits.employerMax));
    const income = row.monthlyIncomeMinor;
    check('income', income === null || (Number.isInteger(income) && income >= INCOME_LIMITS.MX.minMinor && income <= INCOME_LIMITS.MX.maxMinor));
    check('debts', row.monthlyDebtPaymentsMinor === null || (Number.isInteger(row.monthlyDebtPaymentsMinor) && row.monthlyDebtPaymentsMinor >= 0));
    return problems;
  }

  it('onboarding: identity, address and employment never answer 500 and never store a value their rules refuse', async () => {
    const steps = [
      [ProfilePath.identity, { ...GLORIA, secondSurname: 'García' }],
      [ProfilePath.address, { ...MX_ADDRESS, line2: 'Piso 3' }],
      [ProfilePath.employment, MX_EMPLOYMENT],
    ] as const;
    for (const [path, valid] of steps) {
      expect((await borrowerCall(path, valid)).body.code).toBe(0);
      await fc.assert(
        fc.asyncProperty(fc.oneof(oneFieldOf(valid), fieldsOf(Object.keys(valid))), async (body) => {
          const answer = await borrowerCall(path, body);
          expect(answer.status).toBeLessThan(500);
          expect(await storedProfileProblems()).toEqual([]);
        }),
        RUNS,
      );
    }
    const info = await borrowerCall(ProfilePath.certificationInfo, {});
    expect(certificationInfoSchema.safeParse(info.body.data).success).toBe(true);
  });

  it('borrower calls: complaints, privacy requests and loan confirmations never answer 500, and complaints read back valid', async () => {
    const calls = [
      [MachinePath.complaintSave, ['problemType', 'problemSonType', 'problemDetail', 'problemImage', 'orderNo']],
      [MachinePath.paymentMissing, ['orderId', 'productId', 'reference', 'paidOn', 'amount']],
      [MachinePath.loanConfirm, ['productId', 'isType', 'amount', 'periods']],
      ['/v3/privacy/arco-request', ['kind', 'description']],
      [MachinePath.complaintScore, ['problemId', 'score']],
    ] as const;
    for (const [path, names] of calls) {
      await fc.assert(
        fc.asyncProperty(fieldsOf(names), async (body) => {
          expect((await borrowerCall(path, body)).status).toBeLessThan(500);
        }),
        RUNS,
      );
    }
    const list = await borrowerCall(MachinePath.complaintList, {});
    const parsed = complaintListSchema.parse(list.body.data);
    for (const item of parsed.tabs.flatMap((tab) => tab.list)) expect(codePoints(item.content)).toBeLessThanOrEqual(Limits.complaintTextMax);
  });

  it('promotion: the SMS and registration calls and the tracking never answer 500', async () => {
    const visitor = await newVisitor(t.app);
    await fc.assert(
      fc.asyncProperty(fieldsOf(['phone', 'capcode', 'deviceId', 'appName', 'utm_tag', 'smsCode', 'userName', 'id']), fc.boolean(), async (fields, register) => {
        const path = register ? PromotionPath.register : PromotionPath.sms;
        const response = await t.app.inject({ method: 'POST', url: `${PROMOTION_BASE}${path}?language=1`, payload: { sid: visitor.sid, ...fields }, remoteAddress: visitor.address });
        expect(response.statusCode).toBeLessThan(500);
      }),
      RUNS,
    );
    await fc.assert(
      fc.asyncProperty(hostileText, hostileText, async (pageId, tag) => {
        const query = new URLSearchParams({ page_id: pageId, page_type: '1', utm_tag: tag, phone: tag });
        const response = await t.app.inject({ method: 'GET', url: `${PROMOTION_BASE}${PromotionPath.trackClick}?${query.toString()}`, remoteAddress: visitor.address });
        expect(response.statusCode).toBeLessThan(500);
      }),
      RUNS,
    );
  });
});
