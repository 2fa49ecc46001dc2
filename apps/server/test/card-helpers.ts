import {
  CARD_REPAYMENT_BASE,
  CardLimits,
  CardRepaymentPath,
  OperatorPath,
  type BankCard,
  type CardReconcileResult,
  type CardRepaymentResult,
  type RepaymentCommitData,
  type RepaymentWayData,
  type SandboxTestCardKind,
} from '@lend/contracts';
import { eq, inArray } from 'drizzle-orm';
import { cardRepayments, sandboxCardCharges } from '../src/db/schema';
import { SandboxCardProvider } from '../src/providers/cards/sandbox/sandbox-card-provider';
import { sessionQuery, type BorrowerSession, type TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';
import { mexicoDate, repayingOrder, type RepayingOrder } from './payment-helpers';
import { outbox } from './promotion-helpers';

/** The app's sandbox card provider's charge under a key, as the reconciler finds it (the sandbox reads only the key). */
export function sandboxChargeUnder(t: TestApp, idempotencyKey: string) {
  const provider = t.app.cardProviders.card;
  if (!(provider instanceof SandboxCardProvider)) throw new Error('the app does not run the sandbox card provider');
  return provider.findCharge({ idempotencyKey });
}

export type CardAnswer<T = unknown> = { status: number; code: string; message: string; data: T; url?: string };

/** A card call as the card screens make it: the session and language in the query, a form body. */
export async function callCard<T = unknown>(
  t: TestApp,
  session: BorrowerSession,
  path: string,
  body: Record<string, string | number> = {},
  options: { language?: string; query?: Record<string, string>; json?: boolean } = {},
): Promise<CardAnswer<T>> {
  const query = sessionQuery(session, { language: options.language ?? '2', ...options.query });
  const response = await t.app.inject({
    method: 'POST',
    url: `${CARD_REPAYMENT_BASE}${path}?${query}`,
    headers: { 'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded' },
    payload: options.json
      ? JSON.stringify(body)
      : new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString(),
  });
  return { ...response.json<Omit<CardAnswer<T>, 'status'>>(), status: response.statusCode };
}

/** A published sandbox test card saved for the borrower, as `npm run cli -- card add` does. */
export async function addTestCard(t: TestApp, session: BorrowerSession, kind: SandboxTestCardKind): Promise<BankCard> {
  const answer = await callOperatorApi<BankCard>(t.app, 'POST', OperatorPath.testCards, { userId: Number(session.userId), kind });
  if (answer.code !== 0) throw new Error(`test card not saved: ${answer.message}`);
  return answer.data;
}

/** A repaying Mexican order of a new borrower (first installment due in 20 days) with one saved card of `kind`. */
export async function orderWithCard(t: TestApp, phone: string, kind: SandboxTestCardKind): Promise<RepayingOrder & { card: BankCard; phone: string }> {
  const order = await repayingOrder(t, phone, 'peso-plus-120', mexicoDate(20));
  return { ...order, card: await addTestCard(t, order.session, kind), phone };
}

/**
 * A repaying Mexican order of a new borrower whose one installment fell due yesterday, so a card may
 * pay everything it owes (docs/decisions/233), with one saved card of `kind`.
 */
export async function dueOrderWithCard(t: TestApp, phone: string, kind: SandboxTestCardKind): Promise<RepayingOrder & { card: BankCard; phone: string }> {
  const order = await repayingOrder(t, phone, 'peso-flex-91', mexicoDate(-1));
  return { ...order, card: await addTestCard(t, order.session, kind), phone };
}

export async function way(t: TestApp, order: RepayingOrder): Promise<RepaymentWayData> {
  const answer = await callCard<RepaymentWayData>(t, order.session, CardRepaymentPath.way, {}, { query: { orderId: order.orderNo } });
  if (answer.code !== '00') throw new Error(`repayment-way failed: ${answer.code} ${answer.message}`);
  return answer.data;
}

export type CommitFields = { repayToken: string; amount: number; cardId: number; sendMsg?: 0 | 1 };

export function commit(t: TestApp, order: RepayingOrder, fields: CommitFields, language = '2') {
  return callCard<RepaymentCommitData>(
    t,
    order.session,
    CardRepaymentPath.commit,
    { orderId: order.orderNo, repayToken: fields.repayToken, amount: fields.amount, cardId: fields.cardId, sendMsg: fields.sendMsg ?? 0, couponId: '', bankName: '', cardNo: '', bankCode: '' },
    { language },
  );
}

export function confirm(t: TestApp, order: RepayingOrder, repayRecordId: string, verifyCode: string, language = '2') {
  return callCard<RepaymentCommitData>(t, order.session, CardRepaymentPath.confirm, { orderId: order.orderNo, repaymentRecordId: repayRecordId, verifyCode }, { language });
}

export async function result(t: TestApp, order: RepayingOrder, repayRecordId: string): Promise<CardRepaymentResult> {
  const answer = await callCard<CardRepaymentResult>(t, order.session, CardRepaymentPath.result, { orderId: order.orderNo, repayRecordId });
  if (answer.code !== '00') throw new Error(`repayment-result failed: ${answer.code} ${answer.message}`);
  return answer.data;
}

/** The newest code the sandbox SMS provider delivered to the phone. */
export async function latestCode(t: TestApp, phone: string): Promise<string> {
  const [newest] = await outbox(t.app, phone);
  if (!newest?.code) throw new Error(`no code sent to ${phone}`);
  return newest.code;
}

export async function smsCount(t: TestApp, phone: string): Promise<number> {
  return (await outbox(t.app, phone)).length;
}

/** The charges the sandbox provider made for these repayment records (by their idempotency keys). */
export async function sandboxCharges(t: TestApp, repayRecordIds: string[]) {
  if (repayRecordIds.length === 0) return [];
  const rows = await t.database.db.select({ key: cardRepayments.idempotencyKey }).from(cardRepayments).where(inArray(cardRepayments.recordNo, repayRecordIds));
  if (rows.length === 0) return [];
  return t.database.db.select().from(sandboxCardCharges).where(inArray(sandboxCardCharges.idempotencyKey, rows.map((row) => row.key)));
}

export async function recordRow(t: TestApp, repayRecordId: string) {
  const [row] = await t.database.db.select().from(cardRepayments).where(eq(cardRepayments.recordNo, repayRecordId));
  if (!row) throw new Error(`no record ${repayRecordId}`);
  return row;
}

export async function reconcile(t: TestApp): Promise<CardReconcileResult> {
  const answer = await callOperatorApi<CardReconcileResult>(t.app, 'POST', OperatorPath.cardReconcile, {});
  if (answer.code !== 0) throw new Error(`reconcile failed: ${answer.message}`);
  return answer.data;
}

/** The app's clock, which a test moves forward for a while: codes expire, resends open, the reconciler's grace time passes. */
export function movableClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    async after<T>(ms: number, run: () => Promise<T>): Promise<T> {
      offsetMs += ms;
      try {
        return await run();
      } finally {
        offsetMs -= ms;
      }
    },
  };
}

/** Runs the reconciler as if `CardLimits.reconcileAfterMs` had passed. */
export function reconcileLater(t: TestApp, clock: ReturnType<typeof movableClock>): Promise<CardReconcileResult> {
  return clock.after(CardLimits.reconcileAfterMs + 1_000, () => reconcile(t));
}
