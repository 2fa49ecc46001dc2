import type { PayoutNotification, PayoutProvider } from '../../providers/payouts/payout-provider';
import type { PayoutDeps } from './payout-deps';
import { applyState } from './payout-outcome';
import { inFlightWithoutProviderId, keepEvent, payoutByKey, payoutByProviderId, type PayoutRow } from './payout-repository';

/** How many payouts without a provider id a notification by reference looks through: those are sends whose answer never came. */
const UNANSWERED_SENDS = 500;

/**
 * The payout a notification is about: by our key, else by the provider's id, else (a provider
 * that names payouts by its own reference, before we kept its id) by the reference our key makes.
 */
async function payoutOf(db: PayoutDeps['db'], provider: Pick<PayoutProvider, 'name' | 'referenceOf'>, notification: PayoutNotification): Promise<PayoutRow | undefined> {
  const byKey = notification.idempotencyKey ? await payoutByKey(db, notification.idempotencyKey) : undefined;
  if (byKey?.provider === provider.name) return byKey;
  const byId = notification.providerPayoutId ? await payoutByProviderId(db, provider.name, notification.providerPayoutId) : undefined;
  if (byId) return byId;
  const { reference } = notification;
  if (!reference || !provider.referenceOf) return undefined;
  const referenceOf = provider.referenceOf.bind(provider);
  return (await inFlightWithoutProviderId(db, provider.name, UNANSWERED_SENDS)).find((row) => referenceOf(row.idempotencyKey) === reference);
}

/**
 * A provider's verified notification, applied once (docs/decisions/152): the payout it names moves
 * as `applyState` says, and the event is kept once by provider and id, so a replay changes nothing.
 * One about a payout we never made is kept for an operator and answered as received.
 */
export async function receivePayoutNotification(
  deps: Pick<PayoutDeps, 'db' | 'now' | 'log'>,
  rail: Pick<PayoutProvider, 'name' | 'referenceOf'>,
  notification: PayoutNotification,
): Promise<{ replay: boolean }> {
  const provider = rail.name;
  const payout = await payoutOf(deps.db, rail, notification);
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
