/** Base path of every borrower-app call; the device and session query follows each path. */
export const MACHINE_BASE = '/machine';
/** Base path of the operator API; never reachable with a borrower session. */
export const OPERATOR_BASE = '/operator/v1';

/**
 * Developer preview defaults (the developer preview page). Plain JSON, not an envelope; the
 * server answers 404 here outside demo mode so the preview page only works on test machines.
 */
export const DEV_PREVIEW_DEFAULTS_PATH = '/api/dev/preview-defaults';

/** Borrower calls, relative to `MACHINE_BASE`. */
export const MachinePath = {
  serviceContacts: '/user-problem/get-whatsapp',
  complaintInit: '/user-problem/problem-init',
  complaintSave: '/user-problem/problem-save',
  complaintImageUpload: '/user-problem/upload-problem-img',
  /** `GET <path>/<image name>`: an image of one of the borrower's complaints. */
  complaintImage: '/user-problem/problem-img',
  complaintList: '/user-problem/problem-list',
  complaintDetail: '/user-problem/problem-detail',
  complaintScore: '/user-problem/problem-score',
  loanConfirm: '/v3/loan-confirm/loan-detail-confirm',
  loanPush: '/v3/loan-confirm/loan-detail-push',
  loanDetails: '/v3/loan-details/loan-details',
  loanScore: '/v3/loan-details/google-score',
  /** The borrower closed the rating question without rating: the order does not ask again (docs/decisions/234). */
  loanScoreDismiss: '/v3/loan-details/score-dismiss',
  /** GET, with the query of `contractDetailRequestSchema`. */
  contractDetail: '/v3/loan-details/contract-detail',
  /** GET, same query as `contractDetail`: an Indian loan's Key Facts Statement, signed or draft (docs/decisions/143). */
  keyFacts: '/v3/loan-details/key-facts',
  /** GET, same query: that statement as a printable HTML page, sent as a download. */
  keyFactsDocument: '/v3/loan-details/key-facts-document',
  installmentDetail: '/v3/installment/loan-play-detail',
  /** The extension (delay) screen: its charge, new date, plan and references (our path: docs/decisions/075). */
  delayDetail: '/v3/installment/loan-play-delay-detail',
  repayInstruction: '/v3/loan-details/generate-vcode',
  /** Each place to pay in the order's market: its fee and the amounts it takes. */
  channelFees: '/v3/loan-details/channel-fees',
  /** The order's receipts, newest first, and its settlement date once settled. */
  installmentPayments: '/v3/installment/payments',
  /** What settles the order today, or from when early repayment is allowed. */
  installmentPayoff: '/v3/installment/payoff',
  /** A payment the borrower made that the order does not show: filed as a complaint. */
  paymentMissing: '/v3/installment/payment-missing',
  /** The borrower asks for the order's credit back (docs/decisions/119). */
  refundRequest: '/v3/installment/refund-request',
} as const;

