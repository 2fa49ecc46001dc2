import { formatDate, type Market } from '@lend/domain';
import type { PayoutState } from '../../providers/payouts/payout-provider';
import { lockOrderForMoney, recordPayout, undoPayout } from '../orders';
import type { PayoutDeps } from './payout-deps';
import { lockPayout, movePayout, IN_FLIGHT, type PayoutRow } from './payout-repository';

const DISBURSING = 151;

/** What a provider's answer did to our payout: moved it, or nothing (a replay, or a state it already passed). */
export type Settled = { payout: PayoutRow; changed: boolean };

/**
 * Records where the provider says a payout stands, whichever reported it first (the send's answer,
 * a notification, the reconciler); the others find it done and change nothing (docs/decisions/152).
 * Paid: in one transaction with the order locked, the payout becomes paid with its transfer
 * reference and the order is paid out (151→170) on the market's date of the provider's `paidAt`,
 * which books the disbursal. Rejected: the payout ends with the bank's reason; the order stays
 * approved for an operator. Reversed: see `reverse`.
 */
export async function applyState(deps: Pick<PayoutDeps, 'db' | 'now' | 'log'>, payoutId: number, state: PayoutState): Promise<Settled> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const current = await lockPayout(tx, payoutId);
    if (!current) throw new Error(`payout ${payoutId} not found`);
    const unchanged = { payout: current, changed: false };
    const providerPayoutId = state.providerPayoutId ?? current.providerPayoutId;
    if (state.status === 'processing') {
      if (current.status !== 'sending' && current.status !== 'validating') return unchanged;
      const moved = await movePayout(tx, current.id, ['sending', 'validating'], { status: 'processing', providerPayoutId }, now);
      return moved ? { payout: moved, changed: true } : unchanged;
    }
    if (state.status === 'rejected') {
      const moved = await movePayout(tx, current.id, IN_FLIGHT, { status: 'rejected', providerPayoutId, reason: state.reason, detail: state.detail.slice(0, 300), closedAt: now }, now);
      return moved ? { payout: moved, changed: true } : unchanged;
    }
    const locked = await lockOrderForMoney(tx, current.orderId);
    if (!locked) throw new Error(`payout ${payoutId} has no order`);
    const market = current.market as Market;
    if (state.status === 'paid') {
      const moved = await movePayout(tx, current.id, IN_FLIGHT, { status: 'paid', providerPayoutId, transferRef: state.transferRef, paidAt: state.paidAt, reason: null, detail: null }, now);
      if (!moved) return unchanged;
      if (locked.order.statusCode !== DISBURSING || !(await recordPayout(tx, locked.order, formatDate(state.paidAt, market), now))) {
        // Only an order left approved can be paid out; anything else is a fault an operator must see, never money booked twice.
        throw new Error(`payout ${payoutId} paid for order ${locked.order.orderNo} in status ${locked.order.statusCode}`);
      }
      return { payout: moved, changed: true };
    }
    if ((IN_FLIGHT as readonly string[]).includes(current.status)) {
      // Returned before we heard it was paid: nothing was booked, so nothing is undone.
      const moved = await movePayout(tx, current.id, IN_FLIGHT, { status: 'reversed', providerPayoutId, reason: state.reason, detail: state.detail.slice(0, 300), closedAt: now }, now);
      return moved ? { payout: moved, changed: true } : unchanged;
    }
    if (current.status !== 'paid') return unchanged;
    // Reversed after it was paid: the disbursal undone in this transaction, or left for an operator once a payment touched the order (docs/decisions/155).
    const undone = await undoPayout(tx, locked.order, formatDate(now, market), now);
    const moved = await movePayout(
      tx,
      current.id,
      ['paid'],
      { status: 'reversed', reason: state.reason, detail: state.detail.slice(0, 300), closedAt: now, reversalParkedAt: undone ? null : now },
      now,
    );
    if (!undone) deps.log.warn({ orderNo: locked.order.orderNo }, 'payout reversed after a payment: left for an operator');
    return moved ? { payout: moved, changed: true } : unchanged;
  });
}
