import {
  BorrowerPaymentPlanPath,
  BorrowerCollectionsPath,
  BorrowerPlanPath,
  AccountPath,
  CARD_REPAYMENT_BASE,
  CardRepaymentPath,
  COMPLAINT_IMAGE_BASE,
  CreditPath,
  HomePath,
  MACHINE_BASE,
  MachinePath,
  NotCollectedPath,
  ProfilePath,
} from '@lend/contracts';

/**
 * Every route the app serves outside the operator API, and who may call it (docs/decisions/197).
 * A borrower route says how to build a call on its owner's own records; a public route says why
 * it needs no session. `borrower-ownership.test.ts` fails when the app serves a route missing here,
 * or when an entry names a route the app no longer serves. Operator routes are named in
 * `OPERATOR_ROUTE_ROLES` instead.
 */

/** The records a call may name: the caller's own, another borrower's, or ids nobody holds. */
export type NamedRecords = { userId: string; orderNo: string; orderId: string; problemId: string; imageName: string };

/** The part of a call the route reads besides the session: its address (for routes with a path parameter), query and body. */
export type BorrowerCall = { path?: string; query?: Record<string, string>; body?: Record<string, unknown> };

/**
 * `order`, `complaint`, `image`: the call names one of the borrower's records, so another borrower's
 * record and a record nobody holds must be refused alike. `session`: the call names nothing but
 * the session's own borrower, so the records are reached only through `userId`.
 */
export type BorrowerRoute = {
  owns: 'session' | 'order' | 'complaint' | 'image';
  call: (records: NamedRecords) => BorrowerCall;
  /** The call ends the session or the account: the matrix runs it last. */
  ends?: true;
  /** Why the owner's call, as built here, is refused for a reason other than whose records they are. */
  ownRefused?: string;
};

export type PublicRoute = { public: string };

const INDIA_ONLY = "the Key Facts Statement is an Indian loan's: a Mexican order reads as one not found";
const order = (call: (orderNo: string, records: NamedRecords) => BorrowerCall): BorrowerRoute => ({ owns: 'order', call: (records) => call(records.orderNo, records) });
const session = (body: Record<string, unknown> = {}, ends?: true): BorrowerRoute => ({ owns: 'session', call: () => ({ body }), ...(ends ? { ends } : {}) });
const machine = (method: 'GET' | 'POST', path: string) => `${method} ${MACHINE_BASE}${path}`;
const card = (path: string) => `POST ${CARD_REPAYMENT_BASE}${path}`;

