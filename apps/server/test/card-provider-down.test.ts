import { CardRepaymentPath, OperatorPath, SandboxTestCard, type BankCard, type TokenizeCardForm } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CardProviderUnavailableError, type CardProvider } from '../src/providers/cards/card-provider';
import { SandboxCardProvider } from '../src/providers/cards/sandbox/sandbox-card-provider';
import { createTestApp, GENEROUS_BORROWER_CAPS, type TestApp } from './helper';
import { callCard, commit, movableClock, reconcileLater, recordRow, result, sandboxCharges, way } from './card-helpers';
import { callOperatorApi } from './loan-helpers';
import { mexicoDate, paymentsOf, repayingOrder } from './payment-helpers';

/** How the provider fails a charge: not at all, before it reaches the provider, or after it took the money. */
let failure: 'none' | 'before' | 'after' = 'none';
const clock = movableClock();
let sandbox: SandboxCardProvider | undefined;
const real = (): SandboxCardProvider => {
  if (!sandbox) throw new Error('the sandbox is not built yet');
  return sandbox;
};

/** The sandbox behind a seam that makes it unreachable on purpose. */
const flaky: CardProvider = {
  name: 'sandbox-card',
  cardEntry: () => real().cardEntry(),
  tokenDetails: (token) => real().tokenDetails(token),
  charge: async (request) => {
    if (failure === 'before') throw new CardProviderUnavailableError('connection refused');
    const charge = await real().charge(request);
    if (failure === 'after') throw new CardProviderUnavailableError('connection reset');
    return charge;
  },
  findCharge: (sent) => real().findCharge(sent),
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS, now: clock.now, cardProvider: flaky });
  sandbox = new SandboxCardProvider({ db: t.database.db, now: clock.now, latencyMs: 0 });
});
afterAll(async () => t?.close());

async function orderWithApproveCard(phone: string) {
  const order = await repayingOrder(t, phone, 'peso-plus-120', mexicoDate(20));
  const form = await callCard<TokenizeCardForm>(t, order.session, CardRepaymentPath.cardForm);
  const tokenised = await t.app.inject({
    method: 'POST',
    url: form.data.tokenizeUrl,
    payload: { publishableKey: form.data.publishableKey, number: SandboxTestCard.approve, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, holderName: 'Ana Prueba' },
  });
  const card = await callCard<BankCard>(t, order.session, CardRepaymentPath.bindCard, { token: tokenised.json<{ token: string }>().token });
  return { ...order, card: card.data };
}

describe('a card provider that cannot be reached', () => {
  it('answers 800015 and leaves the record charging; with no charge made, the reconciler fails it', async () => {
    const order = await orderWithApproveCard('5573330001');
    const listing = await way(t, order);
    failure = 'before';
    const answer = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id }, '1').finally(() => {
      failure = 'none';
    });
    expect(answer).toMatchObject({ status: 503, code: '800015', data: { result: { status: 'charging' } } });
    expect(await sandboxCharges(t, [answer.data.repayRecordId])).toHaveLength(0);
    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 1, failed: 1 });
    expect((await result(t, order, answer.data.repayRecordId)).status).toBe('failed');
    expect(await paymentsOf(t, order.orderId)).toHaveLength(0);
  });

  it('applies, once, a charge the provider made before the connection dropped', async () => {
    const order = await orderWithApproveCard('5573330002');
    const listing = await way(t, order);
    failure = 'after';
    const answer = await commit(t, order, { repayToken: listing.repayToken, amount: listing.amount, cardId: order.card.id }).finally(() => {
      failure = 'none';
    });
    expect(answer.code).toBe('800015');
    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 1, paid: 1 });
    expect(await reconcileLater(t, clock)).toMatchObject({ checked: 0 });
    const record = await recordRow(t, answer.data.repayRecordId);
    expect(record.status).toBe('paid');
    expect(await paymentsOf(t, order.orderId)).toHaveLength(1);
  });

  it('takes no test cards when the provider is not the sandbox itself', async () => {
    const answer = await callOperatorApi(t.app, 'POST', OperatorPath.testCards, { userId: 1, kind: 'approve' });
    expect(answer).toMatchObject({ status: 404, code: 1004 });
  });
});
