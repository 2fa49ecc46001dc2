import { LoanStatus, type OrderSweepResult } from '@lend/contracts';
import { clockEvent, formatDate, installmentRemaining, lateChargeAccrual, lateChargePostings, LOAN_RULES, MARKETS, nextStatus, type IsoDate, type Market } from '@lend/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import type { ScheduledJob } from '../../jobs/job-scheduler';
import { startJobInProcess, type JobRuntime } from '../../jobs/periodic-job';
import { insertEntry } from '../ledger';
import { listInstallments } from './installment-repository';
import { balanceOf } from './order-balance';
import { addLateCharges, lockClockBatch, moveOrderStatus, type ClockOrder, type OrderRow } from './order-repository';
import { recordRun, type Actor } from '../staff';

/** Orders handled per transaction: a sweep never holds locks across the whole table. */
export const SWEEP_BATCH_SIZE = 200;

type SweepCounts = { due: number; overdue: number; penalised: number };

type LockedOrder = ClockOrder;

/** Moves the order to due or overdue if its date says so; returns the status it is left in. */
async function advanceStatus(tx: Tx, order: OrderRow, today: IsoDate, now: Date, counts: SweepCounts): Promise<number> {
  if (!order.dueDate) return order.statusCode;
  const event = clockEvent(order.statusCode, order.dueDate, today);
  const to = event ? nextStatus(order.statusCode, event) : null;
  if (to === null) return order.statusCode;
  // Conditional on the status read: a payment that got there first wins.
  if (!(await moveOrderStatus(tx, order.id, order.statusCode, to, {}, now))) return order.statusCode;
  if (to === LoanStatus.Due) counts.due += 1;
  else counts.overdue += 1;
  return to;
}

/**
 * Adds the late charges of the days since the last accrual (the market's rules, within the
 * cap). The fee is charged on the first accrual of the order, so a set `penalty_through` means
 * it is paid for; each day is accrued once because the update is conditional on that date.
 */
async function accruePenalty(tx: Tx, { order, repeatClient }: LockedOrder, market: Market, today: IsoDate, now: Date): Promise<boolean> {
  const installments = await listInstallments(tx, order.id);
  const { feeMinor, interestMinor } = lateChargeAccrual(LOAN_RULES[market].lateCharges, {
    principalMinor: order.principalMinor,
    repeatClient,
    feeCharged: order.penaltyThrough !== null,
    accruedMinor: order.penaltyMinor,
    installments: balanceOf(order, installments).installments.map((i) => ({ dueDate: i.dueDate, unpaidMinor: installmentRemaining(i) })),
    through: order.penaltyThrough,
    today,
  });
  const added = await addLateCharges(tx, order.id, feeMinor + interestMinor, today, now);
  if (!added) return false;
  await insertEntry(tx, { orderId: order.id, kind: 'late-charge', bookedOn: today, postings: lateChargePostings(feeMinor + interestMinor) });
  return true;
}

/** One transaction: locks a batch, advances and charges each order. `nextAfterId` is null when no batch follows. */
async function sweepBatch(
  db: Db,
  market: Market,
  today: IsoDate,
  now: Date,
  afterId: number,
): Promise<{ counts: SweepCounts; nextAfterId: number | null }> {
  return db.transaction(async (tx) => {
    const counts: SweepCounts = { due: 0, overdue: 0, penalised: 0 };
    const batch = await lockClockBatch(tx, market, today, afterId, SWEEP_BATCH_SIZE);
    for (const locked of batch) {
      const status = await advanceStatus(tx, locked.order, today, now, counts);
      if (status === LoanStatus.Overdue && (await accruePenalty(tx, locked, market, today, now))) counts.penalised += 1;
    }
    return { counts, nextAfterId: batch.length === SWEEP_BATCH_SIZE ? (batch.at(-1)?.order.id ?? null) : null };
  });
}

/**
 * The clock job: in each market's own date, moves repaying orders to due (174) on their due
 * date and to overdue (180) after it, and accrues late charges up to today. Idempotent, and
 * safe with several server processes: each batch locks its orders (skipping those another
 * sweep holds) and every write is conditional on what it read. Works in batches of
 * SWEEP_BATCH_SIZE orders, each its own transaction, so a failure loses only its batch.
 * A `signal` that aborts ends the sweep after the batch in progress (docs/decisions/069).
 */
export async function sweepOrders(db: Db, now = new Date(), signal?: AbortSignal): Promise<OrderSweepResult> {
  const total: SweepCounts = { due: 0, overdue: 0, penalised: 0 };
  for (const market of MARKETS) {
    const today = formatDate(now, market);
    let afterId: number | null = 0;
    while (afterId !== null && !signal?.aborted) {
      const { counts, nextAfterId } = await sweepBatch(db, market, today, now, afterId);
      // Counted once committed, so the answer never reports work a failed batch lost.
      total.due += counts.due;
      total.overdue += counts.overdue;
      total.penalised += counts.penalised;
      afterId = nextAfterId;
    }
  }
  return { ran: true, ...total };
}

/** Time between the end of one clock round and the start of the next. */
export const ORDER_CLOCK_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The clock job, at once and then every `intervalMs`, as a periodic job (so it is counted like the
 * others: docs/decisions/170). A stop ends a sweep between batches: the batch in progress commits.
 */
export function orderClockJob(db: Db, log: FastifyBaseLogger, intervalMs = ORDER_CLOCK_INTERVAL_MS): ScheduledJob {
  return {
    name: 'order-clock',
    intervalMs,
    firstRunAfterMs: 0,
    run: async (stopping) => {
      const result = await sweepOrders(db, new Date(), stopping);
      if (result.due || result.overdue || result.penalised) log.info(result, 'order clock moved orders');
    },
  };
}

/** The clock on this process's timers alone; the returned stop resolves once the run in progress has committed its batch and ended. */
export function startOrderClock(db: Db, log: FastifyBaseLogger, intervalMs = ORDER_CLOCK_INTERVAL_MS, runtime: JobRuntime = {}): () => Promise<void> {
  const job = startJobInProcess(orderClockJob(db, log, intervalMs), log, runtime);
  return () => job.stop();
}

/** A sweep the operator asks for, recorded with who asked and the clock it ran at (docs/decisions/162). */
export async function sweepOrdersAskedBy(db: Db, actor: Actor, now: Date): Promise<OrderSweepResult> {
  await recordRun(db, actor, { action: 'order.sweep', objectType: 'run', objectId: 'order-sweep', after: { at: now } });
  return sweepOrders(db, now);
}