export const BORROWER_ROUTES: Record<string, BorrowerRoute> = {
  [machine('POST', AccountPath.signOut)]: session({}, true),
  [machine('POST', '/v3/user/delete-account')]: session({}, true),
  [machine('POST', AccountPath.sessions)]: session(),
  [machine('POST', AccountPath.orders)]: session(),
  [machine('POST', MachinePath.loanConfirm)]: session({ productId: 1, isType: '1' }),
  [machine('POST', MachinePath.loanPush)]: session({ productId: 1, amount: 100_000, periods: 1, termUnit: 1, agreement: '1' }),
  [machine('POST', MachinePath.loanDetails)]: order((orderId) => ({ body: { orderId } })),
  [machine('POST', MachinePath.loanScore)]: order((orderId) => ({ body: { orderId, score: 5 } })),
  [machine('POST', MachinePath.loanScoreDismiss)]: order((orderId) => ({ body: { orderId } })),
  [machine('POST', MachinePath.repayInstruction)]: order((orderId) => ({ body: { orderId, amount: 100, payCode: 'OXXO', requestType: '1' } })),
  [machine('GET', MachinePath.contractDetail)]: order((orderNo) => ({ query: { orderNo } })),
  [machine('POST', MachinePath.channelFees)]: order((orderId) => ({ body: { orderId } })),
  [machine('GET', MachinePath.keyFacts)]: { ...order((orderNo) => ({ query: { orderNo } })), ownRefused: INDIA_ONLY },
  [machine('GET', MachinePath.keyFactsDocument)]: { ...order((orderNo) => ({ query: { orderNo } })), ownRefused: INDIA_ONLY },
  [machine('POST', MachinePath.installmentDetail)]: order((orderId) => ({ body: { orderId } })),
  [machine('POST', MachinePath.delayDetail)]: order((orderId) => ({ body: { orderId } })),
  [machine('POST', MachinePath.installmentPayments)]: order((orderId) => ({ body: { orderId } })),
  [machine('POST', MachinePath.paymentMissing)]: order((orderId) => ({ body: { orderId, reference: '1234567890', paidOn: '2026-01-01', amount: 100 } })),
  [machine('POST', MachinePath.installmentPayoff)]: order((orderId) => ({ body: { orderId } })),
  [machine('POST', MachinePath.refundRequest)]: order((orderId) => ({ body: { orderId } })),
  [machine('POST', '/v3/privacy/overview')]: session(),
  [machine('POST', '/v3/privacy/my-data')]: session(),
  [machine('POST', '/v3/privacy/message-preference')]: session({ topic: 'marketing', enabled: '0' }),
  [machine('POST', '/v3/privacy/arco-request')]: session({ kind: 'access', description: 'Please send me a copy of my data.' }),
  [machine('POST', HomePath.home)]: session(),
  [machine('POST', HomePath.products)]: session(),
  [machine('POST', HomePath.productDetail)]: session({ productId: 1 }),
  [machine('POST', CreditPath.apply)]: session({ productId: 1 }),
  [machine('POST', CreditPath.decision)]: session({ productId: 1 }),
  [machine('POST', BorrowerCollectionsPath.promises)]: order((orderId) => ({ body: { orderId } })),
  [machine('POST', BorrowerCollectionsPath.promise)]: order((orderId) => ({ body: { orderId, amountMinor: 100, promisedOn: '2026-01-01' } })),
  [machine('POST', BorrowerPlanPath.planRequest)]: order((orderId) => ({ body: { orderId, amountMinor: 100, frequency: 'week', reason: 'illness' } })),
  [machine('POST', BorrowerCollectionsPath.settlement)]: order((orderId) => ({ body: { orderId } })),
  [machine('POST', BorrowerCollectionsPath.settlementAccept)]: order((orderId) => ({ body: { orderId, textSha256: '0'.repeat(64) } })),
  [machine('POST', BorrowerPaymentPlanPath.plan)]: order((orderId) => ({ body: { orderId } })),
  [machine('POST', BorrowerPaymentPlanPath.planAccept)]: order((orderId) => ({ body: { orderId, textSha256: '0'.repeat(64) } })),
  [machine('POST', ProfilePath.consentTexts)]: session(),
  [machine('POST', ProfilePath.payoutBind)]: session({ holderName: 'Test Holder', clabe: '002010077777777771' }),
  [machine('POST', ProfilePath.deviceInfo)]: session({ appVersion: '1.0', os: 'android', osVersion: '14', deviceModel: 'Pixel', deviceId: 'device-1' }),
  [machine('POST', ProfilePath.consentWithdraw)]: session({ kind: 'marketing' }),
  [machine('POST', ProfilePath.menu)]: session(),
  [machine('POST', NotCollectedPath.contacts)]: session(),
  [machine('POST', NotCollectedPath.callLogs)]: session(),
  [machine('POST', NotCollectedPath.photos)]: session(),
  [machine('POST', NotCollectedPath.location)]: session(),
  [machine('POST', ProfilePath.certificationInfo)]: session(),
  [machine('POST', ProfilePath.identity)]: session({ givenNames: 'Test', firstSurname: 'Borrower', birthDate: '1990-01-01', nationalId: 'XEXX010101HNEXXXA4' }),
  [machine('POST', `${ProfilePath.image}/:kind`)]: { owns: 'session', call: () => ({ path: `${ProfilePath.image}/selfie`, body: {} }) },
  [machine('POST', ProfilePath.address)]: session({ line1: 'Calle 1', city: 'Puebla', state: 'Puebla', postalCode: '72000' }),
  [machine('POST', ProfilePath.employment)]: session({ employment: 'student', monthlyIncomeMinor: 500_000 }),
  [machine('POST', ProfilePath.consents)]: session({ items: [{ kind: 'privacy-notice', version: '1' }] }),
  [machine('POST', MachinePath.serviceContacts)]: session({ overall: 30 }),
  // The complaint screen names an order by its numeric id.
  [machine('POST', MachinePath.complaintInit)]: { owns: 'order', call: (records) => ({ body: { orderId: records.orderId } }) },
  [machine('GET', MachinePath.complaintInit)]: session(),
  [machine('GET', `${MachinePath.complaintImage}/:name`)]: { owns: 'image', call: (records) => ({ path: `${MachinePath.complaintImage}/${records.imageName}` }) },
  [machine('POST', MachinePath.complaintSave)]: order((orderNo) => ({ body: { problemType: 2, problemSonType: 203, problemDetail: 'Charged twice', orderNo } })),
  [machine('POST', MachinePath.complaintScore)]: { owns: 'complaint', call: (records) => ({ body: { problemId: records.problemId, score: 5 } }) },
  [machine('POST', MachinePath.complaintList)]: session(),
  [machine('POST', MachinePath.complaintDetail)]: { owns: 'complaint', call: (records) => ({ body: { problemId: records.problemId } }) },
  [machine('POST', MachinePath.complaintImageUpload)]: session(),
  [card(CardRepaymentPath.way)]: order((orderId) => ({ query: { orderId } })),
  [card(CardRepaymentPath.commit)]: {
    ...order((orderId) => ({ body: { orderId, amount: 100, cardId: 1, repayToken: 'token', sendMsg: 0 } })),
    ownRefused: 'a commit needs the token of a listing the repayment screen opened on a repaying order',
  },
  [card(CardRepaymentPath.confirm)]: {
    ...order((orderId) => ({ body: { orderId, verifyCode: '123456', repaymentRecordId: '1' } })),
    ownRefused: 'a confirmation needs a repayment the borrower committed',
  },
  [card(CardRepaymentPath.result)]: { ...order((orderId) => ({ body: { orderId, repayRecordId: '1' } })), ownRefused: 'a result needs a repayment the borrower committed' },
  [card(CardRepaymentPath.redirect)]: order((orderId, records) => ({ body: { orderId, userId: records.userId, amount: 100 } })),
  [card(CardRepaymentPath.cardForm)]: session(),
  [card('/bind-card')]: session({ token: 'tok_unknown' }),
};

