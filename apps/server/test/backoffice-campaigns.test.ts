import {
  ErrorCode,
  OperatorPath,
  OrderEvidencePath,
  PrivacyOperatorPath,
  PromotionOperatorPath,
  PrivacyPath,
  PROMOTION_BASE,
  PromotionPath,
  ProfilePath,
  type ArcoRequest,
  type OrderSignatures,
  type PromoFunnelDays,
  type RectifiableProfile,
  type RectificationResult,
  type UserMenu,
} from '@lend/contracts';
import { dateInTimeZone } from '@lend/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, borrowerProfiles, loanContracts, loanOrders, promoRegistrations, promoSmsCodes } from '../src/db/schema';
import { createTestApp, openSession, queryRows, type TestApp } from './helper';
import { callOperatorApi, productByCode, pushOffer } from './loan-helpers';
import { privacyCall } from './privacy-helpers';
import { GLORIA, IN_ADDRESS, MX_ADDRESS, profileCalls } from './profile-helpers';
import { createTemplate, registeredVisitor } from './promotion-helpers';
import { signedInDesks, staffCall, testClock, type StaffSession } from './staff-helpers';

/**
 * The back office's campaigns, an order's signature evidence and the rectification of a borrower's
 * profile from a privacy request (docs/decisions/183–185): who may call each route, what each
 * refuses, and the audit entries a change leaves.
 */
let t: TestApp;
let admin: StaffSession;
let agent: StaffSession;
let officer: StaffSession;
beforeAll(async () => {
  const clock = testClock();
  t = await createTestApp({ seed: true, now: clock.now });
  ({ admin, agent, officer } = await signedInDesks(t, clock));
});
afterAll(async () => t?.close());

const refused = { status: 403, code: ErrorCode.StaffRoleRefused };
const MEXICO = 'America/Mexico_City';

describe('a template’s funnel by day (docs/decisions/183)', () => {
  const daysPath = (query: Record<string, string | number>) => `${PromotionOperatorPath.funnelDays}?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]))}`;

  it('counts each day’s visits, clicks, SMS and registrations in Mexico City’s calendar, every day of the range', async () => {
    const { id } = await createTemplate(t.app, { name: 'By day' });
    const track = (path: string, clientType: string) =>
      t.app.inject(`${PROMOTION_BASE}${path}?${new URLSearchParams({ page_id: String(id), page_type: '1', client_type: clientType, user_from: 'fb', app_from: 'landing', utm_tag: 'day', phone: '5512345678' })}`);
    await track(PromotionPath.trackVisit, 'android');
    await track(PromotionPath.trackVisit, 'web');
    await track(PromotionPath.trackClick, 'android');
    await registeredVisitor(t.app, id);

    // 03:00 UTC on the 10th of March is still the 9th in Mexico City (UTC-6): the day it counts on.
    const [registered] = await queryRows<{ borrower_id: number }>(t.database, sql`select borrower_id from promo_registrations where template_id = ${id}`);
    await t.database.db.update(promoRegistrations).set({ createdAt: new Date('2026-03-10T03:00:00Z') }).where(eq(promoRegistrations.borrowerId, registered?.borrower_id ?? 0));
    await t.database.db.insert(promoSmsCodes).values([
      { phone: '5500000091', codeHash: 'a'.repeat(64), templateId: id, createdAt: new Date('2026-03-10T05:59:59Z'), expiresAt: new Date('2026-03-10T06:10:00Z') },
      { phone: '5500000092', codeHash: 'b'.repeat(64), templateId: id, createdAt: new Date('2026-03-10T06:00:00Z'), expiresAt: new Date('2026-03-10T06:10:00Z') },
    ]);

    const today = dateInTimeZone(new Date(), MEXICO);
    const now = await staffCall<PromoFunnelDays>(t, admin, 'GET', daysPath({ templateId: id, from: today, to: today }));
    expect(now.status).toBe(200);
    expect(now.data).toMatchObject({ templateId: id, timeZone: MEXICO, from: today, to: today, days: [{ day: today, visits: 2, clicks: 1, smsSent: 1, registrations: 0 }] });

    const march = await staffCall<PromoFunnelDays>(t, admin, 'GET', daysPath({ templateId: id, from: '2026-03-08', to: '2026-03-11' }));
    expect(march.data.days).toEqual([
      { day: '2026-03-08', visits: 0, clicks: 0, smsSent: 0, registrations: 0 },
      { day: '2026-03-09', visits: 0, clicks: 0, smsSent: 1, registrations: 1 },
      { day: '2026-03-10', visits: 0, clicks: 0, smsSent: 1, registrations: 0 },
      { day: '2026-03-11', visits: 0, clicks: 0, smsSent: 0, registrations: 0 },
    ]);
    expect(march.data.totals).toEqual({ visits: 0, clicks: 0, smsSent: 2, registrations: 1 });
  });

  it('is an administrator’s read; a bad or too long range and an unknown template are refused', async () => {
    const { id } = await createTemplate(t.app, { name: 'Refusals' });
    const path = daysPath({ templateId: id, from: '2026-01-01', to: '2026-01-31' });
    expect(await staffCall(t, agent, 'GET', path)).toMatchObject(refused);
    expect(await staffCall(t, officer, 'GET', path)).toMatchObject(refused);
    expect((await staffCall(t, admin, 'GET', path)).status).toBe(200);
    for (const range of [
      { from: '2026-02-01', to: '2026-01-31' },
      { from: '2026-01-01', to: '2026-04-03' },
      { from: '2026-1-1', to: '2026-01-31' },
      { from: '2026-02-30', to: '2026-03-31' },
    ]) {
      expect(await staffCall(t, admin, 'GET', daysPath({ templateId: id, ...range }))).toMatchObject({ status: 400, code: ErrorCode.PromoFunnelRangeInvalid });
    }
    expect((await staffCall<PromoFunnelDays>(t, admin, 'GET', daysPath({ templateId: id, from: '2026-01-01', to: '2026-04-02' }))).data.days).toHaveLength(92);
    expect((await staffCall(t, admin, 'GET', daysPath({ templateId: 999_999, from: '2026-01-01', to: '2026-01-02' }))).status).toBe(404);
  });

  it('reads a template’s codes and registrations of a range on their (template, created_at) indexes', async () => {
    await t.database.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = async (table: string) =>
        JSON.stringify(await queryRows(t.database, sql`explain select count(*) from ${sql.identifier(table)} where template_id = 1 and created_at >= now() - interval '7 days' and created_at < now()`));
      expect(await plan('promo_sms_codes')).toContain('promo_sms_codes_template_day_idx');
      expect(await plan('promo_registrations')).toContain('promo_registrations_template_day_idx');
    } finally {
      await t.database.db.execute(sql`set enable_seqscan = on`);
    }
  });
});

