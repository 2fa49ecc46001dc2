import { LoanStatus, type OrderSweepResult } from '@lend/contracts';
import {
  balanceDaysPastDue,
  clockEvent,
  daysPastDue,
  formatDate,
  installmentRemaining,
  outstanding,
  lateChargeAccrual,
  lateChargePostings,
  LOAN_RULES,
  lossPartsOf,
  MARKETS,
  nextStatus,
  type IsoDate,
  type Market,
} from '@lend/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable, Tx } from '../../db/client';
import type { ScheduledJob } from '../../scheduled-job';
import { cureSettledLateness, paymentPlansOnClock, recordLateness, writeOffOnDay, writtenOffAmong, type Lateness, type WriteOffCandidate } from '../collections';
import { insertEntries } from '../ledger';
import { addLateCharges, balanceOf, installmentsOfOrders, lockClockBatch, moveOrdersStatus, overdueAmong, repeatClients, type InstallmentRow, type OrderRow } from '../orders';
import { collectionsPolicyOf, marketProductIds, productsByIds } from '../products';
import { recordRun, type Actor } from '../staff';

/** Orders handled per transaction: a sweep never holds locks across the whole table. */
export const SWEEP_BATCH_SIZE = 200;

type SweepCounts = { due: number; overdue: number; penalised: number };

/**
 * Which of these orders the clock must leave alone: those whose payout the bank returned after the
 * borrower paid something, until an operator restates them (docs/decisions/224). Payouts own that
 * fact; `app.ts` hands it in.
 */
export type HeldOrders = (db: Queryable, orderIds: readonly number[]) => Promise<ReadonlySet<number>>;
const NONE_HELD: HeldOrders = async () => new Set();

/** The status the order's date moves it to today, or null when it stays. */
function statusToday(order: OrderRow, today: IsoDate): number | null {
  if (!order.dueDate) return null;
  const event = clockEvent(order.statusCode, order.dueDate, today);
  return event ? nextStatus(order.statusCode, event) : null;
}

/**
 * Moves the batch's orders whose date says so to due or overdue, one statement per kind of move;
 * each move is conditional on the status read, so a payment that got there first wins. Each
 * order's status once moved.
 */
async function advanceStatuses(tx: Tx, batch: readonly OrderRow[], today: IsoDate, now: Date, counts: SweepCounts): Promise<Map<number, number>> {
  const statuses = new Map(batch.map((order) => [order.id, order.statusCode]));
  const moves = new Map<string, { from: number; to: number; ids: number[] }>();
  for (const order of batch) {
    const to = statusToday(order, today);
    if (to === null) continue;
    const key = `${order.statusCode}>${to}`;
    const move = moves.get(key) ?? { from: order.statusCode, to, ids: [] };
    move.ids.push(order.id);
    moves.set(key, move);
  }
  for (const { from, to, ids } of moves.values()) {
    const moved = await moveOrdersStatus(tx, ids, from, to, now);
    for (const id of moved) statuses.set(id, to);
    if (to === LoanStatus.Due) counts.due += moved.length;
    else counts.overdue += moved.length;
  }
  return statuses;
}

/**
 * The late charges of the days since each overdue order's last accrual (the market's rules,
 * within the cap). The fee is charged on the first accrual of the order, so a set
 * `penalty_through` means it is paid for.
 */
function lateChargeOf(order: OrderRow, repeatClient: boolean, installments: readonly InstallmentRow[], market: Market, today: IsoDate): number {
  const { feeMinor, interestMinor } = lateChargeAccrual(LOAN_RULES[market].lateCharges, {
    principalMinor: order.principalMinor,
    repeatClient,
    feeCharged: order.penaltyThrough !== null,
    accruedMinor: order.penaltyMinor,
    installments: balanceOf(order, installments).installments.map((i) => ({ dueDate: i.dueDate, unpaidMinor: installmentRemaining(i) })),
    through: order.penaltyThrough,
    today,
  });
  return feeMinor + interestMinor;
}

/** The installments of these orders, by order, read in one statement. */
async function plansOf(tx: Tx, orders: readonly OrderRow[]): Promise<Map<number, InstallmentRow[]>> {
  const plans = new Map<number, InstallmentRow[]>();
  if (orders.length === 0) return plans;
  for (const installment of await installmentsOfOrders(
    tx,
    orders.map((order) => order.id),
  )) {
    const plan = plans.get(installment.orderId);
    if (plan) plan.push(installment);
    else plans.set(installment.orderId, [installment]);
  }
  return plans;
}

