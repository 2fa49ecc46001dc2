import type { Queryable } from '../../db/client';
import type { PayoutStanding } from '../orders';
import { findNewestPayoutStanding } from './payout-repository';

export type BorrowerPayout = PayoutStanding;

/** Where the order's newest payout stands, as the borrower is told it. */
export async function borrowerPayoutOf(db: Queryable, orderId: number): Promise<BorrowerPayout | undefined> {
  const latest = await findNewestPayoutStanding(db, orderId);
  if (!latest) return undefined;
  const base = { accountLast4: latest.accountLast4, transferRef: latest.transferRef };
  if (latest.status === 'paid') return { state: 'paid', ...base };
  if (latest.status === 'rejected' || latest.status === 'reversed') return { state: 'check-account', ...base };
  if (latest.status === 'held') return { state: latest.reason === 'no-account' ? 'no-account' : 'waiting', ...base };
  return { state: 'sending', ...base };
}
