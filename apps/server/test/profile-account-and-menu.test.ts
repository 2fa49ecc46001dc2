import { ErrorCode, LoanStatus, NotCollectedPath, PrivacyPath, ProfilePath, type ConsentView, type PayoutAccountView, type UserMenu } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerProfiles, deviceRecords, payoutAccounts, profileConsents, profileImages } from '../src/db/schema';
import { scorecardInputs } from '../src/modules/profiles';
import { createOrder } from './factories';
import { createTestApp, GENEROUS_BORROWER_CAPS, type TestApp } from './helper';
import { myDataOf, privacyCall } from './privacy-helpers';
import { certifiedAccountOf, clabe, GLORIA, newBorrower, PRIYA, profileCalls, refusal } from './profile-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS });
});
afterAll(async () => t?.close());

const { call, upload, consentAll, certify } = profileCalls(() => t);
const bind = (who: Parameters<typeof call>[0], body: Record<string, unknown>, language?: string) => call<PayoutAccountView | null>(who, ProfilePath.payoutBind, body, language);
const activeAccounts = async (userId: string) =>
  (await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.borrowerId, Number(userId)))).filter((row) => row.replacedAt === null);

describe('payout account', () => {
  it('Mexico: binds a CLABE of a known bank held by the borrower, refusing malformed ones in Spanish', async () => {
    const ana = await newBorrower(t, 'MX');
    expect(await bind(ana, { holderName: 'Gloria Hernández García', clabe: clabe('012') })).toEqual({ status: 409, body: refusal(ErrorCode.ProfileIdentityFirst, 'es') });
    await call(ana, ProfilePath.identity, GLORIA);
    expect((await bind(ana, { holderName: 'Gloria Hernández García', clabe: '01218000011835' })).body).toEqual(refusal(ErrorCode.PayoutClabeInvalid, 'es'));
    const wrongDigit = clabe('012').slice(0, 17) + String((Number(clabe('012').slice(17)) + 1) % 10);
    expect((await bind(ana, { holderName: 'Gloria Hernández García', clabe: wrongDigit })).body).toEqual(refusal(ErrorCode.PayoutClabeCheckDigit, 'es'));
    expect((await bind(ana, { holderName: 'Gloria Hernández García', clabe: clabe('999') })).body).toEqual(refusal(ErrorCode.PayoutBankUnknown, 'es'));
    expect((await bind(ana, { holderName: 'Juan Pérez', clabe: clabe('012') }, '1')).body).toEqual(refusal(ErrorCode.PayoutHolderMismatch, 'en'));
    expect(await activeAccounts(ana.userId)).toEqual([]);
    const bound = await bind(ana, { holderName: 'GLORIA HERNANDEZ GARCIA', clabe: clabe('012') });
    expect(bound.body).toMatchObject({ code: 0, data: { kind: 'clabe', bankName: 'BBVA MEXICO', masked: `**************${clabe('012').slice(-4)}` } });
  });

  it('India: binds an IFSC and account number held by the borrower, refusing malformed ones in English', async () => {
    const raj = await newBorrower(t, 'IN');
    await call(raj, ProfilePath.identity, PRIYA);
    expect((await bind(raj, { holderName: 'Priya Sharma', ifsc: 'SBIN1234', accountNumber: '50100123456789' })).body).toEqual(refusal(ErrorCode.PayoutIfscInvalid, 'en'));
    expect((await bind(raj, { holderName: 'Priya Sharma', ifsc: 'SBIN0001234', accountNumber: '12AB' })).body).toEqual(refusal(ErrorCode.PayoutAccountNumberInvalid, 'en'));
    // Well formed, but no bank branch has it: a bank that does not exist, and a branch State Bank of India does not have.
    expect((await bind(raj, { holderName: 'Priya Sharma', ifsc: 'ZZZZ0001234', accountNumber: '50100123456789' })).body).toEqual(refusal(ErrorCode.PayoutIfscUnknown, 'en'));
    expect((await bind(raj, { holderName: 'Priya Sharma', ifsc: 'SBIN0999999', accountNumber: '50100123456789' }, '2')).body).toEqual(refusal(ErrorCode.PayoutIfscUnknown, 'es'));
    expect((await bind(raj, { holderName: 'Rahul Sharma', ifsc: 'SBIN0001234', accountNumber: '50100123456789' }, '2')).body).toEqual(refusal(ErrorCode.PayoutHolderMismatch, 'es'));
    const bound = await bind(raj, { holderName: 'sharma priya', ifsc: 'sbin0001234', accountNumber: '5010 0123 4567 89' });
    expect(bound.body).toMatchObject({ code: 0, message: 'Success', data: { kind: 'bank-account', bankName: 'State Bank of India', masked: '**********6789' } });
  });

  it('keeps one active account, replaced freely until an order awaits its payout', async () => {
    const ana = await newBorrower(t, 'MX');
    await call(ana, ProfilePath.identity, GLORIA);
    await bind(ana, { holderName: 'Gloria Hernández García', clabe: clabe('012') });
    await bind(ana, { holderName: 'Gloria Hernández García', clabe: clabe('072') });
    expect((await activeAccounts(ana.userId)).map((row) => row.bankName)).toEqual(['BANORTE']);
    await createOrder(t.database.db, Number(ana.userId), LoanStatus.Disbursing);
    expect(await bind(ana, { holderName: 'Gloria Hernández García', clabe: clabe('002') })).toEqual({ status: 409, body: refusal(ErrorCode.PayoutAccountLocked, 'es') });
    // The same account again is no change.
    expect((await bind(ana, { holderName: 'Gloria Hernández García', clabe: clabe('072') })).body.code).toBe(0);
    expect((await activeAccounts(ana.userId)).map((row) => row.bankName)).toEqual(['BANORTE']);
  });

  it('concurrent binds leave exactly one active account', async () => {
    const ana = await newBorrower(t, 'MX');
    await call(ana, ProfilePath.identity, GLORIA);
    const banks = ['002', '012', '014', '021', '072', '127'];
    const answers = await Promise.all(banks.map((bank) => bind(ana, { holderName: 'Gloria Hernández García', clabe: clabe(bank) })));
    expect(answers.every((answer) => answer.body.code === 0)).toBe(true);
    expect(await activeAccounts(ana.userId)).toHaveLength(1);
  });
});

