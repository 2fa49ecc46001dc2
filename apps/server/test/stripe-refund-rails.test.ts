import { STRIPE_CARD_PROVIDER } from '@lend/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { createRefundRails } from '../src/providers/refunds/refund-rails';
import { strayOxxoPayment } from './stripe-cash-helpers';
import { STAND_IN_STRIPE_KEY, startStripeStandIn, type StripeStandIn } from './stand-ins/stripe-stand-in';

let stand: StripeStandIn;
beforeAll(async () => {
  stand = await startStripeStandIn();
});
afterAll(async () => stand?.close());

// Stripe's adapters keep no books of ours: the database is never reached.
const noDb = {} as Db;
const noPayments = async () => [];

describe("Stripe's refunds and settlement in the rails", () => {
  it('registers cash and cards under the names their payments carry, and splits one account between their reports', async () => {
    const client = { secretKey: STAND_IN_STRIPE_KEY, apiBaseUrl: stand.url, timeoutMs: 5_000 };
    const rails = createRefundRails(noDb, noPayments, { cash: ['stripe', 'sandbox'], card: ['stripe'] }, { cash: client, card: client });
    expect([...rails.refunds.keys()]).toEqual(['sandbox-cash', 'stripe', STRIPE_CARD_PROVIDER]);
    expect(rails.settlement.map((source) => source.name)).toEqual(['sandbox-cash', 'stripe', STRIPE_CARD_PROVIDER]);
    expect(createRefundRails(noDb, noPayments, { cash: ['stripe'], card: ['sandbox'] }).refunds.has('stripe')).toBe(false);

    const intent = await strayOxxoPayment(stand, 500_00);
    stand.addBalanceTransaction({ id: 'txn_fee', amount: -9_00, created: Math.floor(Date.now() / 1000), currency: 'mxn', fee: 0, net: -9_00, source: null, status: 'available', type: 'stripe_fee' });
    const day = new Date().toISOString().slice(0, 10);
    const [cash, card] = [rails.settlement[1], rails.settlement[2]];
    expect(await cash?.settlementLines(day)).toEqual([
      { providerTxId: 'txn_fee', kind: 'fee', amountMinor: 9_00, currency: 'MXN', feeMinor: 0 },
      { providerTxId: intent.id, kind: 'payment', amountMinor: 500_00, currency: 'MXN', feeMinor: 18_00 },
    ]);
    // The same account's cards: no OXXO payment, and its fees already counted with the cash.
    expect(await card?.settlementLines(day)).toEqual([]);
  });
});
