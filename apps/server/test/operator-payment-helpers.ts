import { OperatorPath, type ManualPaymentResult, type ProductSummary } from '@lend/contracts';
import { addDays, formatDate, priceLoan, repaymentPlan } from '@lend/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { loanOrders } from '../src/db/schema';
import { createRepayingOrders } from './factories';
import { openSession, type BorrowerSession, type TestApp } from './helper';
import { callOperatorApi, operatorStep, productByCode, pushOffer, type Envelope } from './loan-helpers';

/** A new borrower's order on `productCode`, approved and paid out today through the operator API. */
export async function paidOutToday(
  app: FastifyInstance,
  phone: string,
  productCode = 'peso-plus-120',
): Promise<{ session: BorrowerSession; orderNo: string; product: ProductSummary }> {
  const session = await openSession(app, phone);
  const product = await productByCode(app, productCode);
  const orderNo = await pushOffer(app, session, product.id);
  await operatorStep(app, OperatorPath.orderApprove, orderNo);
  await operatorStep(app, OperatorPath.orderDisburse, orderNo);
  return { session, orderNo, product };
}

/**
 * A new borrower's single-payment order on `productCode` paid out `daysAgo` days ago (its
 * installment still to come), so early repayment is open and interest not yet earned is rebated.
 */
export async function paidOutDaysAgo(t: TestApp, phone: string, productCode: string, daysAgo: number): Promise<{ session: BorrowerSession; orderNo: string }> {
  const session = await openSession(t.app, phone);
  const product = await productByCode(t.app, productCode);
  const [first] = repaymentPlan(priceLoan(product.pricing, product.pricing.defaultAmountMinor));
  const today = formatDate(new Date(), product.market);
  const [id] = await createRepayingOrders(t.database.db, Number(session.userId), productCode, 1, addDays(today, (first?.dueDay ?? 0) - daysAgo));
  const [order] = await t.database.db.select({ orderNo: loanOrders.orderNo }).from(loanOrders).where(eq(loanOrders.id, id ?? 0));
  return { session, orderNo: order?.orderNo ?? '' };
}

/** Records a transfer through the operator API, as the command line does. */
export function recordTransfer(
  app: FastifyInstance,
  orderNo: string,
  amountMinor: number,
  referenceNote: string,
  recordedBy = 'ana.ops',
): Promise<Envelope<ManualPaymentResult> & { status: number }> {
  return callOperatorApi<ManualPaymentResult>(app, 'POST', OperatorPath.payments, { orderNo, amountMinor, referenceNote, recordedBy });
}