const PROMOTION = 'the promotion landing: visitors have no session; a visitor id, a captcha and SMS limits guard it (docs/decisions/050)';
const SITE = 'the public company site: visitors have no session';
const PROVIDER = 'a provider notification: signed by the provider, never a session';
const SANDBOX = 'the sandbox card checkout, outside production: the checkout id is its only key';

export const PUBLIC_ROUTES: Record<string, PublicRoute> = {
  [machine('POST', AccountPath.sendCode)]: { public: 'signing in: the one borrower call made without a session; limits per phone and device' },
  [machine('POST', AccountPath.signIn)]: { public: 'signing in: the one borrower call made without a session; limits per phone and device' },
  [machine('POST', AccountPath.webSignIn)]: { public: 'signing in from a browser: the same code check and limits as the app, the session set as an HttpOnly cookie (docs/decisions/239)' },
  'GET /healthz': { public: 'liveness for the balancer: no data' },
  'GET /readyz': { public: 'readiness for the balancer: no data' },
  'GET /docs': { public: 'the API documentation, served in demo mode only' },
  'GET /docs*': { public: 'the API documentation, served in demo mode only' },
  'GET /api/dev/preview-defaults': { public: 'the developer preview, served in demo mode only' },
  'GET /': { public: "the web build's files: the same for every visitor" },
  'GET /manifest.webmanifest': { public: "the web app's manifest: the product's name, colours and icons of a market, the same for every borrower of it (docs/decisions/240)" },
  'GET /*': { public: "the pages and the web build's files: no borrower data until a page calls the API with its session" },
  'GET /api/v2/youmi/service/channel/channel-template': { public: PROMOTION },
  'GET /api/v2/youmi/promotion/track-visit': { public: PROMOTION },
  'GET /api/v2/youmi/promotion/track-click': { public: PROMOTION },
  'GET /api/v2/youmi/promotion/get-sid': { public: PROMOTION },
  'POST /api/v2/youmi/promotion/get-sms': { public: PROMOTION },
  'GET /api/v2/youmi/promotion/get-captcha': { public: PROMOTION },
  'GET /api/v2/youmi/promotion/get-captcha-text': { public: PROMOTION },
  'POST /api/v2/youmi/promotion/register': { public: PROMOTION },
  'GET /api/site/company-facts': { public: SITE },
  'POST /api/site/contact-messages': { public: SITE },
  'POST /api/site/contact-form': { public: SITE },
  'POST /webhooks/payments/sandbox-cash': { public: PROVIDER },
  'POST /webhooks/payments/sandbox-card': { public: PROVIDER },
  'POST /webhooks/payouts/sandbox-payout': { public: PROVIDER },
  'POST /sandbox/card-provider/tokens': { public: SANDBOX },
  'GET /sandbox/card-provider/checkout.css': { public: SANDBOX },
  'GET /sandbox/card-provider/checkout/:checkoutId': { public: SANDBOX },
  'POST /sandbox/card-provider/checkout/:checkoutId/pay': { public: SANDBOX },
  'POST /sandbox/card-provider/checkout/:checkoutId/cancel': { public: SANDBOX },
};

/** An image's address as the upload call answers it, and the name under it. */
export const imageNameOf = (url: string) => url.slice(url.indexOf(COMPLAINT_IMAGE_BASE) + COMPLAINT_IMAGE_BASE.length).split('?')[0] ?? '';
