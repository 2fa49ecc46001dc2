import { CardLimits, CardRepaymentStatus, type CardReconcileResult } from '@lend/contracts';
import { CardProviderTimeoutError, CardProviderUnavailableError } from '../../providers/cards/card-provider';
import type { CardDeps } from './card-deps';
import { chargingSince, type CardRepaymentRow } from './card-repayment-repository';
import { closeIfCharging, settleCharge } from './charge-service';
import { recordRun, type Actor } from '../staff';

/** Records looked at per query; the run goes on until none is left. */
const BATCH = 100;

/** What the reconciler needs: the providers to ask and the records' database. */
export type ReconcileDeps = Pick<CardDeps, 'db' | 'now' | 'rails' | 'log'>;

/** The provider could not say: the record stays charging for the next run. */
function providerSilent(error: unknown): boolean {
  return error instanceof CardProviderTimeoutError || error instanceof CardProviderUnavailableError;
}

/** A card charge, asked of the provider by the record's idempotency key. */
async function reconcileCard(deps: ReconcileDeps, row: CardRepaymentRow): Promise<CardRepaymentRow | undefined> {
  const provider = deps.rails.cardNamed(row.provider);
  // A provider no market uses any more cannot be asked: the record waits for an operator.
  if (!provider) return undefined;
  const charge = await provider.findCharge(row.idempotencyKey);
  // No charge under the key after the grace time: none was made, nothing was taken.
  if (charge === null) return (await closeIfCharging(deps, row.id, CardRepaymentStatus.Failed))?.row;
  return (await settleCharge(deps, row.id, charge)).row;
}

/**
 * A redirect payment, asked of the provider by its checkout (the record is the checkout's
 * merchant reference): a paid or cancelled checkout whose notification never arrived is settled
 * as the notification would have; an open one stays charging, since the borrower may still pay it;
 * none at all means the checkout was never opened (docs/decisions/082).
 */
async function reconcileRedirect(deps: ReconcileDeps, row: CardRepaymentRow): Promise<CardRepaymentRow | undefined> {
  const redirect = deps.rails.redirectNamed(row.provider);
  if (!redirect) return undefined;
  const checkout = await redirect.findCheckout(row.recordNo);
  if (checkout === null) return (await closeIfCharging(deps, row.id, CardRepaymentStatus.Failed))?.row;
  if (checkout.status === 'cancelled') return (await closeIfCharging(deps, row.id, CardRepaymentStatus.Cancelled))?.row;
  if (checkout.status === 'open' || checkout.chargeId === null) return undefined;
  const paidAt = checkout.completedAt ?? deps.now();
  const charge = { chargeId: checkout.chargeId, outcome: 'succeeded' as const, amountMinor: checkout.amountMinor, createdAt: paidAt };
  return (await settleCharge(deps, row.id, charge)).row;
}

async function reconcileOne(deps: ReconcileDeps, row: CardRepaymentRow): Promise<CardRepaymentRow | undefined> {
  try {
    return await (row.method === 'redirect' ? reconcileRedirect(deps, row) : reconcileCard(deps, row));
  } catch (error) {
    if (providerSilent(error)) return undefined;
    throw error;
  }
}

function count(counts: CardReconcileResult, after: CardRepaymentRow | undefined): void {
  counts.checked += 1;
  switch (after?.status) {
    case CardRepaymentStatus.Paid:
      counts.paid += 1;
      return;
    case CardRepaymentStatus.Declined:
    case CardRepaymentStatus.InsufficientFunds:
      counts.declined += 1;
      return;
    case CardRepaymentStatus.Failed:
      counts.failed += 1;
      return;
    case CardRepaymentStatus.Cancelled:
      counts.cancelled += 1;
      return;
    default:
      counts.pending += 1;
  }
}

/**
 * Settles the repayments a crash, a timeout or a lost notification left `charging` for longer
 * than `CardLimits.reconcileAfterMs` (docs/decisions/080): each is asked of the provider and
 * settled once, as the live request or the notification would have (the payment's event id is
 * the provider's charge id, so settling twice applies nothing twice).
 */
export async function reconcileCardRepayments(deps: ReconcileDeps, now: Date): Promise<CardReconcileResult> {
  const counts: CardReconcileResult = { checked: 0, paid: 0, declined: 0, failed: 0, cancelled: 0, pending: 0 };
  const startedBefore = new Date(now.getTime() - CardLimits.reconcileAfterMs);
  let afterId = 0;
  for (;;) {
    const rows = await chargingSince(deps.db, startedBefore, afterId, BATCH);
    for (const row of rows) count(counts, await reconcileOne(deps, row));
    const last = rows.at(-1);
    if (!last || rows.length < BATCH) break;
    afterId = last.id;
  }
  if (counts.checked > 0) deps.log.info(counts, 'card repayments reconciled');
  return counts;
}

/** A pass the operator asks for, recorded with who asked and its clock (docs/decisions/162). */
export async function reconcileCardRepaymentsAskedBy(deps: ReconcileDeps, actor: Actor, now: Date): Promise<CardReconcileResult> {
  await recordRun(deps.db, actor, { action: 'card-repayment.reconcile', objectType: 'run', objectId: 'card-reconcile', after: { at: now } }, deps.now());
  return reconcileCardRepayments(deps, now);
}
