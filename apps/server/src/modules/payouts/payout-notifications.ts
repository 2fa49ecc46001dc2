import type { PayoutNotification } from '../../providers/payouts/payout-provider';
import type { PayoutDeps } from './payout-deps';
import { applyState } from './payout-outcome';
import { keepEvent, payoutByKey, payoutByProviderId } from './payout-repository';

/**
 * A provider's verified notification, applied once (docs/decisions/152): the payout it names moves
 * as `applyState` says, and the event is kept once by provider and id, so a replay changes nothing.
 * One about a payout we never made is kept for an operator and answered as received.
 */
export async function receivePayoutNotification(deps: Pick<PayoutDeps, 'db' | 'now' | 'log'>, provider: string, notification: PayoutNotification): Promise<{ replay: boolean }> {
  const byKey = notification.idempotencyKey ? await payoutByKey(deps.db, notification.idempotencyKey) : undefined;
  const payout = byKey?.provider === provider ? byKey : notification.providerPayoutId ? await payoutByProviderId(deps.db, provider, notification.providerPayoutId) : undefined;
  const event = { provider, eventId: notification.eventId, notification: JSON.parse(JSON.stringify(notification)) as unknown };
  if (!payout) {
    const kept = await deps.db.transaction((tx) => keepEvent(tx, { ...event, payoutId: null, outcome: 'unknown-payout' }));
    deps.log.warn({ provider }, 'payout notification for a payout we never made: kept for an operator');
    return { replay: !kept };
  }
  const settled = await applyState(deps, payout.id, notification.state);
  const kept = await deps.db.transaction((tx) => keepEvent(tx, { ...event, payoutId: payout.id, outcome: settled.changed ? 'applied' : 'no-change' }));
  return { replay: !kept };
}