/**
 * Accrues the late charges of the batch's overdue orders up to today: which borrowers are repeat
 * clients read in one statement; the charges added in one (each day accrued once: the update is
 * conditional on the day); their ledger entries written in two. What each order charged was charged.
 * A written-off order (`nonAccruing`) accrues nothing more, its day still marked as done.
 */
async function accruePenalties(
  tx: Tx,
  overdue: readonly OrderRow[],
  plans: ReadonlyMap<number, InstallmentRow[]>,
  nonAccruing: ReadonlySet<number>,
  market: Market,
  today: IsoDate,
  now: Date,
): Promise<Map<number, number>> {
  if (overdue.length === 0) return new Map();
  const repeat = await repeatClients(
    tx,
    overdue.map((order) => order.borrowerId),
  );
  const charges = overdue.map((order) => ({
    orderId: order.id,
    amountMinor: nonAccruing.has(order.id) ? 0 : lateChargeOf(order, repeat.has(order.borrowerId), plans.get(order.id) ?? [], market, today),
  }));
  const charged = new Set(await addLateCharges(tx, charges, today, now));
  const added = charges.filter((charge) => charged.has(charge.orderId));
  await insertEntries(
    tx,
    added.map((charge) => ({ orderId: charge.orderId, kind: 'late-charge', bookedOn: today, postings: lateChargePostings(charge.amountMinor) })),
  );
  return new Map(added.map((charge) => [charge.orderId, charge.amountMinor]));
}

/**
 * Writes off the batch's overdue orders that reached their product's write-off day (docs/decisions/244),
 * before today's late charges: the ones written off now and before, on which nothing more accrues.
 */
async function writeOffDue(tx: Tx, overdue: readonly OrderRow[], plans: ReadonlyMap<number, InstallmentRow[]>, productIds: readonly number[], market: Market, today: IsoDate, now: Date): Promise<Set<number>> {
  const before = await writtenOffAmong(
    tx,
    overdue.map((order) => order.id),
  );
  const products = await productsByIds(tx, productIds);
  const candidates: WriteOffCandidate[] = [];
  for (const order of overdue) {
    const product = products.get(order.productId);
    if (before.has(order.id) || !product) continue;
    const balance = balanceOf(order, plans.get(order.id) ?? []);
    const days = balanceDaysPastDue(balance, today);
    if (days >= collectionsPolicyOf(product).writeOffDays) candidates.push({ orderId: order.id, productId: order.productId, daysPastDue: days, parts: lossPartsOf(balance) });
  }
  return new Set([...before, ...(await writeOffOnDay(tx, market, candidates, today, now))]);
}

/** How late each overdue order is today: from its oldest installment still owed (docs/decisions/242). */
function latenessOf(overdue: readonly OrderRow[], plans: ReadonlyMap<number, InstallmentRow[]>, charged: ReadonlyMap<number, number>, today: IsoDate): Lateness[] {
  return overdue.map((order) => {
    const balance = balanceOf(order, plans.get(order.id) ?? []);
    const owed = balance.installments.map((i) => ({ dueDate: i.dueDate, unpaidMinor: installmentRemaining(i) }));
    const days = daysPastDue(owed, today);
    const lateSince = owed.filter((i) => i.unpaidMinor > 0 && i.dueDate < today).reduce<IsoDate | null>((oldest, i) => (oldest === null || i.dueDate < oldest ? i.dueDate : oldest), null);
    // The late charges this batch just added are owed too.
    return { orderId: order.id, daysPastDue: days, lateSince, owedMinor: outstanding(balance) + (charged.get(order.id) ?? 0) };
  });
}

/**
 * One transaction: locks a batch, advances and charges its orders a few statements for the
 * whole batch (not a few per order: the book's overdue orders number tens of thousands).
 * `nextAfterId` is null when no batch follows.
 */
