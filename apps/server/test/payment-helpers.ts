import { randomBytes } from 'node:crypto';
import {
  MachinePath,
  SIGNATURE_HEADER,
  WEBHOOK_BASE,
  type LoanDetails,
  type PaymentEvent,
  type RepayInstruction,
  type WebhookErrorAnswer,
  type WebhookReceived,
} from '@lend/contracts';
import { formatDate, outstanding } from '@lend/domain';
import { count, eq } from 'drizzle-orm';
import { ledgerEntries, loanInstallments, loanOrders, payments } from '../src/db/schema';
import { balanceOf } from '../src/modules/orders';
import { sign, SANDBOX_WEBHOOK_SECRET } from '../src/providers/payments/webhook-signature';
import { createRepayingOrders } from './factories';
import { openSession, type BorrowerSession, type TestApp } from './helper';
import { callBorrower } from './loan-helpers';

export const WEBHOOK_PATH = `${WEBHOOK_BASE}/sandbox-cash`;

export type Delivery = { status: number; body: WebhookReceived & WebhookErrorAnswer };

/** Posts an event as the sandbox provider does: the raw JSON, signed now (or at `signedAt`, or with another secret). */
export async function deliver(
  t: TestApp,
  event: PaymentEvent | Record<string, unknown>,
  options: { signedAt?: Date; secret?: string; signature?: string | null; rawBody?: string } = {},
): Promise<Delivery> {
  const raw = options.rawBody ?? JSON.stringify(event);
  const signature = options.signature === undefined ? sign(options.secret ?? SANDBOX_WEBHOOK_SECRET, raw, options.signedAt ?? new Date()) : options.signature;
  const response = await t.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }) },
    payload: raw,
  });
  return { status: response.statusCode, body: response.json() };
}

export type RepayingOrder = { session: BorrowerSession; orderNo: string; orderId: number };

/**
 * A paid-out order of a new borrower whose first installment falls due on `dueDate` (the market's
 * date), so what is due, late or early-repayable follows from today.
 */
export async function repayingOrder(t: TestApp, phone: string, productCode: string, dueDate: string): Promise<RepayingOrder> {
  const session = await openSession(t.app, phone);
  const [orderId] = await createRepayingOrders(t.database.db, Number(session.userId), productCode, 1, dueDate);
  if (orderId === undefined) throw new Error('no order created');
  const order = await orderRow(t, orderId);
  return { session, orderNo: order.orderNo, orderId };
}

/** Today's date in Mexico, `days` away. */
export function mexicoDate(days = 0): string {
  return formatDate(new Date(Date.now() + days * 86_400_000), 'MX');
}

/** Today's date in India, `days` away. */
export function indiaDate(days = 0): string {
  return formatDate(new Date(Date.now() + days * 86_400_000), 'IN');
}

export async function orderRow(t: TestApp, orderId: number) {
  const [order] = await t.database.db.select().from(loanOrders).where(eq(loanOrders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

/** What a refused delivery must leave untouched: no receipt, no ledger entry, the order as it was. */
export async function moneyWritten(t: TestApp, orderId: number) {
  const [receipts] = await t.database.db.select({ n: count() }).from(payments);
  const [entries] = await t.database.db.select({ n: count() }).from(ledgerEntries);
  const { statusCode, creditMinor, updatedAt } = await orderRow(t, orderId);
  return { receipts: receipts?.n, entries: entries?.n, statusCode, creditMinor, updatedAt };
}

/** Everything the order owes now: unpaid installments and late charges. */
export async function owed(t: TestApp, orderId: number): Promise<number> {
  const order = await orderRow(t, orderId);
  const rows = await t.database.db.select().from(loanInstallments).where(eq(loanInstallments.orderId, orderId));
  return outstanding(balanceOf(order, rows));
}

export function paymentsOf(t: TestApp, orderId: number) {
  return t.database.db.select().from(payments).where(eq(payments.orderId, orderId));
}

/** A reference issued through the repayment-instruction call, as the borrower's screen asks for it. */
export async function issueReference(
  t: TestApp,
  order: RepayingOrder,
  amountMinor: number,
  requestType: 1 | 2 = 1,
  payCode = 'tienda-demo',
): Promise<string> {
  const answer = await callBorrower<RepayInstruction>(t.app, order.session, MachinePath.repayInstruction, {
    orderId: order.orderNo,
    requestType: String(requestType),
    amount: amountMinor,
    payCode,
  });
  if (answer.code !== 0) throw new Error(`reference not issued: ${answer.message}`);
  return answer.data.repayDetail.vCode;
}

/** A payment event against the reference, paid now unless said otherwise; a new event id each time. */
export function paymentEvent(order: RepayingOrder, reference: string, amountMinor: number, extra: Partial<PaymentEvent> = {}): PaymentEvent {
  return {
    id: `evt_${randomBytes(8).toString('hex')}`,
    type: 'payment.succeeded',
    reference,
    channel: 'tienda-demo',
    orderNo: order.orderNo,
    amountMinor,
    currency: 'MXN',
    paidAt: new Date().toISOString(),
    ...extra,
  };
}

/** The borrower's order details (English), and one of its rows by label. */
export async function details(t: TestApp, order: RepayingOrder): Promise<LoanDetails & { row: (label: string) => string | undefined }> {
  const answer = await callBorrower<LoanDetails>(t.app, order.session, MachinePath.loanDetails, { orderId: order.orderNo }, '1');
  if (answer.code !== 0) throw new Error(`details failed: ${answer.message}`);
  return { ...answer.data, row: (label) => answer.data.userOrderDetail.detail.find((r) => r.text === label)?.value };
}
