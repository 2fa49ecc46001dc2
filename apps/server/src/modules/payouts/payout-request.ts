import type { Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import type { PayoutProvider, PayoutRequest } from '../../providers/payouts/payout-provider';
import type { PayoutRails } from '../../providers/payouts/payout-rails';
import { orderOutline } from '../orders';
import type { PayoutAccount } from '../profiles';
import type { PayoutRow } from './payout-repository';

/** The provider that holds a payout: the market's rail, as long as it is still the one the payout was sent through. */
export function railOf(rails: PayoutRails, payout: Pick<PayoutRow, 'market' | 'provider'>): PayoutProvider | undefined {
  const rail = rails.get(payout.market as Market);
  return rail?.name === payout.provider ? rail : undefined;
}

/** What the provider is asked: always the payout's own key, so asking again is the same transfer. */
export async function payoutRequest(db: Queryable, payout: PayoutRow, account: PayoutAccount, borrowerId: number): Promise<PayoutRequest> {
  const { orderNo } = await orderOutline(db, payout.orderId);
  return {
    payoutId: payout.id,
    idempotencyKey: payout.idempotencyKey,
    orderNo,
    amountMinor: payout.amountMinor,
    currency: payout.currency === 'INR' ? 'INR' : 'MXN',
    beneficiary: {
      payoutAccountId: account.id,
      borrowerId,
      kind: account.kind,
      accountNumber: account.accountNumber,
      bankCode: account.bankCode,
      holderName: account.holderName,
    },
    narration: `Loan ${orderNo}`,
  };
}
