import { STRIPE_CARD_PROVIDER } from '@lend/contracts';
import type { Db } from '../../db/client';
import type { CardProviderName } from '../cards/create-card-provider';
import { SANDBOX_CARD_PROVIDER_NAME } from '../cards/sandbox/sandbox-card-paths';
import type { CashPaymentProviderName } from '../payments/cash-payments';
import type { RefundProvider } from './refund-provider';
import { sandboxCardSettlement, sandboxCashSettlement } from './sandbox-settlement';
import { SandboxRefunds } from './sandbox-refunds';
import type { ReportedPayments, SettlementSource } from './settlement-source';
import { StripeRefunds, stripeSettlement } from './stripe-refunds';
import { createStripeClient, type StripeClientConfig } from '../stripe-client';
import { createRazorpayClient } from '../payments/razorpay-cash-payments';
import type { RazorpayConfig } from '../payments/razorpay-config';
import { RazorpayRefunds, razorpaySettlement } from './razorpay-refunds';
import { RAZORPAY_CARD_PROVIDER } from '../cards/razorpay/razorpay-checkout-provider';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each configured provider's refunds and settlement report, by the provider's name. */
    refundRails: RefundRails;
  }
}

export type RefundRails = { refunds: ReadonlyMap<string, RefundProvider>; settlement: readonly SettlementSource[] };

/**
 * The refunds and settlement reports of the configured cash and card providers (docs/decisions/119,
 * 120, 123, 127); a disabled provider has neither. Stripe's are named as the payments they took are
 * recorded: 'stripe' for Mexico's cash, the card provider's name for cards; Razorpay's 'razorpay' for
 * India's cash and 'razorpay-card' for its cards.
 */
export function createRefundRails(
  db: Db,
  reportedPayments: ReportedPayments,
  names: { cash: readonly CashPaymentProviderName[]; card: readonly CardProviderName[] },
  stripe: { cash?: StripeClientConfig | undefined; card?: StripeClientConfig | undefined } = {},
  razorpay?: RazorpayConfig,
): RefundRails {
  const refunds: RefundProvider[] = [];
  const settlement: SettlementSource[] = [];
  // The markets' cash providers: the sandbox's refunds once, whichever markets use it.
  if (names.cash.includes('sandbox')) {
    refunds.push(new SandboxRefunds('sandbox-cash', db));
    settlement.push(sandboxCashSettlement(db, reportedPayments));
  }
  if (names.card.includes('sandbox')) {
    refunds.push(new SandboxRefunds(SANDBOX_CARD_PROVIDER_NAME, db));
    settlement.push(sandboxCardSettlement(db, SANDBOX_CARD_PROVIDER_NAME));
  }
  const stripeCash = names.cash.includes('stripe') && stripe.cash ? stripe.cash : undefined;
  if (stripeCash) {
    const client = createStripeClient(stripeCash);
    refunds.push(new StripeRefunds('stripe', client));
    settlement.push(stripeSettlement('stripe', client, 'cash', true));
  }
  if (names.card.includes('stripe') && stripe.card) {
    const client = createStripeClient(stripe.card);
    refunds.push(new StripeRefunds(STRIPE_CARD_PROVIDER, client));
    // One account carrying cash and cards reports its own fees once, with the cash.
    settlement.push(stripeSettlement(STRIPE_CARD_PROVIDER, client, 'card', stripeCash?.secretKey !== stripe.card.secretKey));
  }
  // India's cash on Razorpay: refunds of its UPI and transfer payments, and its settlement recon.
  if (names.cash.includes('razorpay') && razorpay) {
    const client = createRazorpayClient(razorpay);
    refunds.push(new RazorpayRefunds('razorpay', client, razorpay));
    settlement.push(razorpaySettlement('razorpay', client, 'cash', razorpay.timeoutMs));
  }
  // India's cards on Razorpay's hosted page: their payments are refunded and settled on the same account.
  if (names.card.includes('razorpay') && razorpay) {
    const client = createRazorpayClient(razorpay);
    refunds.push(new RazorpayRefunds(RAZORPAY_CARD_PROVIDER, client, razorpay));
    settlement.push(razorpaySettlement(RAZORPAY_CARD_PROVIDER, client, 'card', razorpay.timeoutMs));
  }
  return { refunds: new Map(refunds.map((provider) => [provider.name, provider])), settlement };
}
