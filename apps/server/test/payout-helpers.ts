import { MachinePath, OperatorPath, type LoanDetails, type OrderSummary, type PayoutRunResult, type PayoutView } from '@lend/contracts';
import type { FastifyInstance } from 'fastify';
import { openSession, type BorrowerSession } from './helper';
import { callBorrower, callOperatorApi, operatorStep, productByCode, pushOffer, type Envelope } from './loan-helpers';

/** A borrower of their own with an order of `productCode` approved: its payout queued (or held). */
export async function approvedOrder(
  app: FastifyInstance,
  phone: string,
  productCode: string,
  options: { payoutAccount?: boolean } = {},
): Promise<{ session: BorrowerSession; orderNo: string; order: OrderSummary }> {
  const session = await openSession(app, phone, undefined, options);
  const orderNo = await pushOffer(app, session, (await productByCode(app, productCode)).id);
  const order = await operatorStep(app, OperatorPath.orderApprove, orderNo);
  return { session, orderNo, order };
}

/** The order's payouts as the operator sees them, newest first. */
export async function payoutsOf(app: FastifyInstance, orderNo: string): Promise<PayoutView[]> {
  const answer = await callOperatorApi<PayoutView[]>(app, 'GET', OperatorPath.payout.replace(':orderNo', orderNo));
  if (answer.code !== 0) throw new Error(`payout show failed: ${answer.message}`);
  return answer.data;
}

export async function payoutList(app: FastifyInstance, view: 'queue' | 'attention' | 'ceiling' | 'all'): Promise<PayoutView[]> {
  return (await callOperatorApi<PayoutView[]>(app, 'GET', `${OperatorPath.payouts}?view=${view}`)).data;
}

export function runSender(app: FastifyInstance): Promise<Envelope<PayoutRunResult> & { status: number }> {
  return callOperatorApi<PayoutRunResult>(app, 'POST', OperatorPath.payoutsSend, {});
}

export function runReconciler(app: FastifyInstance): Promise<Envelope<PayoutRunResult> & { status: number }> {
  return callOperatorApi<PayoutRunResult>(app, 'POST', OperatorPath.payoutsReconcile, {});
}

/** The sandbox rail's bank acting on the order's payout. */
export function sandboxPayout(app: FastifyInstance, orderNo: string, outcome: 'settle' | 'reject' | 'reverse', reason?: string) {
  return callOperatorApi<PayoutView>(app, 'POST', OperatorPath.payoutSandbox, { orderNo, outcome, ...(reason ? { reason } : {}) });
}

export async function orderOf(app: FastifyInstance, session: BorrowerSession, orderNo: string): Promise<OrderSummary> {
  const answer = await callOperatorApi<{ items: OrderSummary[] }>(app, 'GET', `${OperatorPath.orders}?userId=${session.userId}`);
  const order = answer.data.items.find((item) => item.orderNo === orderNo);
  if (!order) throw new Error(`no order ${orderNo}`);
  return order;
}

export async function borrowerDetails(app: FastifyInstance, session: BorrowerSession, orderNo: string, language: '1' | '2'): Promise<LoanDetails> {
  const answer = await callBorrower<LoanDetails>(app, session, MachinePath.loanDetails, { orderId: orderNo }, language);
  if (answer.code !== 0) throw new Error(`details failed: ${answer.message}`);
  return answer.data;
}

export const rowOf = (details: LoanDetails, text: string) => details.userOrderDetail.detail.find((row) => row.text === text)?.value;
