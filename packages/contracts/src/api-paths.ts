/** Base path of every borrower-app call (spec §7). */
export const MACHINE_BASE = '/machine';
/** Base path of the operator API; never reachable with a borrower session. */
export const OPERATOR_BASE = '/operator/v1';

/** Borrower calls, relative to `MACHINE_BASE`. */
export const MachinePath = {
  serviceContacts: '/user-problem/get-whatsapp',
  loanConfirm: '/v3/loan-confirm/loan-detail-confirm',
  loanPush: '/v3/loan-confirm/loan-detail-push',
  loanDetails: '/v3/loan-details/loan-details',
  loanScore: '/v3/loan-details/google-score',
  /** GET, with the query of `contractDetailRequestSchema`. */
  contractDetail: '/v3/loan-details/contract-detail',
  installmentDetail: '/v3/installment/loan-play-detail',
  repayInstruction: '/v3/loan-details/generate-vcode',
} as const;

/** Operator calls, relative to `OPERATOR_BASE`. */
export const OperatorPath = {
  health: '/health',
  createSession: '/sessions',
  products: '/products',
  /** GET lists (`?userId=`); POST approve, reject, disburse take `{ orderNo }`. */
  orders: '/orders',
  orderApprove: '/orders/approve',
  orderReject: '/orders/reject',
  orderDisburse: '/orders/disburse',
  /** Runs the clock job now (due, overdue, penalties). */
  orderSweep: '/orders/sweep',
  offerSet: '/offers/set',
  offerWithdraw: '/offers/withdraw',
} as const;
