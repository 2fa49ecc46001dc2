import { ErrorCode, MACHINE_BASE, NotCollectedPath, ProfilePath, type CertificationInfo } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerProfiles, profileImages } from '../src/db/schema';
import { removeAbandonedUploads } from '../src/modules/complaints';
import { profileFilesAmong } from '../src/modules/profiles';
import { images } from './factories';
import { createTestApp, GENEROUS_BORROWER_CAPS, type TestApp } from './helper';
import { GLORIA, IN_ADDRESS, MX_ADDRESS, MX_EMPLOYMENT, newBorrower, PRIYA, profileCalls, refusal } from './profile-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ borrowerCaps: GENEROUS_BORROWER_CAPS });
});
afterAll(async () => t?.close());

const { call, upload, consentAll, certify } = profileCalls(() => t);

async function profileRow(userId: string) {
  const [row] = await t.database.db.select().from(borrowerProfiles).where(eq(borrowerProfiles.borrowerId, Number(userId)));
  return row;
}

describe('certification in Mexico (Spanish)', () => {
  it('takes each step, saves what it has, and says which steps are left', async () => {
    const ana = await newBorrower(t, 'MX');
    const before = await call(ana, ProfilePath.certificationInfo);
    expect(before.body).toMatchObject({ code: 0, message: 'Éxito', data: { market: 'MX', complete: false, missing: ['identity', 'address', 'employment', 'id-front', 'id-back', 'selfie', 'consents', 'payout-account'] } });
    const identity = await call(ana, ProfilePath.identity, GLORIA);
    expect(identity.body.data.steps.identity).toBe(true);
    expect(identity.body.data.missing).not.toContain('identity');
    const row = await profileRow(ana.userId);
    expect(row).toMatchObject({ givenNames: 'Gloria', firstSurname: 'Hernández', birthDate: '1956-04-27', nationalIdKind: 'curp', nationalId: 'HEGG560427MVZRRL04', aadhaarLast4: null });
    const info = await certify(ana);
    expect(info).toMatchObject({ complete: true, missing: [] } satisfies Partial<CertificationInfo>);
  });

  it('refuses a malformed CURP, a wrong check digit, and one that is not the borrower’s, in Spanish', async () => {
    const ana = await newBorrower(t, 'MX');
    const cases: [Record<string, unknown>, number][] = [
      [{ ...GLORIA, nationalId: 'HEGG560427' }, ErrorCode.ProfileCurpInvalid],
      [{ ...GLORIA, nationalId: 'HEGG560427MVZRRL05' }, ErrorCode.ProfileCurpCheckDigit],
      [{ ...GLORIA, birthDate: '1956-04-28' }, ErrorCode.ProfileCurpBirthDateMismatch],
      [{ ...GLORIA, givenNames: 'Mariana' }, ErrorCode.ProfileCurpNameMismatch],
      [{ ...GLORIA, birthDate: '2010-04-27' }, ErrorCode.ProfileUnderAge],
      [{ ...GLORIA, birthDate: '1956-02-30' }, ErrorCode.ProfileBirthDateInvalid],
      [{ ...GLORIA, givenNames: '<script>' }, ErrorCode.ProfileNameInvalid],
    ];
    for (const [body, code] of cases) {
      const answer = await call(ana, ProfilePath.identity, body);
      expect(answer).toEqual({ status: 400, body: refusal(code as never, 'es') });
    }
    // The refused steps rolled back whole: not even an empty profile row was left.
    expect(await profileRow(ana.userId)).toBeUndefined();
  });

  it('keeps the earlier identity whole when a correction is refused', async () => {
    const ana = await newBorrower(t, 'MX');
    await call(ana, ProfilePath.identity, GLORIA);
    const refused = await call(ana, ProfilePath.identity, { ...GLORIA, givenNames: 'Mariana', birthDate: '1999-01-01' });
    expect(refused.body.code).toBe(ErrorCode.ProfileCurpBirthDateMismatch);
    expect(await profileRow(ana.userId)).toMatchObject({ givenNames: 'Gloria', birthDate: '1956-04-27' });
  });

  it('refuses a zero or absurd income and negative debts, in English when asked', async () => {
    const ana = await newBorrower(t, 'MX');
    for (const monthlyIncomeMinor of [0, -5, 99_999, 100_000_001, 1.5, 'mucho']) {
      const answer = await call(ana, ProfilePath.employment, { ...MX_EMPLOYMENT, monthlyIncomeMinor }, '1');
      expect(answer).toEqual({ status: 400, body: refusal(ErrorCode.ProfileIncomeInvalid, 'en') });
    }
    expect((await call(ana, ProfilePath.employment, { ...MX_EMPLOYMENT, monthlyDebtPaymentsMinor: -1 })).body).toEqual(refusal(ErrorCode.ProfileDebtsInvalid, 'es'));
    expect((await call(ana, ProfilePath.employment, { ...MX_EMPLOYMENT, employment: 'astronaut' })).body).toEqual(refusal(ErrorCode.ProfileEmploymentInvalid, 'es'));
    expect((await call(ana, ProfilePath.employment, { ...MX_EMPLOYMENT, employerName: '' })).body.code).toBe(ErrorCode.ProfileEmploymentInvalid);
    // A form sends numbers as text.
    expect((await call(ana, ProfilePath.employment, { ...MX_EMPLOYMENT, monthlyIncomeMinor: '1500000' })).body.code).toBe(0);
    expect(await profileRow(ana.userId)).toMatchObject({ monthlyIncomeMinor: 1_500_000, monthlyDebtPaymentsMinor: 200_000 });
  });

  it('refuses a postal code of the other market', async () => {
    const ana = await newBorrower(t, 'MX');
    expect((await call(ana, ProfilePath.address, { ...MX_ADDRESS, postalCode: '560001' })).body).toEqual(refusal(ErrorCode.ProfilePostalCodeInvalid, 'es'));
    expect((await call(ana, ProfilePath.address, { ...MX_ADDRESS, city: '' })).body).toEqual(refusal(ErrorCode.ProfileAddressInvalid, 'es'));
  });
});

