import {
  MACHINE_BASE,
  MachinePath,
  OPERATOR_BASE,
  OperatorPath,
  type LoanConfirm,
  type LoanPush,
  type OrderSummary,
  type OrderSweepResult,
  type ProductSummary,
} from '@lend/contracts';
import type { FastifyInstance } from 'fastify';
import { sessionQuery, TEST_OPERATOR_TOKEN, type BorrowerSession } from './helper';

export type Envelope<T = unknown> = { code: number; message: string; data: T };

/** A borrower call as the web app makes it: form body, session and language in the query. */
export async function callBorrower<T = unknown>(
  app: FastifyInstance,
  session: BorrowerSession,
  path: string,
  body: Record<string, string | number>,
  language = '2',
): Promise<Envelope<T> & { status: number }> {
  const response = await app.inject({
    method: 'POST',
    url: `${MACHINE_BASE}${path}?${sessionQuery(session, { language })}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  });
  return { ...response.json<Envelope<T>>(), status: response.statusCode };
}

export async function getBorrower<T = unknown>(
  app: FastifyInstance,
  session: BorrowerSession,
  path: string,
  query: Record<string, string>,
  language = '2',
): Promise<Envelope<T> & { status: number }> {
  const response = await app.inject({ method: 'GET', url: `${MACHINE_BASE}${path}?${sessionQuery(session, { language, ...query })}` });
  return { ...response.json<Envelope<T>>(), status: response.statusCode };
}

export async function callOperatorApi<T = unknown>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  body?: Record<string, unknown>,
): Promise<Envelope<T> & { status: number }> {
  const response = await app.inject({
    method,
    url: `${OPERATOR_BASE}${path}`,
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    ...(body ? { payload: body } : {}),
  });
  return { ...response.json<Envelope<T>>(), status: response.statusCode };
}

export async function productByCode(app: FastifyInstance, code: string): Promise<ProductSummary> {
  const { data } = await callOperatorApi<ProductSummary[]>(app, 'GET', OperatorPath.products);
  const product = data.find((p) => p.code === code);
  if (!product) throw new Error(`no product ${code}`);
  return product;
}

/** Confirms the borrower's current offer on a product the way the screen does; returns the order number. */
export async function pushOffer(app: FastifyInstance, session: BorrowerSession, productId: number, language = '2'): Promise<string> {
  const confirm = await callBorrower<LoanConfirm>(app, session, MachinePath.loanConfirm, { productId, isType: '1' }, language);
  if (confirm.code !== 0) throw new Error(`confirm failed: ${confirm.message}`);
  const { amount, periods, termUnit } = confirm.data;
  const pushed = await callBorrower<LoanPush>(app, session, MachinePath.loanPush, { productId, amount, periods, termUnit, agreement: '1' }, language);
  if (pushed.code !== 0) throw new Error(`push failed: ${pushed.message}`);
  return new URLSearchParams(pushed.data.lendDetailsUrl.split('?')[1]).get('orderId') ?? '';
}

/** An operator step on an order (approve, reject, disburse); throws unless it succeeded. */
export async function operatorStep(app: FastifyInstance, path: string, orderNo: string): Promise<OrderSummary> {
  const answer = await callOperatorApi<OrderSummary>(app, 'POST', path, { orderNo });
  if (answer.code !== 0) throw new Error(`${path} failed: ${answer.message}`);
  return answer.data;
}

/** Runs the clock job as of noon UTC on `date` (the same calendar day in both markets). */
export async function sweepAt(app: FastifyInstance, date: string): Promise<OrderSweepResult> {
  const answer = await callOperatorApi<OrderSweepResult>(app, 'POST', OperatorPath.orderSweep, { at: `${date}T12:00:00Z` });
  if (answer.code !== 0) throw new Error(`sweep failed: ${answer.message}`);
  return answer.data;
}
