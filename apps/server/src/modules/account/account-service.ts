import { createHash } from 'node:crypto';
import {
  ErrorCode,
  e164Phone,
  MARKET_LANGUAGE,
  OneTimeCodeLimits,
  SIGN_IN_SMS_TEXT,
  type PhoneMarket,
  type SendCodeResponse,
} from '@lend/contracts';
import { AppError } from '../../errors';
import { admitSms, judgeCode, newOneTimeCode, oneTimeCodeExpiry, oneTimeCodeHash, oneTimeCodeText, SmsAdmissionRefused, voidAfterWrongTry } from '../one-time-codes';
import { newestBorrowerOrders, type BorrowerOrder } from '../orders';
import { endAllSessions, endSession, hasSignedInOn, liveSessions, openSession, type CreatedSession, type SessionSummary } from '../sessions';
import type { AccountDeps } from './account-deps';
import { countWrongLoginTry, deleteLoginCode, insertLoginCode, lockLatestLoginCode, spendLoginCode, voidLiveLoginCodes } from './login-code-repository';

/** Counter keys of sign-in SMS, apart from the promotion's (docs/decisions/091). */
const COUNTER_SCOPE = 'login-sms';

const ADMISSION_REFUSAL = {
  'resend-too-soon': ErrorCode.AccountResendTooSoon,
  'phone-hourly': ErrorCode.AccountPhoneHourlyLimit,
  'network-hourly': ErrorCode.AccountAddressHourlyLimit,
} as const;

/** The phone in its stored form for the market, or the market's phone refusal. */
function storedPhone(raw: string, market: PhoneMarket): string {
  const phone = e164Phone(raw, market);
  if (phone === undefined) throw new AppError(ErrorCode.AccountPhoneInvalid);
  return phone;
}

/**
 * A device that signed in to this phone before sends within an allowance of its own; every other
 * device shares the phone's, so strangers cannot use up the owner's sends while all of them
 * together still get at most the phone's cap (docs/decisions/109). The counter key holds a hash of
 * the device id, not the id.
 */
async function admit(deps: AccountDeps, phone: string, deviceId: string, ip: string) {
  const known = await hasSignedInOn(deps.db, phone, deviceId);
  const allowance = known ? `device:${createHash('sha256').update(deviceId).digest('hex').slice(0, 32)}` : undefined;
  try {
    return await admitSms(deps.counters, phone, ip, COUNTER_SCOPE, allowance);
  } catch (error) {
    if (error instanceof SmsAdmissionRefused) throw new AppError(ADMISSION_REFUSAL[error.reason]);
    throw error;
  }
}

/**
 * `send-code`: one six-digit code by SMS to the phone, in its market's language, within the
 * limits (60 s between codes, 5 a phone and 10 a network an hour; a device that signed in to the
 * phone before has its own 60 s and 5). A new code voids the earlier ones this device asked for.
 * Whether the phone has an account is not told: the answer is the same.
 */
export async function sendSignInCode(
  deps: AccountDeps,
  input: { phone: string; market: PhoneMarket; deviceId: string },
  ip: string,
): Promise<SendCodeResponse> {
  const phone = storedPhone(input.phone, input.market);
  const giveBack = await admit(deps, phone, input.deviceId, ip);
  const now = deps.now();
  const code = newOneTimeCode();
  const codeId = await deps.db.transaction(async (tx) => {
    await voidLiveLoginCodes(tx, phone, input.deviceId, now);
    return insertLoginCode(tx, { phone, codeHash: oneTimeCodeHash(phone, code), deviceId: input.deviceId, createdAt: now, expiresAt: oneTimeCodeExpiry(now) });
  });
  try {
    await deps.sms.send({ phone, text: oneTimeCodeText(SIGN_IN_SMS_TEXT[MARKET_LANGUAGE[input.market]], code), oneTimeCode: code, kind: 'sign-in-code' });
  } catch (error) {
    await deleteLoginCode(deps.db, codeId);
    await giveBack();
    deps.log.error({ err: error, provider: deps.sms.name }, 'sign-in sms not delivered');
    throw new AppError(ErrorCode.AccountSmsUnavailable);
  }
  deps.log.info({ provider: deps.sms.name, market: input.market }, 'sign-in code sent');
  return { resendAfterSeconds: OneTimeCodeLimits.resendMs / 1000, expiresInSeconds: OneTimeCodeLimits.ttlMs / 1000 };
}

type SignInOutcome = { ok: true; session: CreatedSession } | { ok: false; refusal: AppError };

/**
 * `sign-in`: the newest code this device asked for the phone opens a session on that device; a new phone becomes a borrower. One transaction locks the code, so it opens at
 * most one session; a wrong try is committed with its refusal, and the fifth voids the code.
 */
export async function signIn(
  deps: AccountDeps,
  input: { phone: string; market: PhoneMarket; code: string; deviceId: string },
): Promise<CreatedSession> {
  const phone = storedPhone(input.phone, input.market);
  const now = deps.now();
  const outcome = await deps.db.transaction(async (tx): Promise<SignInOutcome> => {
    // Only this device's own code is judged: another device's tries never reach, count against
    // or void the code sent for the owner's device (docs/decisions/109).
    const stored = await lockLatestLoginCode(tx, phone, input.deviceId);
    const verdict = judgeCode(stored, phone, input.code, now);
    if (verdict === 'expired') return { ok: false, refusal: new AppError(ErrorCode.AccountCodeExpired) };
    if (verdict === 'locked') return { ok: false, refusal: new AppError(ErrorCode.AccountCodeLocked) };
    if (!stored) return { ok: false, refusal: new AppError(ErrorCode.AccountCodeExpired) };
    if (verdict === 'wrong') {
      const locked = voidAfterWrongTry(await countWrongLoginTry(tx, stored.id, OneTimeCodeLimits.maxWrongTries));
      return { ok: false, refusal: new AppError(locked ? ErrorCode.AccountCodeLocked : ErrorCode.AccountCodeWrong) };
    }
    if (!(await spendLoginCode(tx, stored.id, now, OneTimeCodeLimits.maxWrongTries))) return { ok: false, refusal: new AppError(ErrorCode.AccountCodeExpired) };
    return { ok: true, session: await openSession(tx, { phone, market: input.market, deviceId: input.deviceId }, now) };
  });
  if (!outcome.ok) throw outcome.refusal;
  deps.log.info({ userId: outcome.session.userId, newBorrower: outcome.session.newBorrower }, 'borrower signed in');
  return outcome.session;
}

/** `sign-out`: this session, or with `all` every session of the borrower; how many ended. */
export async function signOut(deps: AccountDeps, borrowerId: number, sessionId: string, all: boolean): Promise<number> {
  const now = deps.now();
  if (all) return endAllSessions(deps.db, borrowerId, now);
  return (await endSession(deps.db, borrowerId, sessionId, now)) ? 1 : 0;
}

export function mySessions(deps: AccountDeps, borrowerId: number, sessionId: string): Promise<SessionSummary[]> {
  return liveSessions(deps.db, borrowerId, sessionId, deps.now());
}

export function myOrders(deps: AccountDeps, borrowerId: number): Promise<{ orders: BorrowerOrder[]; more: boolean }> {
  return newestBorrowerOrders(deps.db, borrowerId);
}
