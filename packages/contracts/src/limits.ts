/** Business constants and limits (timeouts, lengths, counts, delays), in one place for the web app and the server. */
export const Limits = {
  httpTimeoutMs: 60_000,
  toastDefaultMs: 3_000,
  toastMinMs: 300,
  errorToastMs: 2_000,
  contactFormToastMs: 1_000,
  complaintTextMax: 200,
  complaintImagesMax: 9,
  complaintImageBytesMax: 5 * 1024 * 1024,
  complaintSuccessModalMs: 1_500,
  complaintScoreDelayMs: 3_000,
  /** Lenders answer a complaint within 30 calendar days (Mexican and Indian rules alike). */
  complaintAnswerDays: 30,
  /** Uploads never attached to a complaint are removed after a day. */
  complaintUploadTtlMs: 24 * 60 * 60 * 1000,
  /** Longest side of a stored complaint image; larger pictures are scaled down. */
  complaintImageSideMax: 2_560,
  complaintReplyTextMax: 1_000,
  serviceOverall: 30,
  loanConfirmReloadMs: 5_500,
  repaymentDetailsCollapsedRows: 2,
  ratingMin: 1,
  ratingMax: 5,
  ratingNativePromptFrom: 4,
  smsCountdownSeconds: 60,
  verifyCodeMinLength: 6,
  delayMaxDays: 7,
  /** Borrower sessions live 30 days from creation; the native app opens a new one after that. */
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
  /** Session ids carry 192 bits of randomness (24 bytes, base64url). */
  sessionIdBytes: 24,
  /** Form and JSON bodies on the borrower API; uploads have their own limit. */
  bodyBytesMax: 64 * 1024,
  /** Site contact form: field lengths in characters (code points). */
  contactNameMax: 100,
  contactEmailMax: 254,
  contactPhoneDigitsMin: 8,
  contactPhoneDigitsMax: 15,
  contactMessageMax: 1_000,
  /** Contact-form submissions accepted from one address per hour. */
  contactPerIpPerHour: 5,
  /** Operator and borrower lists: items per page when none is asked for, and the most per page. */
  pageSizeDefault: 50,
  pageSizeMax: 200,
  /** The borrower's complaint list takes no paging parameters: it shows this many, newest first. */
  borrowerComplaintListMax: 100,
  /** Calls one borrower may make to one borrower route per minute; calls that create things get fewer. */
  borrowerCallsPerMinute: 60,
  borrowerCreatesPerMinute: 10,
  /** Complaint image uploads per borrower in ten minutes. */
  borrowerUploadsPerTenMinutes: 60,
  /**
   * Distinct amounts an order may hold payment references for, per request type. The amount due
   * now and the extension charge are always issued; an amount the borrower chooses is refused past it.
   */
  paymentReferenceAmountsMax: 20,
  /** What an operator writes when closing a payment exception (docs/decisions/208). */
  paymentExceptionNoteMax: 500,
  /** Times the provider is asked again when it answers a reference another order already holds. */
  paymentReferenceTries: 3,
  /** How long a payment reference can be paid; after that a new one is issued (docs/decisions/072). */
  paymentReferenceValidHours: 72,
  /** Times a new order number is drawn when the one drawn is already taken. */
  orderNumberTries: 3,
  /** Distinct attributions (client type, user_from, app_from, utm_tag) counted per template, kind and day; the rest count as one. */
  promoAttributionsPerDay: 200,
  /** What a member of staff writes in one note on a borrower, an order or a complaint, in characters (docs/decisions/236). */
  staffNoteMax: 2_000,
  /** A subject's notes one read answers at most, newest first: a subject has few, so there is no paging (docs/decisions/236). */
  staffNotesReadMax: 500,
} as const;

/** `requestType` of the repayment-instruction call. */
export const RequestType = { Channel: '1', Delay: '2' } as const;
