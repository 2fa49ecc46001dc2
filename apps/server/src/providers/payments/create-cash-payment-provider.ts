import { ErrorCode } from '@lend/contracts';
import { AppError } from '../../errors';
import { sandboxCashPayments, type CashPaymentProvider } from './cash-payments';

export type CashPaymentProviderName = 'sandbox' | 'disabled';

/**
 * No cash payments until a real provider is configured (docs/decisions/111): every reference asked
 * for is refused with the borrower's "no reference now" answer, before anything is saved.
 */
export const disabledCashPayments: CashPaymentProvider = {
  async issueReference() {
    throw new AppError(ErrorCode.PaymentReferenceUnavailable);
  },
};

/** The provider configuration names (CASH_PAYMENT_PROVIDER); a real network joins the switch when one is contracted. */
export function createCashPaymentProvider(name: CashPaymentProviderName): CashPaymentProvider {
  switch (name) {
    case 'sandbox':
      return sandboxCashPayments;
    case 'disabled':
      return disabledCashPayments;
  }
}
