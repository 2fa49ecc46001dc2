import { CERTIFICATION_STEPS, CONSENT_KINDS, ErrorCode, type CertificationInfo, type CertificationStep } from '@lend/contracts';
import { clabeCheckDigit, curpCheckDigit } from '@lend/domain';
import { describe, expect, it } from 'vitest';
import { ApiError, HttpError, NetworkError } from '../../lib/http/errors';
import { nextPlace, placeOf } from './onboarding-steps';
import { scaledSize } from './photo-prep';
import { sendWithRetry } from './send-with-retry';
import { clearDraft, readDraft, writeDraft } from './step-draft';
import { problemsOf } from './step-form';
import { typedAmountMinor } from './steps/EmploymentStep';
import { identityProblems } from './steps/IdentityStep';
import { bankOf } from './steps/PayoutStep';

function infoWith(missing: CertificationStep[]): CertificationInfo {
  return {
    market: 'MX',
    steps: Object.fromEntries(CERTIFICATION_STEPS.map((step) => [step, !missing.includes(step)])) as CertificationInfo['steps'],
    missing,
    complete: missing.length === 0,
    consentVersions: CONSENT_KINDS.map((kind) => ({ kind, version: 'MX-2026-11', required: true })),
  };
}

function memoryStorage() {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key) };
}

describe('where the borrower is in the onboarding', () => {
  it('resumes at the first missing step, keeps a step the address names, and ends when nothing is missing', () => {
    expect(placeOf(null, infoWith(['employment', 'selfie']))).toBe('employment');
    expect(placeOf('identity', infoWith(['employment']))).toBe('identity');
    expect(placeOf('nonsense', infoWith(['consents']))).toBe('consents');
    expect(placeOf(null, infoWith([]))).toBe('done');
    expect(placeOf('done', infoWith(['selfie']))).toBe('selfie');
  });

  it('goes on to the next missing step after the one saved, then back to any skipped, then to the end', () => {
    expect(nextPlace('identity', infoWith(['address', 'selfie']))).toBe('address');
    expect(nextPlace('address', infoWith(['identity', 'selfie']))).toBe('selfie');
    expect(nextPlace('payout-account', infoWith(['identity']))).toBe('identity');
    expect(nextPlace('payout-account', infoWith([]))).toBe('done');
  });
});

describe('a step’s draft', () => {
  it('comes back as typed until the step is saved, and ignores what is not its own', () => {
    const store = memoryStorage();
    const empty = { line1: '', city: '' };
    expect(readDraft('address', empty, store)).toEqual(empty);
    writeDraft('address', { line1: 'Calle 5', city: 'Puebla', extra: 'x' }, store);
    expect(readDraft('address', empty, store)).toEqual({ line1: 'Calle 5', city: 'Puebla' });
    store.setItem('lend.onboarding.address', '{"line1": 7, "city": "León"}');
    expect(readDraft('address', empty, store)).toEqual({ line1: '', city: 'León' });
    store.setItem('lend.onboarding.address', 'not json');
    expect(readDraft('address', empty, store)).toEqual(empty);
    clearDraft('address', store);
    expect(store.getItem('lend.onboarding.address')).toBeNull();
  });
});

describe('sending a photo again after a lost connection', () => {
  it('retries a transport failure after each delay and answers what finally arrived', async () => {
    const waits: number[] = [];
    let calls = 0;
    const answer = await sendWithRetry(
      async () => {
        calls += 1;
        if (calls < 3) throw new NetworkError('offline');
        return 'saved';
      },
      { delays: [10, 20], wait: async (ms) => void waits.push(ms) },
    );
    expect(answer).toBe('saved');
    expect(waits).toEqual([10, 20]);
  });

  it('never retries a refusal, and gives up after the last delay', async () => {
    let refused = 0;
    await expect(sendWithRetry(async () => { refused += 1; throw new ApiError(ErrorCode.ProfileImageNotImage, 'not a photo'); }, { delays: [1], wait: async () => undefined })).rejects.toBeInstanceOf(ApiError);
    expect(refused).toBe(1);
    let failed = 0;
    await expect(sendWithRetry(async () => { failed += 1; throw new HttpError(503); }, { delays: [1, 1], wait: async () => undefined })).rejects.toBeInstanceOf(HttpError);
    expect(failed).toBe(3);
  });
});

