/**
 * Orders: placing an order on a borrower's offer, its status machine (approve, reject, pay out,
 * the clock's due and overdue, late charges), its details screen and remembered answers, the
 * borrower's order lists, ratings, and the plans and balances every other loan module reads.
 * Owns loan_orders and loan_installments.
 */
export { confirmation, type Confirmation } from './confirm-service';
export { orderDetails, orderWithPlan, type OrderDetails, type OrderWithPlan } from './details-service';
export { extensionOffer, type ExtensionOffer, type ExtensionRefusal, type ExtensionTerms } from './extension-offer';
export type { InstallmentMoney, InstallmentRow } from './installment-repository';
export { amountDueNow, balanceOf, installmentChanges, orderToday, payoffLoanOf } from './order-balance';
export { startOrderClock, sweepOrders, SWEEP_BATCH_SIZE } from './order-clock';
export { applyOperatorEvent, lockOrderForMoney, recordPayout, saveMoneyChanges, type LockedOrder } from './order-operations';
export { moveOrderStatus, type OrderMoney, type OrderRow, type OrderSummaryRow } from './order-repository';
export { operatorOrderRoutes } from './operator-order-routes';
export { orderRoutes, type OrderRouteOptions } from './order-routes';
export {
  borrowerOrder,
  borrowerOrderSummaries,
  borrowerOrderSummary,
  borrowerOrdersWithPlans,
  borrowerPaidOutOrder,
  hasOpenLoan,
  newestBorrowerOrders,
  oldestRepayingOrder,
  orderByNumber,
  orderInstallments,
  orderNumbers,
  orderOutline,
  ordersWithPlansAfter,
  scoreOrder,
  type BorrowerOrder,
  type OrderQuery,
  type PaidOutOrder,
} from './order-service';
export { placeOrder, type Agreement, type OrderNumberSource } from './place-order';
export { pushLoan } from './push-service';
export { RememberedDetailsAnswers } from './remembered-details-answers';
export {
  extensionsGrantedSince,
  installmentsDueBetween,
  ordersSettledSince,
  paymentsAppliedSince,
  type AppliedPayment,
  type DueInstallment,
  type EventPage,
  type GrantedExtension,
  type SettledOrder,
} from './reminder-events';
