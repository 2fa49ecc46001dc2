import { CardLimits, OperatorPath, type CardReconcileResult, type RepaymentCommitData } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commit, orderWithCard, recordRow, way } from './card-helpers';
import { createTestApp, type TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';

const NONE: CardReconcileResult = { checked: 0, paid: 0, declined: 0, failed: 0, cancelled: 0, pending: 0 };

/** A timeout card's payment: the sandbox took the money, the answer was lost, the record stays charging. */
async function lostAnswer(t: TestApp, phone: string): Promise<string> {
  const order = await orderWithCard(t, phone, 'timeout');
  const listing = await way(t, order);
  const answer = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id });
  expect(answer.code).toBe('800012');
  return (answer.data as RepaymentCommitData).repayRecordId;
}

/** The operator call with `at`, or a bare POST without a body. */
function reconcileAt(t: TestApp, at?: Date) {
  return callOperatorApi<CardReconcileResult>(t.app, 'POST', OperatorPath.cardReconcile, at ? { at: at.toISOString() } : undefined);
}

/** `at` lets the crash test run the reconciler without waiting out its grace time (docs/decisions/084). */
describe('the card reconciler as of another instant, in demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(async () => t?.close());

  it('leaves a charge younger than the grace time, and settles it at an instant after it', async () => {
    const recordNo = await lostAnswer(t, '5574450001');
    expect((await reconcileAt(t)).data).toEqual(NONE);
    expect((await reconcileAt(t, new Date(Date.now() + CardLimits.reconcileAfterMs + 1_000))).data).toEqual({ ...NONE, checked: 1, paid: 1 });
    expect(await recordRow(t, recordNo)).toMatchObject({ status: 'paid' });
  });
});

describe('the card reconciler outside demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { DEMO: '0' } });
  });
  afterAll(async () => t?.close());

  it('refuses another instant and settles nothing, and still runs as of now', async () => {
    const recordNo = await lostAnswer(t, '5574450002');
    expect(await reconcileAt(t, new Date(Date.now() + CardLimits.reconcileAfterMs + 1_000))).toMatchObject({
      status: 400,
      code: 1001,
      message: 'Invalid value for "at".',
    });
    expect(await recordRow(t, recordNo)).toMatchObject({ status: 'charging' });
    expect(await reconcileAt(t)).toMatchObject({ status: 200, data: NONE });
  });
});
