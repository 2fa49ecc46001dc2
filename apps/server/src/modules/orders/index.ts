/**
 * Orders: placing an order on a borrower's offer, its status machine (approve, reject, pay out;
 * due, overdue and late charges through the statements the order clock runs), the order read
 * its details screen shows, the borrower's order lists, ratings, and the plans and balances
 * every other loan module reads.
 * Owns loan_orders and loan_installments.
 */
export {
  borrowerAndMarketProduct,
  confirmationFor,
  confirmationOf,
  openOrdersOf,
  overdueOrderIn,
  productStanding,
  type Confirmation,
  type CreditLine,
  type CreditLineForOrder,
  type CreditLineOf,
  type OpenOrder,
  type ProductStanding,
} from './confirm-service';
export { presentLoanConfirm } from './confirm-presenter';
export { orderDetails, orderWithPlan, type OrderDetails, type PayoutStanding, type PayoutStandingOf, type ProductOf } from './details-service';
export { cardPayUrl, confirmUrl, contractUrl, keyFactsUrl, paymentsUrl, productRepayUrl } from './loan-links';
export { installmentsDueOfProducts, installmentsOfOrders, type InstallmentRow } from './installment-repository';
export { amountDueNow, balanceOf, extensionOffer, installmentChanges, orderPayableToday, orderPayoffQuote, orderToday, payoffLoanOf } from './order-balance';
export { applyOperatorEvent, lockBorrowerOrdersForMoney, lockOrderForMoney, recordPayout, restatePayout, restructureOrder, saveMoneyChanges, undoPayout, type OrderStepHooks } from './order-operations';
export { type CheckedOrderRow } from './checked-orders-repository';
export {
  addLateCharges,
  lockClockBatch,
  overdueAmong,
  orderOwners,
  moveOrdersStatus,
  moveOrderStatus,
  orderRecipients,
  repeatClients,
  settledOrdersSince,
  type OrderRow,
  type OrderSummaryRow,
} from './order-repository';
export { orderRoutes } from './order-routes';
export {
  awaitsPayout,
  borrowerOrder,
  borrowerOrderSummaries,
  borrowerOrderSummary,
  borrowerOrdersWithPlans,
  borrowerPaidOutOrder,
  hasOpenLoan,
  hasPlacedOrder,
  holdsCredit,
  lendingHistoryOf,
  newestBorrowerOrders,
  oldestRepayingOrder,
  orderByNumber,
  orderInstallments,
  orderNumbers,
  orderOutline,
  orderPage,
  highestOrderId,
  checkedOrdersInRange,
  withOrderLabels,
  type BorrowerOrder,
  type OrderLabel,
  type OrderQuery,
} from './order-service';
export { placeOrder, priceColumns, type Agreement, type AgreementRecorder, type OrderNumberSource } from './place-order';
export { amountsOfProductsByMonth, lateInstallmentsByMonth, principalAtRisk, vintagePoints, type MonthAmount, type OrderMonthAmount, type ProductAtRisk, type VintagePointRow } from './book-figures-repository';
