import { MACHINE_BASE, OPERATOR_BASE, OperatorPath, type ProductSummary } from '@lend/contracts';
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
    payload: new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)])).toString(),
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
