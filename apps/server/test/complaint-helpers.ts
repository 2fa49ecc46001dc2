import { ERROR_MESSAGES, LoanStatus, MACHINE_BASE, MachinePath, OPERATOR_BASE, type ErrorCodeValue } from '@lend/contracts';
import { count } from 'drizzle-orm';
import { complaints } from '../src/db/schema';
import { DEMO_BORROWER } from '../src/seed/demo-data';
import { createOrder, images, multipartBody } from './factories';
import { createTestApp, GENEROUS_BORROWER_CAPS, openSession, sessionQuery, TEST_OPERATOR_TOKEN, type BorrowerSession, type TestApp } from './helper';

export type Envelope<T = unknown> = { code: number; message: string; data: T };
export type Init = {
  problemType: { title: string; value: number }[];
  problemSonType: { title: string; value: number; parentValue: number }[];
  orderDetail: { orderId: string; orderNo: string; status: number; isShow: boolean; list: { title: string; value: string }[] } | null;
  orderList: {
    orderId: string;
    orderNo: string;
    status: number;
    isShow: boolean;
    statusText: string;
    list: { title: string; value: string }[];
  }[];
};
export type Detail = {
  problemId: string;
  folio: string;
  type: string;
  sonType: string;
  content: string;
  images: string[];
  disposeDetail: string;
  disposeImages: string[];
  isNeedScore: number;
  score: number | null;
  dueDate: string;
  time: string;
  status: string;
};

export type ComplaintApp = {
  t: TestApp;
  /** The seeded demo borrower, with seven orders in various states. */
  ana: BorrowerSession;
  /** Another borrower, with one overdue order, whose things Ana must not see. */
  bruno: BorrowerSession;
  brunoOrder: { id: number; orderNo: string };
};

/** A seeded app with two borrowers, configured by `env` beside the test defaults. Call from beforeAll; close `t` in afterAll. */
export async function openComplaintApp(env: NodeJS.ProcessEnv = {}): Promise<ComplaintApp> {
  // Files far more complaints for one borrower in a minute than the caps let through (they have their own test).
  const t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS, env });
  const ana = await openSession(t.app, DEMO_BORROWER.phone);
  const bruno = await openSession(t.app, '5512349999');
  const brunoOrder = await createOrder(t.database.db, Number(bruno.userId), LoanStatus.Overdue);
  return { t, ana, bruno, brunoOrder };
}

export const refused = (code: ErrorCodeValue, language: 'en' | 'es' = 'en') => ({ code, message: ERROR_MESSAGES[code][language], data: null });

/** The complaint calls against the app `app()` returns (read at call time, so it can be set in beforeAll). */
export function complaintCalls(app: () => TestApp) {
  async function call<T = unknown>(session: BorrowerSession, path: string, body: Record<string, unknown> = {}, language = '1') {
    const response = await app().app.inject({
      method: 'POST',
      url: `${MACHINE_BASE}${path}?${sessionQuery(session, { language })}`,
      payload: body,
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  }

  async function upload(session: BorrowerSession, bytes: Uint8Array, field = 'problemImage', language = '1') {
    const form = multipartBody(field, 'evidence.png', bytes);
    const response = await app().app.inject({
      method: 'POST',
      url: `${MACHINE_BASE}${MachinePath.complaintImageUpload}?${sessionQuery(session, { language })}`,
      headers: { 'content-type': form.contentType },
      payload: form.payload,
    });
    return { status: response.statusCode, body: response.json<Envelope<{ url: string } | null>>() };
  }

  async function uploadUrl(session: BorrowerSession, bytes?: Uint8Array): Promise<string> {
    const result = await upload(session, bytes ?? (await images.png()));
    if (!result.body.data) throw new Error(`upload failed: ${JSON.stringify(result.body)}`);
    return result.body.data.url;
  }

  async function init(session: BorrowerSession, language = '1', orderId?: string) {
    return call<Init>(session, MachinePath.complaintInit, orderId === undefined ? {} : { orderId }, language);
  }

  async function orderOf(session: BorrowerSession, status: number) {
    const order = (await init(session)).body.data.orderList.find((o) => o.status === status);
    if (!order) throw new Error(`no order in status ${status}`);
    return order;
  }

  async function complaintCount(): Promise<number> {
    const [row] = await app().database.db.select({ n: count() }).from(complaints);
    return row?.n ?? 0;
  }

  function operator(method: 'GET' | 'POST' | 'PUT', path: string, payload?: unknown, headers: Record<string, string> = {}) {
    return app().app.inject({
      method,
      url: `${OPERATOR_BASE}${path}`,
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  return { call, upload, uploadUrl, init, orderOf, complaintCount, operator };
}
