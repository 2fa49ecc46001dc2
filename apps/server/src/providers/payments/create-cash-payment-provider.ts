import { sandboxCashPayments, type CashPaymentProvider } from './cash-payments';

export type CashPaymentProviderName = 'sandbox';

/** The provider configuration names (CASH_PAYMENT_PROVIDER); a real network joins the switch when one is contracted. */
export function createCashPaymentProvider(name: CashPaymentProviderName): CashPaymentProvider {
  switch (name) {
    case 'sandbox':
      return sandboxCashPayments;
  }
}
