import {
  BookHealthPath,
  CollectionsPath,
  CollectionsWorkPath,
  ListExports,
  LossesPath,
  AgencyPath,
  OperatorCreditPath,
  OperatorPath,
  OperatorProfilePath,
  OrderEvidencePath,
  PrivacyOperatorPath,
  PromotionOperatorPath,
  StaffPath,
  TOKEN_ROLE,
  type PrincipalRole,
} from '@lend/contracts';

/** Who may call an operator route: roles, or anyone (signing in), or any signed-in person on the staff. */
export type RouteAccess = { roles: readonly PrincipalRole[] } | 'public' | 'staff';

const A = TOKEN_ROLE;
const everyone = { roles: ['agent', 'credit-officer', 'admin', A] } as const;
/** Complaints, contact messages, privacy (ARCO) requests. */
const service = { roles: ['agent', 'admin', A] } as const;
/** Referred applications, orders, payments, refunds, reconciliation, settlement. */
const credit = { roles: ['credit-officer', 'admin', A] } as const;
/** Products, pricing, channels, complaint types, promotion templates, test tools. */
const admin = { roles: ['admin', A] } as const;
/** What a shared token may not do: staff accounts and the audit log belong to named people (docs/decisions/163). */
const adminInPerson = { roles: ['admin'] } as const;
/** A note's author is a person (docs/decisions/163, 236): who may read its subject, the token aside. */
const everyoneInPerson = { roles: ['agent', 'credit-officer', 'admin'] } as const;
/** The book's health: collections agents and their supervisors (docs/decisions/247). */
const book = { roles: ['agent', 'admin', A] } as const;
const serviceInPerson = { roles: ['agent', 'admin'] } as const;
const creditInPerson = { roles: ['credit-officer', 'admin'] } as const;
/** The collections queue and files: agents work them; credit officers read them to write off, settle and place with agencies (docs/decisions/249). */
const collectionsReaders = { roles: ['agent', 'credit-officer', 'admin', A] } as const;

/**
 * Every operator route, by method and path under the operator base, and who may call it
 * (docs/decisions/161). The app refuses to start with an operator route missing here, and the
 * check before each call reads only this table.
 */