describe('what a step says next to its fields', () => {
  it('puts each profile refusal by its field, a session refusal on the form with the way to sign in, a lost connection on the form', () => {
    expect(problemsOf(new ApiError(ErrorCode.ProfileCurpCheckDigit, 'CURP no válida'), 'offline')).toEqual({ problems: { nationalId: 'CURP no válida' }, session: false });
    expect(problemsOf(new ApiError(ErrorCode.PayoutHolderMismatch, 'titular'), 'offline').problems).toEqual({ holderName: 'titular' });
    expect(problemsOf(new ApiError(ErrorCode.SessionExpired, 'expired'), 'offline')).toEqual({ problems: { form: 'expired' }, session: true });
    expect(problemsOf(new NetworkError('x'), 'offline')).toEqual({ problems: { form: 'offline' }, session: false });
  });

  it('checks a CURP as typed: its check digit, then its birth date and initials against what was typed', () => {
    const first17 = 'HEGG560427MVZRRL0';
    const curp = `${first17}${curpCheckDigit(first17)}`;
    const person = { givenNames: 'Gloria', firstSurname: 'Hernández', secondSurname: 'García', birthDate: '1956-04-27', nationalId: curp, aadhaarLast4: '' };
    const today = '2026-11-29';
    expect(identityProblems(person, 'MX', today)).toEqual({});
    expect(identityProblems({ ...person, nationalId: `${first17}${(curpCheckDigit(first17) + 1) % 10}` }, 'MX', today)).toEqual({ nationalId: ErrorCode.ProfileCurpCheckDigit });
    expect(identityProblems({ ...person, birthDate: '1957-04-27' }, 'MX', today)).toEqual({ nationalId: ErrorCode.ProfileCurpBirthDateMismatch });
    expect(identityProblems({ ...person, givenNames: 'Ana' }, 'MX', today)).toEqual({ nationalId: ErrorCode.ProfileCurpNameMismatch });
    // Typed before the name and the birth date: only the CURP's own checks count.
    expect(identityProblems({ ...person, givenNames: '', firstSurname: '', birthDate: '' }, 'MX', today)).toEqual({});
    expect(identityProblems({ ...person, nationalId: curp.slice(0, 10) }, 'MX', today)).toEqual({});
    expect(identityProblems({ ...person, birthDate: '2010-01-01' }, 'MX', today).birthDate).toBe(ErrorCode.ProfileUnderAge);
  });

  it('checks a PAN and never lets a whole Aadhaar number through', () => {
    const priya = { givenNames: 'Priya', firstSurname: 'Sharma', secondSurname: '', birthDate: '1992-08-15', nationalId: 'ABCPS1234F', aadhaarLast4: '4321' };
    expect(identityProblems(priya, 'IN', '2026-11-29')).toEqual({});
    expect(identityProblems({ ...priya, nationalId: 'ABCCS1234F' }, 'IN', '2026-11-29')).toEqual({ nationalId: ErrorCode.ProfilePanNotPerson });
    expect(identityProblems({ ...priya, nationalId: 'ABCP512345' }, 'IN', '2026-11-29')).toEqual({ nationalId: ErrorCode.ProfilePanInvalid });
    expect(identityProblems({ ...priya, aadhaarLast4: '1234 5678 9012' }, 'IN', '2026-11-29')).toEqual({ aadhaarLast4: ErrorCode.ProfileAadhaarFullNumber });
  });

  it('reads amounts as each market writes them, and leaves what is not one for the server to refuse', () => {
    expect(typedAmountMinor('15,000')).toBe(1_500_000);
    expect(typedAmountMinor('1,50,000')).toBe(15_000_000);
    expect(typedAmountMinor('1500.5')).toBe(150_050);
    expect(typedAmountMinor('mucho')).toBe('mucho');
  });

  it('names the bank as the account is typed', () => {
    const clabe = `01218000011835971${clabeCheckDigit('01218000011835971')}`;
    expect(bankOf('MX', { clabe, ifsc: '' })).toBe('BBVA MEXICO');
    expect(bankOf('MX', { clabe: '01218000011835971', ifsc: '' })).toBeNull();
    expect(bankOf('IN', { clabe: '', ifsc: 'HDFC0001234' })).toBe('HDFC Bank');
    expect(bankOf('IN', { clabe: '', ifsc: 'HDFC001234' })).toBeNull();
  });

  it('scales a photo to its longest side and leaves a small one alone', () => {
    expect(scaledSize(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(scaledSize(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(scaledSize(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
