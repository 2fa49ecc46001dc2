import { CONSENT_KINDS, CONSENT_TEXT_VERSIONS, consentText, ErrorCode, REQUIRED_CONSENTS, type ConsentKind, type ConsentTexts, type Language, type PhoneMarket } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { requireCompanyFacts } from '../company';
import { hasPlacedOrder } from '../orders';
import { setMessagePreference } from '../preferences';
import { marketOf, withLockedProfile, type ProfileDeps } from './certification-service';
import { closeConsent, insertConsent, liveConsentsOf, type ConsentRow } from './profile-repository';

export type ConsentEvidence = { source: string; ip: string; deviceId: string | null };

function consentKind(value: string): ConsentKind {
  const kind = value.trim();
  if (!(CONSENT_KINDS as readonly string[]).includes(kind)) throw new AppError(ErrorCode.ProfileConsentUnknown);
  return kind as ConsentKind;
}

/**
 * The texts the borrower reads before accepting, of the versions accepted now in their market, naming
 * the market's lender (docs/decisions/241): without the lender's facts nobody may consent to a
 * nameless lender, so the call is unavailable until a deployment sets them.
 */
export async function consentTextsFor(db: Queryable, borrowerId: number, language: Language): Promise<ConsentTexts['items']> {
  const market = await marketOf(db, borrowerId);
  const lender = (await requireCompanyFacts(db, market)).name;
  return CONSENT_KINDS.map((kind) => ({ kind, required: REQUIRED_CONSENTS.includes(kind), ...consentText(market, kind, language, lender) }));
}

/**
 * Records the consents the borrower accepted, each with the version of the text they read, the
 * time and where (docs/decisions/136). A version other than the one shown now is refused: the app
 * must show the current text. Accepting a consent already in force with the same text changes
 * nothing; a newer text closes the old acceptance and records the new one.
 */
export async function giveConsents(deps: ProfileDeps, borrowerId: number, items: readonly { kind: string; version: string }[], evidence: ConsentEvidence): Promise<void> {
  const now = deps.now();
  await withLockedProfile(deps.db, borrowerId, async (tx, _profile, market) => {
    const accepted = items.map((item) => ({ kind: consentKind(item.kind), version: item.version.trim() }));
    if (accepted.some((item) => item.version !== CONSENT_TEXT_VERSIONS[market][item.kind])) throw new AppError(ErrorCode.ProfileConsentOutdated);
    const live = await liveConsentsOf(tx, borrowerId);
    for (const { kind, version } of accepted) {
      if (live.some((consent) => consent.kind === kind && consent.textVersion === version)) continue;
      await closeConsent(tx, borrowerId, kind, now);
      await insertConsent(tx, { borrowerId, kind, textVersion: version, source: evidence.source.slice(0, 64), ip: evidence.ip.slice(0, 64), deviceId: evidence.deviceId, givenAt: now });
      live.push({ id: 0, borrowerId, kind, textVersion: version, source: evidence.source, ip: null, deviceId: null, givenAt: now, withdrawnAt: null });
    }
  });
}

/**
 * Which consents the borrower may withdraw (docs/decisions/136): SMS and device data at any
 * time; the credit bureau inquiry and the electronic signature until a loan application has used
 * them; the privacy notice never (deleting the account is how its processing ends).
 */
export function withdrawable(kind: ConsentKind, usedByAnOrder: boolean): boolean {
  if (kind === 'sms' || kind === 'device-data') return true;
  if (kind === 'credit-bureau' || kind === 'e-signature') return !usedByAnOrder;
  return false;
}

/** Withdraws a consent; withdrawing SMS also turns off marketing messages. Withdrawing one not in force changes nothing. */
export async function withdrawConsent(deps: ProfileDeps, borrowerId: number, rawKind: string): Promise<void> {
  const kind = consentKind(rawKind);
  const now = deps.now();
  await withLockedProfile(deps.db, borrowerId, async (tx) => {
    if (!withdrawable(kind, await hasPlacedOrder(tx, borrowerId))) throw new AppError(ErrorCode.ProfileConsentNotWithdrawable);
    await closeConsent(tx, borrowerId, kind, now);
    if (kind === 'sms') await setMessagePreference(tx, { borrowerId, topic: 'marketing', enabled: false, source: 'borrower', now });
  });
}

export type ConsentStatus = { kind: ConsentKind; given: ConsentRow | undefined; withdrawable: boolean };

/** Every consent kind: the acceptance in force, if any, and whether it may be withdrawn now. */
export async function consentStatuses(db: Queryable, borrowerId: number): Promise<{ market: PhoneMarket; items: ConsentStatus[] }> {
  const market = await marketOf(db, borrowerId);
  const live = await liveConsentsOf(db, borrowerId);
  const used = await hasPlacedOrder(db, borrowerId);
  return {
    market,
    items: CONSENT_KINDS.map((kind) => {
      const given = live.find((consent) => consent.kind === kind);
      return { kind, given, withdrawable: given !== undefined && withdrawable(kind, used) };
    }),
  };
}

/** Whether the device-data consent is in force: device details are kept only then (docs/decisions/137). */
export async function allowsDeviceData(db: Queryable, borrowerId: number): Promise<boolean> {
  return (await liveConsentsOf(db, borrowerId)).some((consent) => consent.kind === 'device-data');
}