/** Operator calls, relative to `OPERATOR_BASE`. */
export const OperatorPath = {
  health: '/health',
  createSession: '/sessions',
  complaints: '/complaints',
  /** `POST /complaints/<problemId>/reply` */
  complaintReply: '/complaints/:problemId/reply',
  /** `GET` a complaint's staff notes, newest first; `POST { text }` adds one (docs/decisions/236). */
  complaintNotes: '/complaints/:problemId/notes',
  /** `POST` uploads an image for a reply; `GET <path>/<image name>` downloads any complaint image. */
  complaintImages: '/complaint-images',
  /** `GET` lists the problem types; `PUT <path>/<value>` creates or changes one. */
  complaintTypes: '/complaint-types',
  promoTemplates: '/promotion/templates',
  /** `PUT`: a template's content and whether its campaign is still live, audited (docs/decisions/209). */
  promoTemplate: '/promotion/templates/:id',
  promoFunnel: '/promotion/funnel',
  /** Demo mode only: a visitor's current captcha answer, so tests can pass it. */
  captchaAnswer: '/promotion/captcha-answer',
  smsOutbox: '/sms/outbox',
  /** `GET /payment-references/<reference>[?channel=]`: what a cash reference is for, at every channel holding it. */
  paymentReference: '/payment-references/:reference',
  contactMessages: '/contact-messages',
  /** `POST { note }`: marks a contact message answered. */
  contactMessageAnswer: '/contact-messages/:messageId/answer',
  /** `GET ?q=`: borrowers by phone, name, folio or order number. */
  borrowers: '/borrowers',
  /** `GET`: one borrower's orders, complaints, privacy requests, live sessions and consents. */
  borrower: '/borrowers/:userId',
  /** `POST { sessionId }`: ends one of the borrower's live sessions (its id in the body, kept out of request logs). */
  borrowerSessionEnd: '/borrowers/:userId/sessions/end',
  /** `GET` a borrower's staff notes, newest first; `POST { text }` adds one (docs/decisions/236). */
  borrowerNotes: '/borrowers/:userId/notes',
  products: '/products',
  /** `PUT { pricing }`: a product's pricing, audited (docs/decisions/177). */
  productPricing: '/products/:productId/pricing',
  /** `POST { pricing, amountMinor, termDays }`: the borrower's confirmation figures under a pricing not yet saved. */
  productPricingPreview: '/products/:productId/pricing/preview',
  /** `PUT { creditPolicy }`: a product's credit thresholds, audited (docs/decisions/178). */
  productCreditPolicy: '/products/:productId/credit-policy',
  /** `GET ?market=`: every payment channel of a market, active or not. */
  paymentChannels: '/payment-channels',
  /** `PUT`: a channel's fee, limits and whether it is offered, audited (docs/decisions/178). */
  paymentChannel: '/payment-channels/:code',
  /** `GET`: each market's lender facts and customer-service contacts (docs/decisions/230). */
  lenderFacts: '/lender-facts',
  /** `PUT`: a market's lender facts (the entity, its registrations, its complaints officer), audited. */
  lenderCompanyFacts: '/lender-facts/:market/company',
  /** `PUT`: a market's customer-service contacts, audited. */
  lenderServiceContacts: '/lender-facts/:market/contacts',
  /** GET lists (`?userId=`); POST approve, reject, disburse take `{ orderNo }`. */
  orders: '/orders',
  orderApprove: '/orders/approve',
  orderReject: '/orders/reject',
  orderDisburse: '/orders/disburse',
  /** `GET` an order's staff notes, newest first; `POST { text }` adds one (docs/decisions/236). */
  orderNotes: '/orders/:orderNo/notes',
  /** Runs the clock job now (due, overdue, penalties). */
  orderSweep: '/orders/sweep',
  /** Runs one pass of the borrower reminders now (`at` moves its clock in demo mode). */
  remindersRun: '/reminders/run',
  offerSet: '/offers/set',
  offerWithdraw: '/offers/withdraw',
  /** GET lists (`?orderNo=`); POST records a transfer the lender received. */
  payments: '/payments',
  /** `GET /payments/<id>`: one receipt. */
  payment: '/payments/:id',
  orderLedger: '/orders/:orderNo/ledger',
  /** `GET`: provider deliveries kept for an operator (an event id reused, an impossible payment time), newest first; `?state=open|resolved|all`. */
  paymentExceptions: '/payment-exceptions',
  /** Closes one kept delivery with what was done about it `{ resolution, note }`; moves no money (docs/decisions/208). */
  paymentExceptionResolve: '/payment-exceptions/:id/resolve',
  orderPayoff: '/orders/:orderNo/payoff',

  /** Proves the books: entries balance and agree with the orders. */
  ledgerCheck: '/ledger/check',
  /** Settles card repayments left charging (a crash, a timeout) with the provider now. */
  cardReconcile: '/card-repayments/reconcile',
  /** Asks the cash providers for payments of open references whose report never reached us, and applies them now. */
  cashReconcile: '/payments/cash-reconcile',
  /** Sandbox only, outside production: saves a published test card for a borrower. */
  testCards: '/cards/test-cards',
  /** GET lists refunds (`?orderNo=`), newest first; POST sends an order's credit back. */
  refunds: '/refunds',
  /** Asks the providers where each pending refund stands now. */
  refundsFollow: '/refunds/follow',
  /** GET: refunds above the staff limit asked by one person, pending or decided (`?status=`), newest first. */
  refundApprovals: '/refunds/approvals',
  /** A different administrator approves the request: the refund is written then. */
  refundApprovalApprove: '/refunds/approvals/:approvalId/approve',
  /** A different administrator declines the request `{ note }`: nothing moves. */
  refundApprovalDecline: '/refunds/approvals/:approvalId/decline',
  /** GET: card and checkout payments still waiting on the provider, oldest first. */
  cardRepaymentsPending: '/card-repayments/pending',
  /** Asks the provider about one card payment now and settles it once. */
  cardRepaymentReconcile: '/card-repayments/:recordNo/reconcile',
  /** GET: cash references issued, newest first (`?orderNo=`, `?state=`). */
  paymentReferences: '/payment-references',
  /** GET: providers' payment deliveries with their outcome, newest first (`?outcome=`, `?provider=`). */
  webhookDeliveries: '/webhook-deliveries',
  /** GET lists settlement reports, newest first; POST runs one day's matching now. */
  settlementReports: '/settlement-reports',
  /** GET lists payouts (`?view=queue|attention|ceiling|all`), oldest first. */
  payouts: '/payouts',
  /** `GET /payouts/<orderNo>`: an order's payouts, newest first. */
  payout: '/payouts/:orderNo',
  /** Queues a new payout of an order whose payout was rejected or reversed, to the borrower's current account. */
  payoutRetry: '/payouts/retry',
  /**
   * Restates an order whose payout the bank returned after the borrower paid something: the loan
   * never paid out, what the borrower paid owed back to them, the clock stopped (docs/decisions/224).
   */
  payoutRestate: '/payouts/restate',
  /** Runs the sender now: queued payouts go to the provider. */
  payoutsSend: '/payouts/send',
  /** Asks the provider where payouts left in flight stand now. */
  payoutsReconcile: '/payouts/reconcile',
  /** Provider notifications about payouts we never made, newest first, kept for an operator. */
  payoutEventsUnmatched: '/payouts/unmatched-events',
  /** Outside production, on the sandbox rail: makes an order's payout land, be rejected or be reversed. */
  payoutSandbox: '/payouts/sandbox',
  /** Recent runs of the scheduled jobs (`?job=`), newest first: state, attempts, duration, last error. */
  jobRuns: '/job-runs',
} as const;

/** Base path of the public site's calls: no session, answered in the visitor's language. */
export const SITE_API_BASE = '/api/site';

/** Public site calls, relative to `SITE_API_BASE`. */
export const SitePath = {
  companyFacts: '/company-facts',
  contactMessages: '/contact-messages',
  /** The contact form posted by the browser itself, form-encoded, before the page's script runs (docs/decisions/151). */
  contactForm: '/contact-form',
} as const;