describe('device data', () => {
  const device = { appVersion: '1.4.0', os: 'android', osVersion: '14', deviceModel: 'Pixel 8', deviceId: 'a1b2c3' };

  it('is kept only with the borrower’s consent', async () => {
    const raj = await newBorrower(t, 'IN');
    expect(await call(raj, ProfilePath.deviceInfo, device)).toEqual({ status: 403, body: refusal(ErrorCode.DeviceConsentMissing, 'en') });
    await consentAll(raj, ['device-data']);
    expect((await call(raj, ProfilePath.deviceInfo, device)).body).toMatchObject({ code: 0, data: { recorded: true } });
    expect((await call(raj, ProfilePath.deviceInfo, { ...device, appVersion: '1.5.0' })).body.code).toBe(0);
    const rows = await t.database.db.select().from(deviceRecords).where(eq(deviceRecords.borrowerId, Number(raj.userId)));
    expect(rows).toMatchObject([{ deviceId: 'a1b2c3', appVersion: '1.5.0', deviceModel: 'Pixel 8' }]);
    await call(raj, ProfilePath.consentWithdraw, { kind: 'device-data' });
    expect((await call(raj, ProfilePath.deviceInfo, device)).body.code).toBe(ErrorCode.DeviceConsentMissing);
  });

  it('contacts, call logs, photos and location are refused without being read', async () => {
    const ana = await newBorrower(t, 'MX');
    for (const path of Object.values(NotCollectedPath)) {
      expect(await call(ana, path, { contacts: [{ name: 'Mamá', phone: '5512345678' }] })).toEqual({ status: 403, body: refusal(ErrorCode.DataNotCollected, 'es') });
    }
    expect((await call(ana, NotCollectedPath.location, { lat: 19.4, lng: -99.1 }, '1')).body).toEqual(refusal(ErrorCode.DataNotCollected, 'en'));
    expect(t.logs()).not.toContain('Mamá');
  });
});