describe('certification in India (English)', () => {
  it('takes a personal PAN and the last 4 Aadhaar digits, never the whole number', async () => {
    const raj = await newBorrower(t, 'IN');
    const saved = await call(raj, ProfilePath.identity, PRIYA);
    expect(saved.body).toMatchObject({ code: 0, message: 'Success', data: { market: 'IN' } });
    expect(await profileRow(raj.userId)).toMatchObject({ nationalIdKind: 'pan', nationalId: 'ABCPS1234F', aadhaarLast4: '4321' });
    const whole = await call(raj, ProfilePath.identity, { ...PRIYA, aadhaarLast4: '2345 6789 4321' });
    expect(whole).toEqual({ status: 400, body: refusal(ErrorCode.ProfileAadhaarFullNumber, 'en') });
    expect(JSON.stringify(await profileRow(raj.userId))).not.toContain('23456789');
    expect(t.logs()).not.toContain('23456789');
  });

  it('refuses a malformed PAN and a company’s PAN, in English and in Spanish', async () => {
    const raj = await newBorrower(t, 'IN');
    expect(await call(raj, ProfilePath.identity, { ...PRIYA, nationalId: 'ABCPS12345' })).toEqual({ status: 400, body: refusal(ErrorCode.ProfilePanInvalid, 'en') });
    expect((await call(raj, ProfilePath.identity, { ...PRIYA, nationalId: 'AAACR5055K' }, '2')).body).toEqual(refusal(ErrorCode.ProfilePanNotPerson, 'es'));
    expect((await call(raj, ProfilePath.identity, { ...PRIYA, birthDate: '2012-01-01' })).body).toEqual(refusal(ErrorCode.ProfileUnderAge, 'en'));
    expect((await call(raj, ProfilePath.address, { ...IN_ADDRESS, postalCode: '03940' })).body).toEqual(refusal(ErrorCode.ProfilePostalCodeInvalid, 'en'));
    expect((await call(raj, ProfilePath.employment, { employment: 'student', monthlyIncomeMinor: 0 })).body).toEqual(refusal(ErrorCode.ProfileIncomeInvalid, 'en'));
    expect(await profileRow(raj.userId)).toBeUndefined();
  });

  it('takes a name without a surname in India, not in Mexico', async () => {
    const raj = await newBorrower(t, 'IN');
    expect((await call(raj, ProfilePath.identity, { ...PRIYA, givenNames: 'Priya Sharma', firstSurname: '' })).body.code).toBe(0);
    expect(await profileRow(raj.userId)).toMatchObject({ givenNames: 'Priya Sharma', firstSurname: null });
    const ana = await newBorrower(t, 'MX');
    expect((await call(ana, ProfilePath.identity, { ...GLORIA, givenNames: 'Gloria Hernández', firstSurname: undefined })).body).toEqual(refusal(ErrorCode.ProfileNameInvalid, 'es'));
  });

  it('completes the certification', async () => {
    const raj = await newBorrower(t, 'IN');
    expect(await certify(raj)).toMatchObject({ complete: true });
  });
});

