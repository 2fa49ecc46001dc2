import {
  certificationInfoSchema,
  consentTextsSchema,
  payoutAccountViewSchema,
  ProfilePath,
  userMenuSchema,
  type AddressRequest,
  type CertificationInfo,
  type ConsentsRequest,
  type ConsentTexts,
  type EmploymentRequest,
  type IdImageKind,
  type IdentityRequest,
  type PayoutAccountView,
  type PayoutBindRequest,
  type UserMenu,
} from '@lend/contracts';
import { callMachine, callMachineJson } from '../../../lib/http/machine';

/** The profile calls take JSON, as the native app sends them; every refusal is shown next to its field, never as a toast. */
const STEP = { encoding: 'json', refusal: 'caller' } as const;

/** `POST certification/info`: which steps are done and which are missing. */
export function certificationInfo(signal?: AbortSignal): Promise<CertificationInfo> {
  return callMachine(ProfilePath.certificationInfo, {}, { ...STEP, schema: certificationInfoSchema, ...(signal ? { signal } : {}) });
}

export function saveIdentity(input: IdentityRequest): Promise<CertificationInfo> {
  return callMachine(ProfilePath.identity, input, { ...STEP, schema: certificationInfoSchema });
}

export function saveAddress(input: AddressRequest): Promise<CertificationInfo> {
  return callMachine(ProfilePath.address, input, { ...STEP, schema: certificationInfoSchema });
}

export function saveEmployment(input: EmploymentRequest): Promise<CertificationInfo> {
  return callMachine(ProfilePath.employment, input, { ...STEP, schema: certificationInfoSchema });
}

/** `POST certification/image/<kind>`, multipart `image`: the photo replaces any earlier one of its kind, so sending it again never makes two. */
export function uploadIdPhoto(kind: IdImageKind, photo: Blob): Promise<CertificationInfo> {
  const form = new FormData();
  form.append('image', photo, `${kind}.jpg`);
  return callMachine(`${ProfilePath.image}/${kind}`, form, { refusal: 'caller', schema: certificationInfoSchema });
}

/** The consent texts of the borrower's market in their language, with the versions to accept. */
export function consentTexts(signal: AbortSignal): Promise<ConsentTexts> {
  return callMachine(ProfilePath.consentTexts, {}, { ...STEP, schema: consentTextsSchema, signal });
}

export function acceptConsents(input: ConsentsRequest): Promise<CertificationInfo> {
  return callMachineJson(ProfilePath.consents, input, { refusal: 'caller', schema: certificationInfoSchema });
}

/** The user menu: the profile's name, to offer as the account holder's. */
export function userMenu(signal: AbortSignal): Promise<UserMenu> {
  return callMachine(ProfilePath.menu, {}, { ...STEP, schema: userMenuSchema, signal });
}

export function bindPayoutAccount(input: PayoutBindRequest): Promise<PayoutAccountView> {
  return callMachine(ProfilePath.payoutBind, input, { ...STEP, schema: payoutAccountViewSchema });
}
