import { assertBalance, type InstallmentBalance, type OrderBalance } from './balance';
import { assertMinorUnits, MoneyError, type MinorUnits } from './money';

export type InstallmentComponent = 'tax' | 'interest' | 'principal';
export type BalanceComponent = 'lateCharges' | InstallmentComponent;

/** What one part of a payment paid: late charges (seq null) or a component of an installment. */
export type AllocationLine = { seq: number | null; component: BalanceComponent; amountMinor: MinorUnits };

export type Allocation = {
  lines: AllocationLine[];
  balanceAfter: OrderBalance;
  /** What exceeds everything owed: the borrower's credit, never lost. */
  creditMinor: MinorUnits;
};

/** Within an installment, the order in which a payment pays it (docs/decisions/070). */
export const INSTALLMENT_PAYMENT_ORDER: readonly InstallmentComponent[] = ['tax', 'interest', 'principal'];

const componentKey = { tax: 'taxMinor', interest: 'interestMinor', principal: 'principalMinor' } as const;

/**
 * What a payment pays (docs/decisions/070): late charges first, then installments oldest first,
 * each in the order tax, interest, principal; what is left over is the borrower's credit.
 */
export function allocatePayment(balance: OrderBalance, amountMinor: MinorUnits): Allocation {
  assertBalance(balance);
  if (assertMinorUnits(amountMinor, 'payment') <= 0) {
    throw new MoneyError(`a payment must be more than zero, got ${amountMinor}`);
  }
  let left = amountMinor;
  const lines: AllocationLine[] = [];
  const pay = (seq: number | null, component: BalanceComponent, owed: MinorUnits): MinorUnits => {
    const paid = Math.min(left, owed);
    if (paid > 0) lines.push({ seq, component, amountMinor: paid });
    left -= paid;
    return owed - paid;
  };

  const lateChargesMinor = pay(null, 'lateCharges', balance.lateChargesMinor);
  // assertBalance has checked the installments are oldest first.
  const installments = balance.installments.map((installment) => {
    const after: InstallmentBalance = { ...installment };
    for (const component of INSTALLMENT_PAYMENT_ORDER) {
      const key = componentKey[component];
      after[key] = pay(installment.seq, component, installment[key]);
    }
    return after;
  });
  return { lines, balanceAfter: { lateChargesMinor, installments }, creditMinor: left };
}