describe('an order’s signature evidence (docs/decisions/184)', () => {
  it('shows the contract’s and India’s Key Facts Statement’s evidence to the credit desk, and whether each text still matches its hash', async () => {
    const who = await openSession(t.app, '+919800000184');
    const product = await productByCode(t.app, 'rupee-plus-180');
    expect((await callOperatorApi(t.app, 'POST', OperatorPath.offerSet, { userId: Number(who.userId), productId: product.id, couponMinor: 0, amountMinor: 1_500_000, termDays: 240 })).code).toBe(0);
    const orderNo = await pushOffer(t.app, who, product.id, '1');
    const path = OrderEvidencePath.signatures.replace(':orderNo', orderNo);

    expect(await staffCall(t, agent, 'GET', path)).toMatchObject(refused);
    const read = await staffCall<OrderSignatures>(t, officer, 'GET', path);
    expect(read.status).toBe(200);
    expect(read.data).toEqual({
      orderNo,
      signed: {
        agreedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        clientIp: '127.0.0.1',
        userAgent: 'lightMyRequest',
        language: 'en',
        documents: [
          { kind: 'contract', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), hashMatches: true },
          { kind: 'key-facts', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), hashMatches: true },
        ],
      },
    });

    // A stored text changed after signing no longer matches the hash signed with it.
    const [order] = await t.database.db.select({ id: loanOrders.id }).from(loanOrders).where(eq(loanOrders.orderNo, orderNo));
    await t.database.db.update(loanContracts).set({ text: '[]' }).where(eq(loanContracts.orderId, order?.id ?? 0));
    const tampered = await staffCall<OrderSignatures>(t, admin, 'GET', path);
    expect(tampered.data.signed?.documents.map((document) => [document.kind, document.hashMatches])).toEqual([
      ['contract', false],
      ['key-facts', true],
    ]);
    expect(await staffCall(t, officer, 'GET', OrderEvidencePath.signatures.replace(':orderNo', 'LN00000000000000'))).toMatchObject({ status: 404, code: ErrorCode.NotFound });
  });
});

