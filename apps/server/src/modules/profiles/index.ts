/**
 * The borrower's profile: identity, address, income, identity photos and consents (certification),
 * the payout account and device data; the user menu. Owns borrower_profiles, profile_images,
 * profile_consents, payout_accounts and device_records (docs/decisions/135–138).
 */
export type { ProfileCreditHooks, ProfileDeps } from './certification-service';
export { certificationState } from './certification-service';
export { borrowerIdsByNameStart, eraseProfileOf, profileDataOf, profileFilesAmong, removeProfileFiles, scorecardInputs, staffProfileNames, staffProfileView, type ScorecardInputs, type StaffProfileName } from './profile-reads';
export { rectifiableData, rectifyProfile, type RectifiableData } from './profile-rectification';
export { profileRoutes } from './profile-routes';
export { profileOperatorRoutes } from './profile-operator-routes';
export { activePayoutAccount, contractParticulars, decisionFacts, type ContractParticulars, type PayoutAccount } from './profile-reads';
export { recordSignUpPhotos, recordSignUpProfile, type SignUpProfile } from './certified-profile';
export type { PayoutAccountHooks } from './payout-service';