const LISTED_ROUTE_ROLES: Readonly<Record<string, RouteAccess>> = {
  [`GET ${OperatorPath.health}`]: everyone,
  [`POST ${OperatorPath.createSession}`]: admin,

  [`GET ${OperatorPath.complaints}`]: service,
  [`POST ${OperatorPath.complaintReply}`]: service,
  // Notes on a subject are read by whoever reads the subject and written by a named person of those (docs/decisions/236).
  [`GET ${OperatorPath.complaintNotes}`]: service,
  [`POST ${OperatorPath.complaintNotes}`]: serviceInPerson,
  [`POST ${OperatorPath.complaintImages}`]: service,
  [`GET ${OperatorPath.complaintImages}/:name`]: service,
  [`GET ${OperatorPath.complaintTypes}`]: service,
  [`PUT ${OperatorPath.complaintTypes}/:value`]: admin,
  [`GET ${OperatorPath.contactMessages}`]: service,
  [`POST ${OperatorPath.contactMessageAnswer}`]: service,
  [`GET ${PrivacyOperatorPath.requests}`]: service,
  [`POST ${PrivacyOperatorPath.answer}`]: service,
  // Correcting a borrower's data answers a rectification request, the service desk's work (docs/decisions/185).
  [`GET ${PrivacyOperatorPath.rectification}`]: service,
  [`POST ${PrivacyOperatorPath.rectification}`]: service,

  // Finding a borrower serves both desks: an agent answering a call, a credit officer checking an order.
  [`GET ${OperatorPath.borrowers}`]: everyone,
  [`GET ${OperatorPath.borrower}`]: everyone,
  [`POST ${OperatorPath.borrowerSessionEnd}`]: service,
  [`GET ${OperatorPath.borrowerNotes}`]: everyone,
  [`POST ${OperatorPath.borrowerNotes}`]: everyoneInPerson,

  [`GET ${OperatorPath.promoTemplates}`]: admin,
  [`POST ${OperatorPath.promoTemplates}`]: admin,
  [`PUT ${OperatorPath.promoTemplate}`]: admin,
  [`GET ${OperatorPath.promoFunnel}`]: admin,
  [`GET ${PromotionOperatorPath.funnelDays}`]: admin,
  [`GET ${OperatorPath.captchaAnswer}`]: admin,
  [`GET ${OperatorPath.smsOutbox}`]: admin,
  [`GET ${OperatorPath.products}`]: everyone,
  [`PUT ${OperatorPath.productPricing}`]: admin,
  [`POST ${OperatorPath.productPricingPreview}`]: admin,
  [`PUT ${OperatorPath.productCreditPolicy}`]: admin,
  [`GET ${OperatorPath.paymentChannels}`]: admin,
  [`PUT ${OperatorPath.paymentChannel}`]: admin,
  [`GET ${OperatorPath.lenderFacts}`]: admin,
  [`PUT ${OperatorPath.lenderCompanyFacts}`]: admin,
  [`PUT ${OperatorPath.lenderServiceContacts}`]: admin,
  [`GET ${CollectionsPath.bands}`]: admin,
  [`PUT ${CollectionsPath.marketBands}`]: admin,
  [`GET ${CollectionsWorkPath.queue}`]: collectionsReaders,
  [`GET ${CollectionsWorkPath.order}`]: collectionsReaders,
  [`POST ${CollectionsWorkPath.takeNext}`]: serviceInPerson,
  [`POST ${CollectionsWorkPath.contacts}`]: serviceInPerson,
  [`POST ${CollectionsWorkPath.promises}`]: serviceInPerson,
  [`POST ${CollectionsWorkPath.assign}`]: admin,
  [`POST ${CollectionsWorkPath.assignEvenly}`]: admin,
  [`POST ${CollectionsWorkPath.promisesCheck}`]: admin,
  [`PUT ${LossesPath.productCollectionsPolicy}`]: admin,
  [`POST ${LossesPath.writeOff}`]: creditInPerson,
  [`GET ${AgencyPath.agencies}`]: everyone,
  [`POST ${AgencyPath.agencies}`]: admin,
  [`PUT ${AgencyPath.agency}`]: admin,
  [`POST ${AgencyPath.placement}`]: creditInPerson,
  [`POST ${AgencyPath.recall}`]: creditInPerson,
  [`POST ${LossesPath.settlements}`]: creditInPerson,
  [`POST ${LossesPath.settlementApprove}`]: creditInPerson,
  [`POST ${LossesPath.settlementDecline}`]: creditInPerson,
  [`POST ${LossesPath.settlementWithdraw}`]: creditInPerson,
  [`POST ${LossesPath.paymentPlans}`]: creditInPerson,
  [`POST ${LossesPath.paymentPlanWithdraw}`]: creditInPerson,
  // An SMS from the workspace is a contact: who may record one may send one (docs/decisions/246).
  [`GET ${CollectionsWorkPath.messages}`]: collectionsReaders,
  [`POST ${CollectionsWorkPath.messages}`]: serviceInPerson,
  [`GET ${CollectionsWorkPath.promiseRates}`]: collectionsReaders,
  [`GET ${BookHealthPath.par}`]: book,
  [`GET ${BookHealthPath.vintages}`]: book,
  [`GET ${BookHealthPath.rollRates}`]: book,
  [`GET ${BookHealthPath.efficiency}`]: book,
  [`GET ${BookHealthPath.promises}`]: book,
  [`POST ${OperatorPath.offerSet}`]: admin,
  [`POST ${OperatorPath.offerWithdraw}`]: admin,
  [`POST ${OperatorPath.orderSweep}`]: admin,
  [`POST ${OperatorPath.remindersRun}`]: admin,
  [`POST ${OperatorPath.testCards}`]: admin,

  [`GET ${OperatorCreditPath.referrals}`]: credit,
  [`POST ${OperatorCreditPath.approve}`]: credit,
  [`POST ${OperatorCreditPath.decline}`]: credit,
  [`GET ${OperatorProfilePath.profile}`]: credit,
  [`GET ${OperatorProfilePath.image}`]: credit,
  [`GET ${OperatorPath.orders}`]: credit,
  [`POST ${OperatorPath.orderApprove}`]: credit,
  [`POST ${OperatorPath.orderReject}`]: credit,
  [`POST ${OperatorPath.orderDisburse}`]: credit,
  [`GET ${OperatorPath.orderNotes}`]: credit,
  [`POST ${OperatorPath.orderNotes}`]: creditInPerson,
  [`GET ${OperatorPath.paymentReference}`]: credit,
  [`GET ${OperatorPath.payments}`]: credit,
  [`POST ${OperatorPath.payments}`]: credit,
  [`GET ${OperatorPath.payment}`]: credit,
  [`GET ${OperatorPath.orderLedger}`]: credit,
  [`GET ${OperatorPath.paymentExceptions}`]: credit,
  [`POST ${OperatorPath.paymentExceptionResolve}`]: credit,
  [`GET ${OperatorPath.orderPayoff}`]: credit,
  [`GET ${OrderEvidencePath.signatures}`]: credit,
  [`GET ${OperatorPath.ledgerCheck}`]: credit,
  [`POST ${OperatorPath.cardReconcile}`]: credit,
  [`POST ${OperatorPath.cashReconcile}`]: credit,
  // Above the staff refund limit a refund waits for a second person: a named administrator who did not ask (docs/decisions/180).
  [`GET ${OperatorPath.refunds}`]: credit,
  [`POST ${OperatorPath.refunds}`]: credit,
  [`POST ${OperatorPath.refundsFollow}`]: credit,
  [`GET ${OperatorPath.refundApprovals}`]: credit,
  [`POST ${OperatorPath.refundApprovalApprove}`]: adminInPerson,
  [`POST ${OperatorPath.refundApprovalDecline}`]: adminInPerson,
  [`GET ${OperatorPath.cardRepaymentsPending}`]: credit,
  [`POST ${OperatorPath.cardRepaymentReconcile}`]: credit,
  [`GET ${OperatorPath.paymentReferences}`]: credit,
  [`GET ${OperatorPath.webhookDeliveries}`]: credit,
  [`GET ${OperatorPath.settlementReports}`]: credit,
  [`GET ${OperatorPath.jobRuns}`]: credit,
  [`POST ${OperatorPath.settlementReports}`]: credit,
  [`GET ${OperatorPath.payouts}`]: credit,
  [`GET ${OperatorPath.payout}`]: credit,
  [`GET ${OperatorPath.payoutEventsUnmatched}`]: credit,
  [`POST ${OperatorPath.payoutRetry}`]: credit,
  // Restating moves the books of an order and owes the borrower money: an administrator's step (docs/decisions/224).
  [`POST ${OperatorPath.payoutRestate}`]: admin,
  [`POST ${OperatorPath.payoutsSend}`]: credit,
  [`POST ${OperatorPath.payoutsReconcile}`]: credit,
  // The sandbox bank's answers are a test tool (docs/decisions/153).
  [`POST ${OperatorPath.payoutSandbox}`]: admin,

  [`POST ${StaffPath.signIn}`]: 'public',
  [`POST ${StaffPath.signInTotp}`]: 'public',
  [`POST ${StaffPath.signOut}`]: 'staff',
  [`GET ${StaffPath.me}`]: 'staff',
  [`POST ${StaffPath.password}`]: 'staff',
  [`GET ${StaffPath.accounts}`]: adminInPerson,
  [`POST ${StaffPath.accounts}`]: adminInPerson,
  [`POST ${StaffPath.accountRole}`]: adminInPerson,
  [`POST ${StaffPath.accountDisable}`]: adminInPerson,
  [`POST ${StaffPath.accountResetTotp}`]: adminInPerson,
  [`POST ${StaffPath.accountConfirmAdmin}`]: adminInPerson,
  [`GET ${StaffPath.audit}`]: adminInPerson,
};

/** A list's CSV export is read by exactly who reads the list (docs/decisions/237). */
function exportRoles(listed: Readonly<Record<string, RouteAccess>>): Record<string, RouteAccess> {
  return Object.fromEntries(
    Object.values(ListExports).map((entry) => {
      const access = listed[`GET ${entry.list.path}`];
      if (!access) throw new Error(`${entry.list.path}: an exported list with no roles`);
      return [`GET ${entry.csv.path}`, access];
    }),
  );
}

export const OPERATOR_ROUTE_ROLES: Readonly<Record<string, RouteAccess>> = { ...LISTED_ROUTE_ROLES, ...exportRoles(LISTED_ROUTE_ROLES) };

/** The table's key of a route: HEAD is answered by its GET. */
export function routeKey(method: string, pathUnderBase: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${pathUnderBase}`;
}