describe('identity photos', () => {
  it('stores each kind re-encoded, replacing an earlier photo and its file', async () => {
    const ana = await newBorrower(t, 'MX');
    const first = await upload(ana, 'id-front', await images.jpegWithLocation());
    expect(first.body.data?.steps['id-front']).toBe(true);
    const [row] = await t.database.db.select().from(profileImages).where(eq(profileImages.borrowerId, Number(ana.userId)));
    const stored = await t.storage.get(row?.name ?? '');
    expect(stored && Buffer.from(stored).includes(Buffer.from('LeakyCam'))).toBe(false);
    await upload(ana, 'id-front', await images.webp());
    const rows = await t.database.db.select().from(profileImages).where(eq(profileImages.borrowerId, Number(ana.userId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.contentType).toBe('image/webp');
    expect(await t.storage.get(row?.name ?? '')).toBeUndefined();
  });

  it('refuses what is not an image, a missing file and an unknown kind, storing nothing', async () => {
    const raj = await newBorrower(t, 'IN');
    const filesBefore = (await t.storage.list()).length;
    expect(await upload(raj, 'selfie', Buffer.from('%PDF-1.7 not a photo'))).toEqual({ status: 415, body: refusal(ErrorCode.ProfileImageNotImage, 'en') });
    expect((await upload(raj, 'selfie', await images.gif(), '2')).body).toEqual(refusal(ErrorCode.ProfileImageNotImage, 'es'));
    expect((await upload(raj, 'passport')).status).toBe(400);
    expect((await call(raj, ProfilePath.image + '/selfie', {})).body).toEqual(refusal(ErrorCode.ProfileImageMissing, 'en'));
    expect((await t.storage.list()).length).toBe(filesBefore);
    expect(await t.database.db.select().from(profileImages).where(eq(profileImages.borrowerId, Number(raj.userId)))).toEqual([]);
  });
});

describe('consents', () => {
  it('records each with its text version, time and source, and refuses an outdated text or an unknown kind', async () => {
    const ana = await newBorrower(t, 'MX');
    expect((await consentAll(ana, ['privacy-notice', 'credit-bureau'])).body.data.steps.consents).toBe(false);
    expect((await consentAll(ana, ['e-signature'])).body.data.steps.consents).toBe(true);
    const outdated = await call(ana, ProfilePath.consents, { items: [{ kind: 'sms', version: 'MX-2020-01' }] });
    expect(outdated).toEqual({ status: 409, body: refusal(ErrorCode.ProfileConsentOutdated, 'es') });
    expect((await call(ana, ProfilePath.consents, { items: [{ kind: 'contacts', version: 'MX-2026-11' }] })).body).toEqual(refusal(ErrorCode.ProfileConsentUnknown, 'es'));
  });
});

describe('concurrent submissions', () => {
  it('of the same step leave one row holding one submission whole', async () => {
    const ana = await newBorrower(t, 'MX');
    const submissions = [1, 2, 3, 4, 5, 6].map((n) => ({ ...MX_EMPLOYMENT, employerName: `Empresa ${n}`, monthlyIncomeMinor: n * 1_000_000 }));
    const answers = await Promise.all(submissions.map((body) => call(ana, ProfilePath.employment, body)));
    expect(answers.map((answer) => answer.body.code)).toEqual([0, 0, 0, 0, 0, 0]);
    const rows = await t.database.db.select().from(borrowerProfiles).where(eq(borrowerProfiles.borrowerId, Number(ana.userId)));
    expect(rows).toHaveLength(1);
    const n = Number(rows[0]?.employerName?.split(' ')[1]);
    expect(rows[0]?.monthlyIncomeMinor).toBe(n * 1_000_000);
  });

  it('of the same photo leave one row and one file', async () => {
    const raj = await newBorrower(t, 'IN');
    const filesBefore = (await t.storage.list()).length;
    const answers = await Promise.all([1, 2, 3, 4].map(async () => upload(raj, 'selfie', await images.png())));
    expect(answers.map((answer) => answer.body.code)).toEqual([0, 0, 0, 0]);
    const rows = await t.database.db.select().from(profileImages).where(eq(profileImages.borrowerId, Number(raj.userId)));
    expect(rows).toHaveLength(1);
    expect((await t.storage.list()).length).toBe(filesBefore + 1);
  });
});

describe('the API description', () => {
  it('describes every profile call and every refused collection call', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const paths = [...Object.values(ProfilePath).filter((path) => path !== ProfilePath.image), `${ProfilePath.image}/{kind}`, ...Object.values(NotCollectedPath)];
    for (const path of paths) expect(Object.keys(docs.paths[`${MACHINE_BASE}${path}`] ?? {}), path).toEqual(['post']);
    expect(JSON.stringify(docs.paths[`${MACHINE_BASE}${ProfilePath.identity}`])).toContain('aadhaarLast4');
  });
});

describe('the uploads clean-up', () => {
  it('keeps identity photos, which no complaint claims, however old', async () => {
    const ana = await newBorrower(t, 'MX');
    await upload(ana, 'id-back');
    const [row] = await t.database.db.select().from(profileImages).where(eq(profileImages.borrowerId, Number(ana.userId)));
    const later = new Date(Date.now() + 3 * 24 * 60 * 60 * 1000);
    await removeAbandonedUploads(t.database.db, t.storage, later, [profileFilesAmong]);
    expect(await t.storage.get(row?.name ?? '')).toBeDefined();
    // Without the profiles module's word the same file would be an orphan.
    expect((await removeAbandonedUploads(t.database.db, t.storage, later)).orphans).toBeGreaterThan(0);
    expect(await t.storage.get(row?.name ?? '')).toBeUndefined();
  });
});
