import { CardLimits, CardRepaymentStatus, ErrorCode, type CardReconcileOneResult, type CardReconcileResult } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { AppError } from '../../errors';
import { withOrderLabels, type OrderLabel } from '../orders';
import { CardProviderTimeoutError, CardProviderUnavailableError } from '../../providers/cards/card-provider';
import type { CardDeps } from './card-deps';
import { chargingPage, chargingSince, findRepaymentByRecordNo, type CardRepaymentRow } from './card-repayment-repository';
import { chargeRequestOf, closeIfCharging, settleCharge } from './charge-service';
import { recordRun, type Actor } from '../staff';

/** Records looked at per query; the run goes on until none is left. */
const BATCH = 100;

/** What the reconciler needs: the providers to ask and the records' database. */
export type ReconcileDeps = Pick<CardDeps, 'db' | 'now' | 'rails' | 'log'>;

/** The provider could not say: the record stays charging for the next run. */
function providerSilent(error: unknown): boolean {
  return error instanceof CardProviderTimeoutError || error instanceof CardProviderUnavailableError;
}

/**
 * Whether a record with no charge at the provider may be closed: only after the grace time, when
 * the live request has surely ended (docs/decisions/080). Before it, the charge may still be on
 * its way, so only a charge the provider already holds settles it (docs/decisions/181).
 */
type Absence = 'close' | 'wait';

/**
 * A card charge, asked of the provider by the record's idempotency key, with the request as it was
 * sent, which a provider whose lookup may miss a recent charge sends again under the same key
 * (docs/decisions/213).
 */
async function reconcileCard(deps: ReconcileDeps, row: CardRepaymentRow, absent: Absence): Promise<Settled | undefined> {
  const provider = deps.rails.cardNamed(row.provider);
  // A provider no market uses any more cannot be asked: the record waits for an operator.
  if (!provider) return undefined;
  const request = await chargeRequestOf(deps.db, row);
  const charge = await provider.findCharge({ ...request, sentAt: row.chargeStartedAt ?? row.createdAt });
  if (charge === null && absent === 'wait') return undefined;
  // The provider is sure no charge was made under the key, after the grace time: nothing was taken.
  if (charge === null) return closeIfCharging(deps, row.id, CardRepaymentStatus.Failed);
  return settleCharge(deps, row.id, charge);
}

/**
 * A redirect payment, asked of the provider by its checkout (the record is the checkout's
 * merchant reference): a paid or cancelled checkout whose notification never arrived is settled
 * as the notification would have; an open one stays charging, since the borrower may still pay it;
 * none at all means the checkout was never opened (docs/decisions/082).
 */
async function reconcileRedirect(deps: ReconcileDeps, row: CardRepaymentRow, absent: Absence): Promise<Settled | undefined> {
  const redirect = deps.rails.redirectNamed(row.provider);
  if (!redirect) return undefined;
  const checkout = await redirect.findCheckout(row.recordNo);
  if (checkout === null && absent === 'wait') return undefined;
  if (checkout === null) return closeIfCharging(deps, row.id, CardRepaymentStatus.Failed);
  if (checkout.status === 'cancelled') return closeIfCharging(deps, row.id, CardRepaymentStatus.Cancelled);
  if (checkout.status === 'open' || checkout.chargeId === null) return undefined;
  const paidAt = checkout.completedAt ?? deps.now();
  const charge = { chargeId: checkout.chargeId, outcome: 'succeeded' as const, amountMinor: checkout.amountMinor, createdAt: paidAt };
  return settleCharge(deps, row.id, charge);
}

/** What settling did: the record as it is now, and whether this call changed it. */
type Settled = { row: CardRepaymentRow; changed: boolean };

async function reconcileOne(deps: ReconcileDeps, row: CardRepaymentRow, absent: Absence = 'close'): Promise<Settled | undefined> {
  try {
    return await (row.method === 'redirect' ? reconcileRedirect(deps, row, absent) : reconcileCard(deps, row, absent));
  } catch (error) {
    if (!providerSilent(error)) throw error;
    // Not an answer: the record stays charging, on the operators' list of pending card payments (181).
    deps.log.warn({ repaymentId: row.id, reason: error instanceof Error ? error.message : String(error) }, 'card repayment left charging: the provider could not say');
    return undefined;
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
    for (const row of rows) count(counts, (await reconcileOne(deps, row))?.row);
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

/**
 * One charge still waiting on the provider, asked now by an operator (docs/decisions/181): settled
 * as the pass would settle it, under the record's lock, the payment keyed by the provider's charge
 * id, so asking twice, or twice at once, applies it once. A record no longer charging is answered
 * as it stands.
 */
export async function reconcileCardRepaymentByOperator(deps: ReconcileDeps, recordNo: string, actor: Actor): Promise<CardReconcileOneResult> {
  const row = await findRepaymentByRecordNo(deps.db, recordNo);
  if (!row) throw new AppError(ErrorCode.PendingCardChargeNotFound);
  const now = deps.now();
  await recordRun(deps.db, actor, { action: 'card-repayment.reconcile-one', objectType: 'card-repayment', objectId: recordNo, before: { status: row.status } }, now);
  if (row.status !== CardRepaymentStatus.Charging) return { recordNo, status: row.status, changed: false, paymentId: row.paymentId };
  const young = row.chargeStartedAt === null || row.chargeStartedAt.getTime() > now.getTime() - CardLimits.reconcileAfterMs;
  const settled = await reconcileOne(deps, row, young ? 'wait' : 'close');
  const after = settled?.row ?? row;
  deps.log.info({ recordNo, before: row.status, after: after.status }, 'card repayment reconciled by an operator');
  return { recordNo, status: after.status, changed: settled?.changed ?? false, paymentId: after.paymentId };
}

export type PendingCharge = CardRepaymentRow & OrderLabel;

/** Card and checkout payments still charging, oldest first, a page at a time, each with its order's number and market (its currency and time zone: docs/decisions/238). */
export async function pendingChargePage(db: Queryable, page: PageRequest<readonly [number]>): Promise<PendingCharge[]> {
  return withOrderLabels(db, await chargingPage(db, page));
}
