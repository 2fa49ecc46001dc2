import { ErrorCode, type PayoutStatus, type PayoutView } from '@lend/contracts';
import { formatDate, type Market } from '@lend/domain';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { sandboxRailOf } from '../../providers/payouts/payout-rails';
import type { PayoutRejection } from '../../providers/payouts/payout-provider';
import { lockOrderForMoney, orderByNumber, orderNumbers, restatePayout, type OrderRow } from '../orders';
import { activePayoutAccount } from '../profiles';
import { recordAudit, type Actor } from '../staff';
import type { PayoutDeps } from './payout-deps';
import { queuePayout } from './payout-queue';
import { movePayout, payoutsInStatuses, payoutsOfOrder, payoutsWaitingFor, unmatchedEvents, type PayoutRow } from './payout-repository';
import { railOf } from './payout-request';
import { sendQueuedPayouts } from './payout-sender';

const DISBURSING = 151;
const LIST_LIMIT = 200;

export function payoutView(row: PayoutRow, orderNo: string): PayoutView {
  return {
    orderNo,
    market: row.market,
    provider: row.provider,
    amountMinor: row.amountMinor,
    currency: row.currency,
    status: row.status as PayoutStatus,
    reason: row.reversalParkedAt ? 'reversed-after-payment' : row.reason,
    detail: row.detail,
    accountLast4: row.accountLast4,
    transferRef: row.transferRef,
    idempotencyKey: row.idempotencyKey,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

async function views(deps: Pick<PayoutDeps, 'db'>, rows: readonly PayoutRow[]): Promise<PayoutView[]> {
  const numbers = await orderNumbers(deps.db, [...new Set(rows.map((row) => row.orderId))]);
  return rows.map((row) => payoutView(row, numbers.get(row.orderId) ?? ''));
}

/**
 * The operator's lists: the queue (waiting or with the provider), what needs attention (held,
 * rejected or reversed and not yet sent again), and what waits for tomorrow's room under the ceiling.
 */
export async function listPayouts(deps: Pick<PayoutDeps, 'db'>, view: 'queue' | 'attention' | 'ceiling' | 'all'): Promise<PayoutView[]> {
  if (view === 'ceiling') return views(deps, await payoutsWaitingFor(deps.db, 'daily-ceiling', LIST_LIMIT));
  if (view === 'queue') return views(deps, await payoutsInStatuses(deps.db, ['queued', 'validating', 'sending', 'processing'], LIST_LIMIT));
  const rows = await payoutsInStatuses(deps.db, view === 'all' ? ['queued', 'validating', 'sending', 'processing', 'paid', 'rejected', 'reversed', 'held'] : ['held', 'rejected', 'reversed'], LIST_LIMIT);
  if (view === 'all') return views(deps, rows);
  const listed = await views(deps, rows);
  // Only what still waits on someone: the order's newest payout, while the order is approved (or its return was left to an operator).
  const open = await Promise.all(
    rows.map(async (row, index) => {
      const newest = (await payoutsOfOrder(deps.db, row.orderId))[0]?.id === row.id;
      const order = await orderByNumber(deps.db, listed[index]?.orderNo ?? '');
      return newest && (row.reversalParkedAt !== null || order?.statusCode === DISBURSING);
    }),
  );
  return listed.filter((_view, index) => open[index]);
}

/** Notifications about payouts we never made, newest first: an operator finds out whose money they were. */
export async function unmatchedPayoutEvents(deps: Pick<PayoutDeps, 'db'>) {
  const rows = await unmatchedEvents(deps.db, LIST_LIMIT);
  return rows.map((row) => ({ provider: row.provider, eventId: row.eventId, notification: row.notification, receivedAt: row.receivedAt.toISOString() }));
}

async function orderOf(deps: Pick<PayoutDeps, 'db'>, orderNo: string): Promise<OrderRow> {
  const order = await orderByNumber(deps.db, orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound);
  return order;
}

export async function orderPayouts(deps: Pick<PayoutDeps, 'db'>, orderNo: string): Promise<PayoutView[]> {
  const order = await orderOf(deps, orderNo);
  return (await payoutsOfOrder(deps.db, order.id)).map((row) => payoutView(row, order.orderNo));
}

/**
 * Sends an approved order's payout again (docs/decisions/152): after a rejection or reversal, only
 * to an account other than the one refused; a payout held for a disabled rail once a rail is there.
 */
export async function retryPayout(deps: PayoutDeps, orderNo: string, actor: Actor): Promise<PayoutView> {
  const now = deps.now();
  const found = await orderOf(deps, orderNo);
  const row = await deps.db.transaction(async (tx) => {
    const queued = await requeueFor(deps, tx, found.id, now);
    if (queued) await recordAudit(tx, actor, { action: 'payout.retry', objectType: 'order', objectId: found.orderNo, after: { payout: queued.idempotencyKey, status: queued.status } }, now);
    return queued;
  });
  if (!row) throw new AppError(ErrorCode.PayoutNotRetryable);
  return payoutView(row, found.orderNo);
}

/**
 * Restates an order whose payout the bank returned after the borrower paid something
 * (docs/decisions/224): in one transaction with the order locked, the order is as never paid out
 * and owes the borrower what they paid (`restatePayout`), the payout's return counts as settled
 * (so it is a plain reversed payout, ready for a retry to a corrected account), and the audit says
 * who did it and what changed. An order with no such return, or one already restated, is refused.
 */
export async function restateReturnedPayout(deps: Pick<PayoutDeps, 'db' | 'now'>, orderNo: string, actor: Actor): Promise<OrderRow> {
  const now = deps.now();
  const found = await orderOf(deps, orderNo);
  return deps.db.transaction(async (tx) => {
    const locked = await lockOrderForMoney(tx, found.id);
    const [latest] = await payoutsOfOrder(tx, found.id);
    if (!locked || !latest || latest.status !== 'reversed' || latest.reversalParkedAt === null) throw new AppError(ErrorCode.PayoutNotRestatable);
    const { order } = locked;
    const restated = await restatePayout(tx, order, formatDate(now, latest.market as Market), now);
    if (!restated) throw new AppError(ErrorCode.PayoutNotRestatable);
    await movePayout(tx, latest.id, ['reversed'], { reversalParkedAt: null }, now);
    const before = { status: order.statusCode, creditMinor: order.creditMinor, penaltyMinor: order.penaltyMinor, disbursedAt: order.disbursedAt, payout: latest.idempotencyKey };
    const after = { status: restated.statusCode, creditMinor: restated.creditMinor, penaltyMinor: restated.penaltyMinor, disbursedAt: null };
    await recordAudit(tx, actor, { action: 'payout.restate', objectType: 'order', objectId: order.orderNo, before, after }, now);
    return restated;
  });
}

/** The payout a retry queues, in the caller's transaction with the order locked. */
async function requeueFor(deps: PayoutDeps, tx: Tx, orderId: number, now: Date): Promise<PayoutRow | undefined> {
  const locked = await lockOrderForMoney(tx, orderId);
  const [latest] = await payoutsOfOrder(tx, orderId);
  if (!locked) throw new AppError(ErrorCode.PayoutNotFound);
  if (locked.order.statusCode !== DISBURSING) throw new AppError(ErrorCode.PayoutNotRetryable);
  if (!latest) return queuePayout(deps, tx, locked.order, now);
  const account = await activePayoutAccount(tx, locked.order.borrowerId);
  if (latest.status === 'held') {
    const rail = deps.rails.get(latest.market as Market);
    if (!rail || !account) throw new AppError(ErrorCode.PayoutHeld);
    return movePayout(tx, latest.id, ['held'], { status: 'queued', provider: rail.name, reason: null, payoutAccountId: account.id, accountLast4: account.accountNumber.slice(-4) }, now);
  }
  if (latest.status !== 'rejected' && latest.status !== 'reversed') throw new AppError(ErrorCode.PayoutNotRetryable);
  if (!account || account.id === latest.payoutAccountId) throw new AppError(ErrorCode.PayoutRetrySameAccount);
  return queuePayout(deps, tx, locked.order, now);
}

/**
 * `order disburse`: sends this order's payout now and, on the sandbox rail, makes it land, so the
 * order is paid out (151→170) exactly as a real confirmation would do it. A payout held (no account,
 * rail disabled) is refused with why.
 */
export async function disburseNow(deps: PayoutDeps, orderNo: string, actor: Actor): Promise<OrderRow> {
  const order = await orderOf(deps, orderNo);
  const latest = await deps.db.transaction(async (tx) => {
    const locked = await lockOrderForMoney(tx, order.id);
    if (!locked || locked.order.statusCode !== DISBURSING) throw new AppError(ErrorCode.OrderStatusConflict);
    // An order approved before payouts existed (or seeded so) has none: its first is queued now.
    const payout = (await payoutsOfOrder(tx, order.id))[0] ?? (await queuePayout(deps, tx, locked.order, deps.now()));
    if (!payout) throw new AppError(ErrorCode.PayoutNotFound);
    if (payout.status === 'held') throw new AppError(ErrorCode.PayoutHeld);
    // Nothing would be sent: a refused or returned payout goes again only through a retry to a corrected account.
    if (payout.status === 'rejected' || payout.status === 'reversed') throw new AppError(ErrorCode.PayoutNeedsRetry);
    // The operator's order to pay out is recorded before anything is sent: refused, nothing leaves (docs/decisions/162).
    const change = { action: 'order.disburse', objectType: 'order', objectId: order.orderNo, before: { status: locked.order.statusCode, payout: payout.status }, after: { payout: payout.idempotencyKey } };
    await recordAudit(tx, actor, change, deps.now());
    return payout;
  });
  if (latest.status === 'queued') await sendQueuedPayouts(deps, { orderId: order.id });
  const [sent] = await payoutsOfOrder(deps.db, order.id);
  const sandbox = sandboxRailOf(deps.rails, latest.market as Market);
  if (sent?.status === 'processing' && sandbox && railOf(deps.rails, sent) === sandbox) await sandbox.drive(sent.idempotencyKey, { outcome: 'settle' });
  return orderOf(deps, orderNo);
}

/** Outside production, on the sandbox rail: the order's payout lands, is rejected, or is reversed, as its bank would do it. */
export async function driveSandboxPayout(deps: PayoutDeps, orderNo: string, outcome: 'settle' | 'reject' | 'reverse', reason: PayoutRejection, actor: Actor): Promise<PayoutView> {
  const order = await orderOf(deps, orderNo);
  const [latest] = await payoutsOfOrder(deps.db, order.id);
  if (!latest) throw new AppError(ErrorCode.PayoutNotFound);
  const sandbox = sandboxRailOf(deps.rails, latest.market as Market);
  if (!sandbox || railOf(deps.rails, latest) !== sandbox) throw new AppError(ErrorCode.PayoutSandboxOnly);
  const change = outcome === 'settle' ? { outcome } : { outcome, reason, detail: `Sandbox: ${reason}` };
  await deps.db.transaction((tx) => recordAudit(tx, actor, { action: `payout.sandbox.${outcome}`, objectType: 'order', objectId: order.orderNo, before: { payout: latest.status } }, deps.now()));
  if (!(await sandbox.drive(latest.idempotencyKey, change))) throw new AppError(ErrorCode.PayoutNotInFlight);
  const [now] = await payoutsOfOrder(deps.db, order.id);
  return payoutView(now ?? latest, order.orderNo);
}
