import { ErrorCode } from '@lend/contracts';
import type { Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { sandboxCashPayments, type CashPaymentProvider, type CashPaymentProviderName } from './cash-payments';
import type { RazorpayConfig } from './razorpay-config';
import { RazorpayCashPayments } from './razorpay-cash-payments';
import type { StripeCashConfig } from './stripe-config';
import { StripeCashPayments } from './stripe-cash-payments';

/** Each market's provider: a borrower's references come from their order's market's rail. */
export type CashPaymentProviders = Record<Market, CashPaymentProvider>;

/**
 * No cash payments until a real provider is configured (docs/decisions/111): every reference asked
 * for is refused with the borrower's "no reference now" answer, before anything is saved.
 */
export const disabledCashPayments: CashPaymentProvider = {
  async issueReference() {
    throw new AppError(ErrorCode.PaymentReferenceUnavailable);
  },
  // It issues none: nothing is open at any provider.
  async closeForDeletion() {},
};

/** The name a provider's payments are recorded under, and its webhook's path under `/webhooks/payments/`. */
export function cashWebhookName(name: Exclude<CashPaymentProviderName, 'disabled'>): string {
  return name === 'sandbox' ? 'sandbox-cash' : name;
}

/** What the real providers are built from: each one's settings, set when a market uses it. */
export type CashProviderDeps = { db: Queryable; stripe: StripeCashConfig | undefined; razorpay?: RazorpayConfig | undefined };

/** The provider a configuration name chooses for one market (docs/decisions/111, 115, 121). */
export function createCashPaymentProvider(name: CashPaymentProviderName, deps: CashProviderDeps): CashPaymentProvider {
  switch (name) {
    case 'sandbox':
      return sandboxCashPayments;
    case 'disabled':
      return disabledCashPayments;
    case 'stripe':
      if (!deps.stripe) throw new Error('a cash provider set to stripe without the Stripe settings');
      return new StripeCashPayments(deps.db, deps.stripe);
    case 'razorpay':
      if (!deps.razorpay) throw new Error('a cash provider set to razorpay without the Razorpay settings');
      return new RazorpayCashPayments(deps.db, deps.razorpay);
  }
}

/** One provider per market; a market sharing another's name shares its instance. */
export function createCashPaymentProviders(
  names: Record<Market, CashPaymentProviderName>,
  deps: CashProviderDeps,
): CashPaymentProviders {
  const mx = createCashPaymentProvider(names.MX, deps);
  return { MX: mx, IN: names.IN === names.MX ? mx : createCashPaymentProvider(names.IN, deps) };
}
