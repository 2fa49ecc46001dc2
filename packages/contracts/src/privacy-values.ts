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

/** Access, rectification, cancellation, opposition: the four rights a data subject may exercise in Mexico. */
export const ARCO_KINDS = ['access', 'rectification', 'cancellation', 'opposition'] as const;
export type ArcoKind = (typeof ARCO_KINDS)[number];

export const ARCO_STATUSES = ['open', 'answered'] as const;
export type ArcoStatus = (typeof ARCO_STATUSES)[number];

export const PrivacyLimits = {
  arcoDescriptionMin: 10,
  arcoDescriptionMax: 1_000,
  /** A rights request is answered within 20 calendar days of receipt (docs/decisions/096). */
  arcoAnswerDays: 20,
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
