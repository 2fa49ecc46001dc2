import {
  AccountPath,
  HomePath,
  accountOrdersResponseSchema,
  accountSessionsResponseSchema,
  homeResponseSchema,
  sendCodeResponseSchema,
  signOutResponseSchema,
  webSignInResponseSchema,
  type AccountOrdersResponse,
  type AccountSessionsResponse,
  type HomeResponse,
  type PhoneMarket,
  type SendCodeResponse,
  type WebSignInResponse,
} from '@lend/contracts';
import { callMachine, embeddedMachineAnswer } from '../../../lib/http/machine';
import { callBody, type PrefetchableCall } from '../../../lib/prefetch';

/** The sign-in calls take JSON, as the native app sends them; a refusal is shown next to its field. */
const SIGN_IN_OPTIONS = { encoding: 'json', refusal: 'caller' } as const;

/** `POST /machine/v3/login/send-code`: a six-digit code texted to the phone, for this browser. */
export function sendSignInCode(input: { phone: string; market: PhoneMarket; deviceId: string }): Promise<SendCodeResponse> {
  return callMachine(AccountPath.sendCode, input, { ...SIGN_IN_OPTIONS, schema: sendCodeResponseSchema });
}

/** `POST /machine/v3/login/web-sign-in`: the session is set as an HttpOnly cookie; the answer names none (docs/decisions/239). */
export function signInOnTheWeb(input: { phone: string; market: PhoneMarket; code: string; deviceId: string }): Promise<WebSignInResponse> {
  return callMachine(AccountPath.webSignIn, input, { ...SIGN_IN_OPTIONS, schema: webSignInResponseSchema });
}

/** `POST /machine/v3/user/orders`: the borrower's loans, newest first. */
export function myLoans(signal: AbortSignal): Promise<AccountOrdersResponse> {
  return callMachine(AccountPath.orders, {}, { refusal: 'caller', schema: accountOrdersResponseSchema, signal });
}

/** The home's first call: the server renders the page with its answer, and the page starts it before any script (docs/decisions/100, 239). */
export const homeIndexCall: PrefetchableCall = { path: HomePath.home, bodyKeys: [] };

/** `POST /machine/v3/home/index`: the borrower's market and what they may borrow on each of its products now. */
export function homeIndex(signal: AbortSignal): Promise<HomeResponse> {
  return callMachine(homeIndexCall.path, callBody(homeIndexCall, {}), { refusal: 'caller', schema: homeResponseSchema, reusePrefetch: true, signal });
}

/** The home's answer when the page came with it (rendered by the server). */
export function homeInPage(): HomeResponse | undefined {
  return embeddedMachineAnswer(homeIndexCall.path, callBody(homeIndexCall, {}), homeResponseSchema);
}

/** `POST /machine/v3/login/sign-out`: this session ends and the browser's cookie goes with it; `everywhere`, every session of the borrower. */
export function signOutOnTheWeb(everywhere = false): Promise<unknown> {
  return callMachine(AccountPath.signOut, everywhere ? { all: '1' } : {}, { refusal: 'caller', schema: signOutResponseSchema });
}

/** `POST /machine/v3/user/sessions`: where the borrower is signed in (phones' apps and browsers), this one marked. */
export function mySessions(signal: AbortSignal): Promise<AccountSessionsResponse> {
  return callMachine(AccountPath.sessions, {}, { refusal: 'caller', schema: accountSessionsResponseSchema, signal });
}
