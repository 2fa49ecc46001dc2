import type { PayoutRunResult } from '@lend/contracts';
import { PayoutOutcomeUnknown, type PayoutState } from '../../providers/payouts/payout-provider';
import { activePayoutAccount } from '../profiles';
import type { PayoutDeps } from './payout-deps';
import { applyState } from './payout-outcome';
import { inFlightSince, movePayout, type PayoutRow } from './payout-repository';
import { payoutRequest, railOf } from './payout-request';

/** Payouts one pass asks about at most. */
const RECONCILE_BATCH = 100;

/**
 * Where a payout left in flight stands (docs/decisions/152): one validating or sending or processing
 * longer than PAYOUT_RECONCILE_AFTER_MS is looked up by its key. A sending payout the provider
 * never received is sent again with the same key, which cannot make a second transfer.
 */
async function reconcileOne(deps: PayoutDeps, payout: PayoutRow): Promise<keyof Omit<PayoutRunResult, 'checked'>> {
  const now = deps.now();
  const provider = railOf(deps.rails, payout);
  if (!provider) return 'waiting';
  if (payout.status === 'validating') {
    // Nothing was sent yet: the account check starts over on the next pass of the sender.
    await movePayout(deps.db, payout.id, ['validating'], { status: 'queued' }, now);
    return 'waiting';
  }
  let state: PayoutState | 'not-found';
  try {
    state = await provider.lookup({ idempotencyKey: payout.idempotencyKey, providerPayoutId: payout.providerPayoutId ?? undefined, sentOn: payout.sentOn ?? '' });
    if (state === 'not-found' && payout.status === 'sending') {
      const account = await activePayoutAccount(deps.db, payout.borrowerId);
      if (!account || account.id !== payout.payoutAccountId) return 'waiting';
      state = await provider.send(await payoutRequest(deps.db, payout, account, payout.borrowerId));
    }
  } catch (error) {
    if (!(error instanceof PayoutOutcomeUnknown)) deps.log.error({ err: error, payoutId: payout.id }, 'payout look-up failed');
    return 'waiting';
  }
  if (state === 'not-found') {
    deps.log.warn({ payoutId: payout.id }, 'payout the provider accepted is unknown to it: left for an operator');
    return 'waiting';
  }
  // Asked again later, not at once: the next pass counts from now.
  await movePayout(deps.db, payout.id, ['sending', 'processing'], { sendingAt: now }, now);
  const settled = await applyState(deps, payout.id, state);
  return settled.payout.status === 'paid' ? 'paid' : settled.payout.status === 'rejected' ? 'rejected' : 'inFlight';
}

export async function reconcilePayouts(deps: PayoutDeps): Promise<PayoutRunResult> {
  const result: PayoutRunResult = { checked: 0, paid: 0, rejected: 0, inFlight: 0, waiting: 0 };
  const stale = await inFlightSince(deps.db, new Date(deps.now().getTime() - deps.reconcileAfterMs), RECONCILE_BATCH);
  for (const payout of stale) {
    result.checked += 1;
    result[await reconcileOne(deps, payout)] += 1;
  }
  return result;
}