describe('rectifying a borrower’s profile from a privacy request (docs/decisions/185)', () => {
  const calls = profileCalls(() => t);
  const rectificationPath = (folio: string) => PrivacyOperatorPath.rectification.replace(':folio', folio);

  let phones = 0;
  async function certifiedWithRequest(kind: 'rectification' | 'access') {
    const who = { ...(await openSession(t.app, `+5255185${String(++phones).padStart(5, '0')}`)), market: 'MX' as const, language: '2' as const };
    await calls.certify(who);
    const request = await privacyCall<ArcoRequest>(t.app, who, PrivacyPath.arcoRequest, { kind, description: 'My first name is Gloria Elena, not Gloria.' });
    expect(request.code).toBe(0);
    return { who, folio: request.data.folio };
  }

  it('corrects the name after a loan was applied for, answers the request and audits both in one step; the borrower’s profile shows it', async () => {
    const { who, folio } = await certifiedWithRequest('rectification');
    // The borrower cannot change a checked identity once an order exists; the desk can, on a request.
    const product = await productByCode(t.app, 'peso-flex-91');
    await pushOffer(t.app, who, product.id);
    expect((await calls.call(who, ProfilePath.identity, { ...GLORIA, givenNames: 'Gloria Elena' })).body.code).toBe(ErrorCode.ProfileIdentityLocked);

    const before = await staffCall<RectifiableProfile>(t, agent, 'GET', rectificationPath(folio));
    expect(before.data).toEqual({
      folio,
      userId: who.userId,
      market: 'MX',
      identity: { givenNames: 'Gloria', firstSurname: 'Hernández', secondSurname: 'García', birthDate: '1956-04-27', nationalIdKind: 'curp', nationalIdLast4: 'RL04' },
      address: { line1: MX_ADDRESS.line1, line2: '', city: MX_ADDRESS.city, state: MX_ADDRESS.state, postalCode: MX_ADDRESS.postalCode },
    });
    expect(JSON.stringify(before.data)).not.toContain(GLORIA.nationalId);

    const identity = { givenNames: 'Gloria Elena', firstSurname: 'Hernández', secondSurname: 'García', birthDate: '1956-04-27' };
    const done = await staffCall<RectificationResult>(t, agent, 'POST', rectificationPath(folio), { identity, answer: 'We corrected your first name to Gloria Elena.' });
    expect(done.status).toBe(200);
    expect(done.data.request).toMatchObject({ folio, status: 'answered', answer: 'We corrected your first name to Gloria Elena.' });
    expect(done.data.profile.identity).toMatchObject({ givenNames: 'Gloria Elena', nationalIdLast4: 'RL04' });

    const [profile] = await t.database.db.select().from(borrowerProfiles).where(eq(borrowerProfiles.borrowerId, Number(who.userId)));
    expect(profile).toMatchObject({ givenNames: 'Gloria Elena', nationalId: GLORIA.nationalId });
    const menu = await calls.call<UserMenu>(who, ProfilePath.menu);
    expect(menu.body.data.profile.name).toBe('Gloria Elena Hernández García');

    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'profile.rectify'), eq(auditLog.objectId, who.userId)));
    expect(entry).toMatchObject({ actorEmail: 'agent@lender.example', role: 'agent', objectType: 'borrower', before: { folio, givenNames: 'Gloria' }, after: { folio, givenNames: 'Gloria Elena' } });
    expect(await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'privacy.arco.answer'), eq(auditLog.objectId, folio)))).toHaveLength(1);

    // Answered once: a second correction changes nothing.
    expect(await staffCall(t, agent, 'POST', rectificationPath(folio), { identity: { ...identity, givenNames: 'Elena' }, answer: 'Again.' })).toMatchObject({ status: 409, code: ErrorCode.PrivacyRequestAnswered });
  });

  it('checks a correction with the profile’s own rules and changes nothing when one fails', async () => {
    const { who, folio } = await certifiedWithRequest('rectification');
    const post = (body: Record<string, unknown>) => staffCall(t, agent, 'POST', rectificationPath(folio), { answer: 'Corrected.', ...body });
    const identity = { givenNames: 'Gloria', firstSurname: 'Hernández', secondSurname: 'García', birthDate: '1956-04-27' };
    // The stored CURP no longer matches a birth date moved by a year; an under-age date; a bad name; a bad postal code.
    expect(await post({ identity: { ...identity, birthDate: '1957-04-27' } })).toMatchObject({ status: 400, code: ErrorCode.ProfileCurpBirthDateMismatch });
    expect(await post({ identity: { ...identity, birthDate: '2020-01-01', nationalId: 'HEGG200101MVZRRL04' } })).toMatchObject({ code: ErrorCode.ProfileUnderAge });
    expect(await post({ identity: { ...identity, givenNames: '<b>' } })).toMatchObject({ code: ErrorCode.ProfileNameInvalid });
    expect(await post({ address: { ...MX_ADDRESS, postalCode: '123' } })).toMatchObject({ code: ErrorCode.ProfilePostalCodeInvalid });
    expect(await post({})).toMatchObject({ status: 400, code: ErrorCode.RectificationNothingGiven });
    expect(await post({ identity: { givenNames: 'Gloria' } })).toMatchObject({ status: 400 });
    expect(await staffCall(t, agent, 'POST', rectificationPath(folio), { address: MX_ADDRESS })).toMatchObject({ status: 400 });

    // The address alone, with the answer: the request is answered and the identity untouched.
    const moved = { line1: 'Calle Morelos 12', line2: 'Depto 3', city: 'Puebla', state: 'Puebla', postalCode: '72000' };
    const done = await post({ address: moved });
    expect(done).toMatchObject({ status: 200, code: 0 });
    const [profile] = await t.database.db.select().from(borrowerProfiles).where(eq(borrowerProfiles.borrowerId, Number(who.userId)));
    expect(profile).toMatchObject({ givenNames: 'Gloria', addressLine1: 'Calle Morelos 12', addressLine2: 'Depto 3', city: 'Puebla', postalCode: '72000' });
    const [entry] = await t.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'profile.rectify'), eq(auditLog.objectId, who.userId)));
    expect(entry?.before).toEqual({ folio, addressLine1: MX_ADDRESS.line1, addressLine2: null, city: MX_ADDRESS.city, state: MX_ADDRESS.state, postalCode: MX_ADDRESS.postalCode });
    expect(entry?.after).toEqual({ folio, ...{ addressLine1: moved.line1, addressLine2: moved.line2, city: moved.city, state: moved.state, postalCode: moved.postalCode } });
  });

  it('is the service desk’s: a credit officer is refused, and only a rectification request opens it', async () => {
    const { folio } = await certifiedWithRequest('rectification');
    expect(await staffCall(t, officer, 'GET', rectificationPath(folio))).toMatchObject(refused);
    expect(await staffCall(t, officer, 'POST', rectificationPath(folio), { address: MX_ADDRESS, answer: 'Corrected.' })).toMatchObject(refused);
    expect((await staffCall(t, admin, 'GET', rectificationPath(folio))).status).toBe(200);

    const access = await certifiedWithRequest('access');
    expect(await staffCall(t, agent, 'GET', rectificationPath(access.folio))).toMatchObject({ status: 409, code: ErrorCode.RectificationNotRectification });
    expect(await staffCall(t, agent, 'POST', rectificationPath(access.folio), { address: MX_ADDRESS, answer: 'Corrected.' })).toMatchObject({ status: 409, code: ErrorCode.RectificationNotRectification });
    expect(await staffCall(t, agent, 'GET', rectificationPath('AR99999999'))).toMatchObject({ status: 404, code: ErrorCode.PrivacyRequestNotFound });
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.objectId, access.folio))).toHaveLength(0);
  });

  it('opens for India’s correction request under the DPDP Act, not for its erasure (docs/decisions/231)', async () => {
    const requestOf = async (who: Awaited<ReturnType<typeof indianBorrower>>, kind: 'correction' | 'erasure') => {
      const request = await privacyCall<ArcoRequest>(t.app, who, PrivacyPath.arcoRequest, { kind, description: 'My address changed: I live at 14 MG Road now.' });
      expect(request.code).toBe(0);
      return request.data.folio;
    };
    const priya = await indianBorrower();
    const folio = await requestOf(priya, 'correction');
    const before = await staffCall<RectifiableProfile>(t, agent, 'GET', rectificationPath(folio));
    expect(before.data).toMatchObject({ folio, market: 'IN', identity: { nationalIdKind: 'pan', nationalIdLast4: '234F' }, address: { line1: IN_ADDRESS.line1 } });
    const done = await staffCall<RectificationResult>(t, agent, 'POST', rectificationPath(folio), { address: { ...IN_ADDRESS, line1: '14 MG Road' }, answer: 'We updated your address.' });
    expect(done.data).toMatchObject({ request: { folio, kind: 'correction', status: 'answered' }, profile: { address: { line1: '14 MG Road' } } });

    const erasure = await requestOf(await indianBorrower(), 'erasure');
    expect(await staffCall(t, agent, 'GET', rectificationPath(erasure))).toMatchObject({ status: 409, code: ErrorCode.RectificationNotRectification });
  });

  async function indianBorrower() {
    const who = { ...(await openSession(t.app, `98113${String(++phones).padStart(5, '0')}`, 'IN')), market: 'IN' as const, language: '1' as const };
    await calls.certify(who);
    return who;
  }
});