describe('user menu and consent withdrawal', () => {
  it('shows the profile with masked ids and account, the consents and the links, in Spanish', async () => {
    const ana = await newBorrower(t, 'MX');
    await certify(ana);
    const menu = await call<UserMenu>(ana, ProfilePath.menu);
    expect(menu.body.data.profile).toEqual({ name: 'Gloria Hernández García', market: 'MX', nationalId: { kind: 'curp', masked: 'HEGG************04' }, certificationComplete: true });
    expect(menu.body.data.payoutAccount?.masked).toMatch(/^\*{14}\d{4}$/);
    expect(JSON.stringify(menu.body.data)).not.toContain('HEGG560427');
    expect(menu.body.data.consents.find((c) => c.kind === 'credit-bureau')).toMatchObject({ title: 'Consulta al buró de crédito', given: true, withdrawable: true, version: 'MX-2026-11' });
    expect(menu.body.data.consents.find((c) => c.kind === 'privacy-notice')?.withdrawable).toBe(false);
    expect(menu.body.data.links).toEqual([
      { key: 'privacy-centre', title: 'Centro de privacidad', path: '/privacyCentre' },
      { key: 'privacy-notice', title: 'Aviso de privacidad', path: '/privacyNotice?market=MX' },
      { key: 'complaints', title: 'Mis quejas', path: '/complaintList' },
      { key: 'customer-service', title: 'Atención al cliente', path: '/Dag' },
    ]);
  });

  it('in English, masks a PAN', async () => {
    const raj = await newBorrower(t, 'IN');
    await certify(raj);
    const menu = await call<UserMenu>(raj, ProfilePath.menu);
    expect(menu.body.data.profile.nationalId).toEqual({ kind: 'pan', masked: '******234F' });
    expect(menu.body.data.links[0]?.title).toBe('Privacy centre');
    // India's notice, whatever the language the menu is read in (docs/decisions/231).
    expect(menu.body.data.links.find((link) => link.key === 'privacy-notice')).toEqual({ key: 'privacy-notice', title: 'Privacy notice', path: '/privacyNotice?market=IN' });
  });

  it('lets SMS be withdrawn always, the bureau and signature until an order used them, the privacy notice never', async () => {
    const ana = await newBorrower(t, 'MX');
    await consentAll(ana);
    const withdrawn = await call<{ items: ConsentView[] }>(ana, ProfilePath.consentWithdraw, { kind: 'sms' });
    expect(withdrawn.body.data.items.find((c) => c.kind === 'sms')).toMatchObject({ given: false, withdrawable: false });
    expect((await privacyCall<{ preferences: { marketing: boolean } }>(t.app, ana, PrivacyPath.overview)).data.preferences.marketing).toBe(false);
    expect(await call(ana, ProfilePath.consentWithdraw, { kind: 'privacy-notice' })).toEqual({ status: 409, body: refusal(ErrorCode.ProfileConsentNotWithdrawable, 'es') });
    expect((await call(ana, ProfilePath.consentWithdraw, { kind: 'e-signature' })).body.code).toBe(0);
    expect((await call(ana, ProfilePath.certificationInfo)).body.data.steps.consents).toBe(false);
    await consentAll(ana, ['e-signature']);
    await createOrder(t.database.db, Number(ana.userId), LoanStatus.Settled);
    expect((await call(ana, ProfilePath.consentWithdraw, { kind: 'credit-bureau' }, '1')).body).toEqual(refusal(ErrorCode.ProfileConsentNotWithdrawable, 'en'));
    const history = await t.database.db.select().from(profileConsents).where(eq(profileConsents.borrowerId, Number(ana.userId)));
    expect(history.filter((row) => row.kind === 'e-signature')).toHaveLength(2);
    expect(history.every((row) => row.source === 'app:android')).toBe(true);
  });

  it('refuses a change of identity once the borrower has applied for a loan', async () => {
    const ana = await newBorrower(t, 'MX');
    await call(ana, ProfilePath.identity, GLORIA);
    await createOrder(t.database.db, Number(ana.userId), LoanStatus.Rejected);
    expect((await call(ana, ProfilePath.identity, GLORIA)).body.code).toBe(0);
    // Still a name her CURP fits, but not the one the lender checked.
    const changed = await call(ana, ProfilePath.identity, { ...GLORIA, secondSurname: 'García de la Cruz' });
    expect(changed).toEqual({ status: 409, body: refusal(ErrorCode.ProfileIdentityLocked, 'es') });
    const other = { givenNames: 'Juan', firstSurname: 'Pérez', birthDate: '1990-01-01', nationalId: 'PEXJ900101HDFRRN0' };
    const { curpCheckDigit } = await import('@lend/domain');
    const answer = await call(ana, ProfilePath.identity, { ...other, nationalId: `${other.nationalId}${curpCheckDigit(other.nationalId)}` });
    expect(answer).toEqual({ status: 409, body: refusal(ErrorCode.ProfileIdentityLocked, 'es') });
  });
});

