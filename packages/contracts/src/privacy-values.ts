import type { PhoneMarket } from './phone';

/**
 * The privacy centre's values without schemas, so a screen can read them before it loads zod
 * (docs/decisions/087, 096).
 */

/** Borrower calls, relative to `MACHINE_BASE`. */
export const PrivacyPath = {
  /** The borrower's switches, ARCO requests and whether a loan is still open. */
  overview: '/v3/privacy/overview',
  /** Everything we hold about the borrower, as one JSON document. */
  myData: '/v3/privacy/my-data',
  messagePreference: '/v3/privacy/message-preference',
  arcoRequest: '/v3/privacy/arco-request',
  /** The native app's call too (docs/native-app-api.md, "Account deletion"). */
  deleteAccount: '/v3/user/delete-account',
} as const;

/** Operator calls, relative to `OPERATOR_BASE`. */
export const PrivacyOperatorPath = {
  /** `GET ?status=open|answered`: ARCO requests, nearest answer date first. */
  requests: '/privacy/requests',
  /** `POST { text }`: answers one request by its folio. */
  answer: '/privacy/requests/:folio/answer',
  /**
   * `GET`: the profile data a rectification request may correct; `POST { identity?, address?,
   * answer }`: corrects it and answers the request in one step (docs/decisions/185).
   */
  rectification: '/privacy/requests/:folio/rectification',
} as const;

/**
 * The rights requests a borrower may file, by market (docs/decisions/231). Mexico: the four ARCO
 * rights (access, rectification, cancellation, opposition). India, under the DPDP Act 2023: a
 * summary of the data and its processing, correction (completion, updating), erasure, grievance
 * redressal and the nomination of someone to exercise the rights on death or incapacity.
 */
export const MX_PRIVACY_REQUEST_KINDS = ['access', 'rectification', 'cancellation', 'opposition'] as const;
export const IN_PRIVACY_REQUEST_KINDS = ['access-summary', 'correction', 'erasure', 'grievance', 'nomination'] as const;
/** Every kind of request of either market: what the request body and the table accept. */
export const PRIVACY_REQUEST_KINDS = [...MX_PRIVACY_REQUEST_KINDS, ...IN_PRIVACY_REQUEST_KINDS] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

export const PRIVACY_REQUEST_KINDS_BY_MARKET: Record<PhoneMarket, readonly PrivacyRequestKind[]> = {
  MX: MX_PRIVACY_REQUEST_KINDS,
  IN: IN_PRIVACY_REQUEST_KINDS,
};

/** The market whose law gives the right a kind of request exercises. */
export function privacyRequestMarket(kind: PrivacyRequestKind): PhoneMarket {
  return (MX_PRIVACY_REQUEST_KINDS as readonly string[]).includes(kind) ? 'MX' : 'IN';
}

/** The kinds through which staff correct the borrower's profile: Mexico's rectification, India's correction (docs/decisions/185, 231). */
export const RECTIFYING_KINDS: readonly PrivacyRequestKind[] = ['rectification', 'correction'];

/**
 * Calendar days to answer a request, counted from the market's date of receipt: Mexico's 20 days
 * (docs/decisions/096), India's 30 days, within the DPDP Rules' 90 for a grievance (docs/decisions/231).
 */
export const PRIVACY_ANSWER_DAYS: Record<PhoneMarket, number> = { MX: 20, IN: 30 };

export const ARCO_STATUSES = ['open', 'answered'] as const;
export type ArcoStatus = (typeof ARCO_STATUSES)[number];

export const PrivacyLimits = {
  arcoDescriptionMin: 10,
  arcoDescriptionMax: 1_000,
  /** Requests one borrower may have waiting at once; more is abuse of the operators' queue. */
  arcoOpenPerBorrowerMax: 5,
  arcoAnswerMax: 2_000,
  /**
   * Rows of each growing list (sessions, message preference changes, SMS) in one data download:
   * the newest are kept, and the download says how many older ones it left out.
   */
  downloadListMax: 500,
} as const;

/** Folios of ARCO requests: `AR` and eight digits. */
export const ARCO_FOLIO_PATTERN = /^AR\d{8}$/;
