import { CONSENT_KINDS, CONSENT_TEXT_VERSIONS, type IdImageKind } from '@lend/contracts';
import { dateInTimeZone, MARKET_SETTINGS } from '@lend/domain';
import type { Db, Tx } from '../../db/client';
import type { FileStorage } from '../../providers/storage/storage';
import { checkedAddress, checkedEmployment, checkedIdentity, marketOf, saveIdImage, type AddressInput, type EmploymentInput, type IdentityInput } from './certification-service';
import type { ConsentEvidence } from './consent-service';
import { checkedPayoutAccount, type PayoutInput } from './payout-service';
import { insertConsent, insertProfileAt, lockProfile, replaceAccount, updateProfile } from './profile-repository';

/** Everything a borrower gives when they sign up, but the identity photos. */
export type SignUpProfile = { identity: IdentityInput; address: AddressInput; employment: EmploymentInput; payoutAccount: PayoutInput; consentsFrom: ConsentEvidence };

/**
 * A borrower's profile as the certification steps would leave it had they taken them all at `at`
 * (the demo's borrowers, docs/decisions/233): the identity, address, employment and income checked
 * by the same rules, every consent given in the market's current text, and the payout account
 * checked and bound, all dated `at`. In the caller's transaction.
 */
export async function recordSignUpProfile(tx: Tx, borrowerId: number, profile: SignUpProfile, at: Date): Promise<void> {
  const market = await marketOf(tx, borrowerId);
  await insertProfileAt(tx, borrowerId, market, at);
  const locked = await lockProfile(tx, borrowerId, market);
  const identity = checkedIdentity(profile.identity, market, dateInTimeZone(at, MARKET_SETTINGS[market].timeZone));
  await updateProfile(tx, borrowerId, {
    ...identity,
    identitySavedAt: at,
    ...checkedAddress(profile.address, market),
    addressSavedAt: at,
    ...checkedEmployment(profile.employment, market),
    employmentSavedAt: at,
    updatedAt: at,
  });
  const { consentsFrom } = profile;
  for (const kind of CONSENT_KINDS) {
    await insertConsent(tx, { borrowerId, kind, textVersion: CONSENT_TEXT_VERSIONS[market][kind], source: consentsFrom.source, ip: consentsFrom.ip, deviceId: consentsFrom.deviceId, givenAt: at });
  }
  const account = checkedPayoutAccount(profile.payoutAccount, market, { ...locked, ...identity, identitySavedAt: at });
  await replaceAccount(tx, { borrowerId, ...account, createdAt: at });
}

/** The identity photos a borrower took at sign-up, stored as every upload is (sniffed, re-encoded), dated `at`. */
export async function recordSignUpPhotos(db: Db, storage: FileStorage, borrowerId: number, photos: readonly { kind: IdImageKind; bytes: Uint8Array }[], at: Date): Promise<void> {
  for (const photo of photos) await saveIdImage({ db, storage, now: () => at }, borrowerId, photo.kind, photo.bytes);
}
