import { ErrorCode, type DeviceInfoRequest, type PhoneMarket } from '@lend/contracts';
import { checkClabe, IN_BANKS, isIfsc, isIndianAccountNumber, sameName } from '@lend/domain';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { isKnownIfsc } from '../../providers/payouts/indian-bank-branches';
import { awaitsPayout } from '../orders';
import { withLockedProfile, type ProfileDeps } from './certification-service';
import { allowsDeviceData } from './consent-service';
import { activeAccountOf, replaceAccount, upsertDevice, type PayoutAccountRow, type ProfileRow } from './profile-repository';

/**
 * What the payouts module says about an account change (docs/decisions/152), handed in by the app
 * so profiles need not know payouts: whether the borrower's payout was refused so the account may
 * change, and what to do once it did (queue the payout again, to the new account).
 */
export type PayoutAccountHooks = {
  releasesAccount: (tx: Tx, borrowerId: number) => Promise<boolean>;
  accountReplaced: (tx: Tx, borrowerId: number, now: Date) => Promise<void>;
};

export type PayoutInput = { holderName: string; clabe?: string | undefined; ifsc?: string | undefined; accountNumber?: string | undefined };

const CLABE_REFUSAL = { format: ErrorCode.PayoutClabeInvalid, 'check-digit': ErrorCode.PayoutClabeCheckDigit, 'unknown-bank': ErrorCode.PayoutBankUnknown } as const;

/** The profile's name as one string, as the bank knows the account holder. */
export function fullName(profile: Pick<ProfileRow, 'givenNames' | 'firstSurname' | 'secondSurname'>): string {
  return [profile.givenNames, profile.firstSurname, profile.secondSurname].filter((part) => part).join(' ');
}

const digitsOnly = (value: string | undefined) => (value ?? '').replace(/[\s-]/g, '');

/** An account to bind: its kind, number, bank and holder, checked. */
export type CheckedPayoutAccount = { kind: 'clabe' | 'bank-account'; accountNumber: string; bankCode: string; bankName: string; holderName: string };

/**
 * The account `input` names in the borrower's market, or the refusal of its first wrong part: a
 * CLABE of a known bank with the right check digit in Mexico, an IFSC of a listed branch and an
 * account number in India; held in the profile's name.
 */
export function checkedPayoutAccount(input: PayoutInput, market: PhoneMarket, profile: Pick<ProfileRow, 'identitySavedAt' | 'givenNames' | 'firstSurname' | 'secondSurname'>): CheckedPayoutAccount {
  if (!profile.identitySavedAt) throw new AppError(ErrorCode.ProfileIdentityFirst);
  let account: Omit<CheckedPayoutAccount, 'holderName'>;
  if (market === 'MX') {
    const verdict = checkClabe(digitsOnly(input.clabe));
    if (!verdict.ok) throw new AppError(CLABE_REFUSAL[verdict.reason]);
    account = { kind: 'clabe', accountNumber: digitsOnly(input.clabe), bankCode: verdict.bankCode, bankName: verdict.bankName };
  } else {
    const ifsc = (input.ifsc ?? '').trim().toUpperCase();
    if (!isIfsc(ifsc)) throw new AppError(ErrorCode.PayoutIfscInvalid);
    if (!isKnownIfsc(ifsc)) throw new AppError(ErrorCode.PayoutIfscUnknown);
    const number = digitsOnly(input.accountNumber);
    if (!isIndianAccountNumber(number)) throw new AppError(ErrorCode.PayoutAccountNumberInvalid);
    const prefix = ifsc.slice(0, 4);
    account = { kind: 'bank-account', accountNumber: number, bankCode: ifsc, bankName: IN_BANKS[prefix] ?? prefix };
  }
  const holderName = input.holderName.trim().replace(/\s+/g, ' ');
  if (holderName.length > 200 || !sameName(holderName, fullName(profile))) throw new AppError(ErrorCode.PayoutHolderMismatch);
  return { ...account, holderName };
}

/**
 * Binds the account the loan is paid out to (docs/decisions/136): Mexico a CLABE of a known bank
 * with the right check digit, India an IFSC and an account number; in both the holder must be the
 * borrower (the profile's name, compared without accents, case or word order). The new account
 * replaces the active one, and a standing credit approval with it (docs/decisions/215), except while an order is under review or approved and not yet paid
 * out: that money goes to the account it was approved for, unless the bank refused it there.
 */
export async function bindPayoutAccount(deps: ProfileDeps, borrowerId: number, input: PayoutInput): Promise<PayoutAccountRow> {
  const now = deps.now();
  return withLockedProfile(deps.db, borrowerId, async (tx, profile, market) => {
    const { holderName, ...account } = checkedPayoutAccount(input, market, profile);
    const active = await activeAccountOf(tx, borrowerId);
    if (active && active.accountNumber === account.accountNumber && active.bankCode === account.bankCode) return active;
    if (active && (await awaitsPayout(tx, borrowerId)) && !(await deps.payouts?.releasesAccount(tx, borrowerId))) throw new AppError(ErrorCode.PayoutAccountLocked);
    const replaced = await replaceAccount(tx, { borrowerId, ...account, holderName, createdAt: now });
    // The account a decision was made with is one of its facts: a new one ends it (docs/decisions/215).
    await deps.credit.factsChanged(tx, borrowerId, now);
    await deps.payouts?.accountReplaced(tx, borrowerId, now);
    return replaced;
  });
}

/**
 * Keeps the device the borrower uses, for fraud checks, only while they allow it (docs/decisions/137).
 * Nothing else about the phone is taken: no contacts, call logs, photos or location.
 */
export async function recordDevice(deps: ProfileDeps, borrowerId: number, device: DeviceInfoRequest): Promise<void> {
  if (!(await allowsDeviceData(deps.db, borrowerId))) throw new AppError(ErrorCode.DeviceConsentMissing);
  await upsertDevice(
    deps.db,
    { borrowerId, deviceId: device.deviceId.trim(), os: device.os, osVersion: device.osVersion.trim(), deviceModel: device.deviceModel.trim(), appVersion: device.appVersion.trim() },
    deps.now(),
  );
}
