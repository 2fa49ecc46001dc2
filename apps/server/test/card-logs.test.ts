import { CardRepaymentPath, luhnValid, SandboxTestCard, type TokenizeCardForm } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loanOrders } from '../src/db/schema';
import { createTestApp, GENEROUS_BORROWER_CAPS, openSession, type TestApp } from './helper';
import { callCard, commit, confirm, latestCode, movableClock, reconcileLater, way } from './card-helpers';
import { findLeaks } from './log-leaks';
import { mexicoDate, repayingOrder } from './payment-helpers';

const clock = movableClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true, borrowerCaps: GENEROUS_BORROWER_CAPS, now: clock.now });
});
afterAll(async () => t?.close());

/**
 * Every run of 13 to 19 digits (a space or dash allowed between them) that passes the contracts'
 * Luhn check, in any line of the log; the logger's own numbers (time, pid) and our order numbers
 * are not card numbers (the scan of `findLeaks`, which every test app runs when it closes).
 */
async function cardNumbersIn(log: string): Promise<string[]> {
  const orders = await t.database.db.select({ orderNo: loanOrders.orderNo }).from(loanOrders);
  return findLeaks(log, { secrets: [], allowedIds: orders.map((row) => row.orderNo) }).filter((leak) => leak.startsWith('card-like'));
}

describe('the log of a card repayment run', () => {
  it('holds no card number, whatever the card did', async () => {
    const phone = '5572220001';
    const order = await repayingOrder(t, phone, 'peso-plus-120', mexicoDate(20));
    const form = await callCard<TokenizeCardForm>(t, order.session, CardRepaymentPath.cardForm);
    for (const [kind, number] of Object.entries(SandboxTestCard)) {
      // The card number as the browser sends it to the provider's tokenisation address.
      const tokenised = await t.app.inject({
        method: 'POST',
        url: form.data.tokenizeUrl,
        payload: { publishableKey: form.data.publishableKey, number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, holderName: `Ana ${kind}` },
      });
      const { token } = tokenised.json<{ token: string }>();
      const bound = await callCard<{ id: number }>(t, order.session, CardRepaymentPath.bindCard, { token });
      const listing = await way(t, order);
      const committed = await commit(t, order, { repayToken: listing.repayToken, amount: 1_00, cardId: bound.data.id });
      if (committed.data?.needValid === 1) await confirm(t, order, committed.data.repayRecordId, await latestCode(t, phone));
    }
    // A card number sent to our API by mistake is refused, and not written down either.
    expect((await callCard(t, order.session, CardRepaymentPath.bindCard, { token: SandboxTestCard.approve })).code).toBe('800014');
    await reconcileLater(t, clock);
    await openSession(t.app, '5572220002');

    const log = t.logs();
    expect(log.split('\n').length).toBeGreaterThan(50);
    expect(await cardNumbersIn(log)).toEqual([]);
    // The scan finds a card number when one is there.
    expect(await cardNumbersIn(`${log}{"msg":"card ${SandboxTestCard.decline}"}\n`)).toHaveLength(1);
    expect(luhnValid(SandboxTestCard.decline)).toBe(true);
    for (const number of Object.values(SandboxTestCard)) expect(log).not.toContain(number);
  });
});
