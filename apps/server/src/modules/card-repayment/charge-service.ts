import { CardRepaymentStatus } from '@lend/contracts';
import { MARKET_SETTINGS } from '@lend/domain';
import { cardById } from '../cards';
import { orderOutline } from '../orders';
import { applyPaymentIn, paymentCommitted, type AppliedPayment } from '../payments';
import type { Queryable } from '../../db/client';
import { CardProviderTimeoutError, CardProviderUnavailableError, CardTokenUnknownError, type Charge, type ChargeRequest } from '../../providers/cards/card-provider';
import type { CardDeps } from './card-deps';
import { lockRepayment, saveRepayment, type CardRepaymentRow } from './card-repayment-repository';

/** How a charge attempt ended for the borrower waiting on it; the record says the rest. */
export type ChargeAttempt =
  | { kind: 'settled'; row: CardRepaymentRow }
  /** The provider did not answer in time: the charge may exist; the reconciler asks for it. */
  | { kind: 'timeout'; row: CardRepaymentRow }
  /** The provider could not be reached: the record stays charging and the reconciler asks. */
  | { kind: 'unavailable'; row: CardRepaymentRow };

const CHARGE_STATUS = {
  succeeded: CardRepaymentStatus.Paid,
  declined: CardRepaymentStatus.Declined,
  insufficientFunds: CardRepaymentStatus.InsufficientFunds,
} as const;

/**
 * Applies a charge's outcome to its record once, under the record's lock (docs/decisions/080): a
 * succeeded charge goes through the loans module's payment service in the same transaction that
 * marks the record paid, as the record's provider with the provider's charge id as the event id, so a second
 * delivery of the same outcome (the reconciler, a retried request) finds the record settled. A
 * succeeded charge is applied even to a record the reconciler failed: the money was taken.
 */
export async function settleCharge(
  deps: Pick<CardDeps, 'db' | 'now'>,
  repaymentId: number,
  charge: Charge,
): Promise<{ row: CardRepaymentRow; changed: boolean }> {
  let applied: AppliedPayment | undefined;
  const settled = await deps.db.transaction(async (tx) => {
    const row = await lockRepayment(tx, repaymentId);
    if (!row) throw new Error(`card repayment ${repaymentId} vanished`);
    const open = row.status === CardRepaymentStatus.Charging || (row.status === CardRepaymentStatus.Failed && charge.outcome === 'succeeded');
    if (!open) return { row, changed: false };
    const now = deps.now();
    if (charge.outcome !== 'succeeded') {
      return { row: await saveRepayment(tx, row.id, { status: CHARGE_STATUS[charge.outcome], providerChargeId: charge.chargeId }, now), changed: true };
    }
    applied = await applyPaymentIn(
      tx,
      {
        orderId: row.orderId,
        provider: row.provider,
        providerEventId: charge.chargeId,
        purpose: 'repayment',
        referenceId: null,
        referenceAmountMinor: null,
        channelCode: row.method === 'redirect' ? 'redirect' : 'card',
        // What the provider took is what reached us.
        amountMinor: charge.amountMinor,
        paidAt: charge.createdAt,
      },
      now,
    );
    const paid = await saveRepayment(tx, row.id, { status: CardRepaymentStatus.Paid, providerChargeId: charge.chargeId, paymentId: applied.payment.id }, now);
    return { row: paid, changed: true };
  });
  if (applied) paymentCommitted(applied);
  return settled;
}

/** Ends a record that is still charging with no money taken (failed, cancelled); one that moved meanwhile stays as it is. */
export async function closeIfCharging(
  deps: Pick<CardDeps, 'db' | 'now'>,
  id: number,
  status: typeof CardRepaymentStatus.Failed | typeof CardRepaymentStatus.Cancelled,
): Promise<{ row: CardRepaymentRow; changed: boolean } | undefined> {
  return deps.db.transaction(async (tx) => {
    const row = await lockRepayment(tx, id);
    if (!row || row.status !== CardRepaymentStatus.Charging) return row && { row, changed: false };
    return { row: await saveRepayment(tx, id, { status }, deps.now()), changed: true };
  });
}

/** What a card record asks of its provider: its key, its card's token, its amount in its market's currency. */
export async function chargeRequestOf(db: Queryable, row: CardRepaymentRow): Promise<ChargeRequest> {
  const card = row.cardId === null ? undefined : await cardById(db, row.cardId);
  if (!card) throw new Error(`card repayment ${row.id} has no card to charge`);
  const { market } = await orderOutline(db, row.orderId);
  return { idempotencyKey: row.idempotencyKey, token: card.providerToken, amountMinor: row.amountMinor, currency: MARKET_SETTINGS[market].currency };
}

/**
 * Charges a record already committed as `charging` (the order of decision 080: our state first,
 * then the provider with the record's idempotency key, then the money), and settles the outcome.
 */
export async function chargeRepayment(deps: CardDeps, row: CardRepaymentRow): Promise<ChargeAttempt> {
  const request = await chargeRequestOf(deps.db, row);
  // The provider that issued the card takes its charge; one no market uses any more cannot be asked.
  const provider = deps.rails.cardNamed(row.provider);
  deps.crashAt('before-charge');
  let charge: Charge;
  try {
    if (!provider) throw new CardProviderUnavailableError(`no market uses the card provider ${row.provider}`);
    charge = await provider.charge(request);
  } catch (error) {
    if (error instanceof CardProviderTimeoutError) {
      deps.log.warn({ repaymentId: row.id }, 'card charge timed out; the reconciler will ask the provider');
      return { kind: 'timeout', row };
    }
    if (error instanceof CardProviderUnavailableError) {
      deps.log.warn({ repaymentId: row.id }, 'card provider unavailable; the reconciler will ask the provider');
      return { kind: 'unavailable', row };
    }
    if (error instanceof CardTokenUnknownError) {
      // Nothing was charged: the provider no longer holds the card.
      deps.log.warn({ repaymentId: row.id, cardId: row.cardId }, 'card token unknown to the provider');
      return { kind: 'settled', row: (await closeIfCharging(deps, row.id, CardRepaymentStatus.Failed))?.row ?? row };
    }
    throw error;
  }
  deps.crashAt('after-charge');
  const settled = await settleCharge(deps, row.id, charge);
  deps.crashAt('after-apply');
  deps.log.info({ repaymentId: row.id, status: settled.row.status }, 'card charge settled');
  return { kind: 'settled', row: settled.row };
}
