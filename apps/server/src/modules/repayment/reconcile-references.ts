import type { Db, Queryable } from '../../db/client';
import {
  claimReferencesToReconcile,
  findChannel,
  restoreReferenceCheck,
  type PaymentChannelRow,
  type PaymentReferenceRow,
  type ReconcileClaim,
} from './payment-channel-repository';

/** A reference a real provider issued, taken for one reconciler pass, with its channel. */
export type ReferenceToReconcile = { reference: PaymentReferenceRow; channel: PaymentChannelRow; lastCheckedAt: Date | null };

/**
 * The references one pass of the cash reconciler asks their provider about (docs/decisions/128):
 * issued by one of `issuers` (never the sandbox's), still payable or past their deadline by less
 * than the look-back, not asked since `checkedBefore`, at most `limit`, each taken by one server.
 */
export async function referencesToReconcile(db: Db, claim: ReconcileClaim): Promise<ReferenceToReconcile[]> {
  const taken = await claimReferencesToReconcile(db, claim);
  const channels = new Map<string, PaymentChannelRow | undefined>();
  const found: ReferenceToReconcile[] = [];
  for (const { reference, lastCheckedAt } of taken) {
    if (!channels.has(reference.channelCode)) channels.set(reference.channelCode, await findChannel(db, reference.channelCode));
    const channel = channels.get(reference.channelCode);
    if (channel) found.push({ reference, channel, lastCheckedAt });
  }
  return found;
}

/** A reference the provider could not answer for goes back to when it was last asked: first in the next pass. */
export function releaseReference(db: Queryable, taken: ReferenceToReconcile): Promise<void> {
  return restoreReferenceCheck(db, taken.reference.id, taken.lastCheckedAt);
}