async function sweepBatch(
  db: Db,
  market: Market,
  today: IsoDate,
  now: Date,
  afterId: number,
  held: HeldOrders,
): Promise<{ counts: SweepCounts; nextAfterId: number | null }> {
  const productIds = await marketProductIds(db, market);
  return db.transaction(async (tx) => {
    const counts: SweepCounts = { due: 0, overdue: 0, penalised: 0 };
    const locked = await lockClockBatch(tx, productIds, today, afterId, SWEEP_BATCH_SIZE);
    const stopped = await held(
      tx,
      locked.map((order) => order.id),
    );
    const batch = locked.filter((order) => !stopped.has(order.id));
    const statuses = await advanceStatuses(tx, batch, today, now, counts);
    const overdue = batch.filter((order) => statuses.get(order.id) === LoanStatus.Overdue);
    const plans = await plansOf(tx, overdue);
    const writtenOff = await writeOffDue(tx, overdue, plans, productIds, market, today, now);
    // A payment plan in force accrues no late charges; one an installment left unpaid too long breaks, and they resume (docs/decisions/250).
    const planned = await paymentPlansOnClock(tx, latenessOf(overdue, plans, new Map(), today), now);
    const charged = await accruePenalties(tx, overdue, plans, new Set([...writtenOff, ...planned.inForce]), market, today, now);
    counts.penalised = charged.size;
    await recordLateness(tx, market, today, latenessOf(overdue, plans, charged, today), now);
    return { counts, nextAfterId: locked.length === SWEEP_BATCH_SIZE ? (locked.at(-1)?.id ?? null) : null };
  });
}

/**
 * The clock job: in each market's own date, moves repaying orders to due (174) on their due
 * date and to overdue (180) after it, accrues late charges up to today, and keeps each late
 * order's days past due and bucket (docs/decisions/242). Idempotent, and
 * safe with several server processes: each batch locks its orders (skipping those another
 * sweep holds) and every write is conditional on what it read. Works in batches of
 * SWEEP_BATCH_SIZE orders, each its own transaction, so a failure loses only its batch.
 * A `signal` that aborts ends the sweep after the batch in progress (docs/decisions/069). Orders
 * `held` names are neither moved nor charged (docs/decisions/224).
 */
export async function sweepOrders(db: Db, now = new Date(), options: { signal?: AbortSignal; held?: HeldOrders } = {}): Promise<OrderSweepResult> {
  const { signal, held = NONE_HELD } = options;
  const total: SweepCounts = { due: 0, overdue: 0, penalised: 0 };
  for (const market of MARKETS) {
    const today = formatDate(now, market);
    let afterId: number | null = 0;
    while (afterId !== null && !signal?.aborted) {
      const { counts, nextAfterId } = await sweepBatch(db, market, today, now, afterId, held);
      // Counted once committed, so the answer never reports work a failed batch lost.
      total.due += counts.due;
      total.overdue += counts.overdue;
      total.penalised += counts.penalised;
      afterId = nextAfterId;
    }
    // Orders repaid, extended or closed since they were late are cured (docs/decisions/242).
    if (!signal?.aborted) await cureSettledLateness(db, market, today, overdueAmong, now);
  }
  return { ran: true, ...total };
}

/** Time between the end of one clock round and the start of the next. */
export const ORDER_CLOCK_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The clock job, at once and then every `intervalMs`, as a periodic job (so it is counted like the
 * others: docs/decisions/170). A stop ends a sweep between batches: the batch in progress commits.
 */
export function orderClockJob(db: Db, log: FastifyBaseLogger, held: HeldOrders, intervalMs = ORDER_CLOCK_INTERVAL_MS): ScheduledJob {
  return {
    name: 'order-clock',
    intervalMs,
    firstRunAfterMs: 0,
    run: async (stopping) => {
      const result = await sweepOrders(db, new Date(), { signal: stopping, held });
      if (result.due || result.overdue || result.penalised) log.info(result, 'order clock moved orders');
    },
  };
}

/** A sweep the operator asks for, recorded with who asked and the clock it ran at (docs/decisions/162). */
export async function sweepOrdersAskedBy(db: Db, actor: Actor, now: Date, held: HeldOrders): Promise<OrderSweepResult> {
  await recordRun(db, actor, { action: 'order.sweep', objectType: 'run', objectId: 'order-sweep', after: { at: now } });
  return sweepOrders(db, now, { held });
}
