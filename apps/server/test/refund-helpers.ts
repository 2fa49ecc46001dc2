import { OperatorPath, type RefundView } from '@lend/contracts';
import { eq } from 'drizzle-orm';
import { ledgerPostings, refunds } from '../src/db/schema';
import type { TestApp } from './helper';
import { callOperatorApi, type Envelope } from './loan-helpers';
import { deliver, issueReference, mexicoDate, orderRow, owed, paymentEvent, repayingOrder, type RepayingOrder } from './payment-helpers';

/** A repaying order of a new borrower paid off with `extraMinor` more than it owed, through the sandbox cash network. */
export async function overpaidOrder(t: TestApp, phone: string, extraMinor: number): Promise<RepayingOrder & { creditMinor: number }> {
  const order = await repayingOrder(t, phone, 'peso-flex-91', mexicoDate(60));
  const amount = await owed(t, order.orderId);
  const reference = await issueReference(t, order, amount);
  const delivered = await deliver(t, paymentEvent(order, reference, amount + extraMinor));
  if (delivered.status !== 200) throw new Error(`overpayment refused: ${JSON.stringify(delivered.body)}`);
  return { ...order, creditMinor: (await orderRow(t, order.orderId)).creditMinor };
}

export function createRefund(t: TestApp, body: Record<string, unknown>): Promise<Envelope<{ replay: boolean; refund: RefundView; refunds?: RefundView[] }> & { status: number }> {
  return callOperatorApi(t.app, 'POST', OperatorPath.refunds, { recordedBy: 'ana.ops', ...body });
}

export function refundsOf(t: TestApp, orderId: number) {
  return t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId));
}

/** The order's balance on one ledger account (debits − credits). */
export async function ledgerBalance(t: TestApp, orderId: number, account: string): Promise<number> {
  const rows = await t.database.db.select().from(ledgerPostings).where(eq(ledgerPostings.orderId, orderId));
  return rows.filter((row) => row.account === account).reduce((sum, row) => sum + row.amountMinor, 0);
}