describe('what a credit decision reads', () => {
  it('tells whether the profile is complete, with age, income, debts, checks and the national id', async () => {
    const ana = await newBorrower(t, 'MX');
    expect(await scorecardInputs(t.database.db, Number(ana.userId), new Date('2026-11-26T12:00:00Z'))).toMatchObject({ complete: false, ageYears: null, nationalId: null });
    await certify(ana);
    expect(await scorecardInputs(t.database.db, Number(ana.userId), new Date('2026-11-26T12:00:00Z'))).toMatchObject({
      complete: true,
      market: 'MX',
      ageYears: 70,
      monthlyIncomeMinor: 1_500_000,
      declaredMonthlyDebtsMinor: 200_000,
      identityChecks: { nationalIdValid: true, matchesNameAndBirthDate: true, adult: true, idPhotos: true, selfie: true },
      nationalId: { kind: 'curp', value: 'HEGG560427MVZRRL04' },
      creditBureauConsent: true,
    });
  });
});

describe('privacy', () => {
  it('the data download holds the profile, photos, consents, payout accounts and devices', async () => {
    const raj = await newBorrower(t, 'IN');
    await certify(raj);
    await call(raj, ProfilePath.deviceInfo, { appVersion: '1.4.0', os: 'ios', osVersion: '17', deviceModel: 'iPhone 15', deviceId: 'ios-9' });
    const data = await myDataOf(t.app, raj);
    expect(data.code).toBe(0);
    expect(data.data.certification.profile).toMatchObject({ nationalId: 'ABCPS1234F', aadhaarLast4: '4321', monthlyIncomeMinor: 4_000_000 });
    expect(data.data.certification.idImages.map((image) => image.kind)).toEqual(['id-back', 'id-front', 'selfie']);
    expect(data.data.certification.consents).toHaveLength(5);
    expect(data.data.certification.payoutAccounts).toMatchObject([{ accountNumber: certifiedAccountOf(raj).accountNumber, bankCode: 'SBIN0001234' }]);
    expect(data.data.certification.devices).toMatchObject([{ deviceModel: 'iPhone 15' }]);
  });

  it('account deletion erases the profile, the photos and their files, the payout account and devices', async () => {
    const ana = await newBorrower(t, 'MX');
    await certify(ana);
    await upload(ana, 'selfie');
    const id = Number(ana.userId);
    const names = (await t.database.db.select().from(profileImages).where(eq(profileImages.borrowerId, id))).map((row) => row.name);
    expect(names).toHaveLength(3);
    const deleted = await privacyCall(t.app, ana, PrivacyPath.deleteAccount);
    expect(deleted.code).toBe(0);
    expect(await t.database.db.select().from(borrowerProfiles).where(eq(borrowerProfiles.borrowerId, id))).toEqual([]);
    expect(await t.database.db.select().from(profileImages).where(eq(profileImages.borrowerId, id))).toEqual([]);
    expect(await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.borrowerId, id))).toEqual([]);
    for (const name of names) expect(await t.storage.get(name)).toBeUndefined();
    const consents = await t.database.db.select().from(profileConsents).where(eq(profileConsents.borrowerId, id));
    expect(consents.every((row) => row.ip === null && row.deviceId === null && row.withdrawnAt !== null)).toBe(true);
  });
});
