import { LoanStatus, type OrderSweepResult } from '@lend/contracts';
import { clockEvent, daysBetween, formatDate, MARKETS, nextStatus, overduePenalty, type IsoDate } from '@lend/domain';
import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { loanOrders, products } from '../../db/schema';
import { listInstallments } from './installment-repository';
import { moveOrderStatus } from './order-repository';

/** Any constant shared by every server process: whoever holds it runs the job. */
const CLOCK_LOCK_KEY = 417_001;

async function tryClockLock(tx: Tx): Promise<boolean> {
  const [row] = await tx
    .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${CLOCK_LOCK_KEY})` })
    .from(sql`(select 1) as clock`);
  return row?.locked === true;
}

async function advanceStatuses(tx: Tx, market: string, today: IsoDate, now: Date): Promise<{ due: number; overdue: number }> {
  const candidates = await tx
    .select({ id: loanOrders.id, statusCode: loanOrders.statusCode, dueDate: loanOrders.dueDate })
    .from(loanOrders)
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(
      and(
        eq(products.market, market),
        inArray(loanOrders.statusCode, [LoanStatus.Disbursed, LoanStatus.Due]),
        lte(loanOrders.dueDate, today),
      ),
    );
  let due = 0;
  let overdue = 0;
  for (const order of candidates) {
    if (!order.dueDate) continue;
    const event = clockEvent(order.statusCode, order.dueDate, today);
    const to = event ? nextStatus(order.statusCode, event) : null;
    if (to === null) continue;
    // Conditional on the status read: a second process (or a payment) that got there first wins.
    if (await moveOrderStatus(tx, order.id, order.statusCode, to, {}, now)) {
      if (to === LoanStatus.Due) due += 1;
      else overdue += 1;
    }
  }
  return { due, overdue };
}

async function accruePenalties(tx: Tx, market: string, today: IsoDate, now: Date): Promise<number> {
  const late = await tx
    .select({ order: loanOrders, pricing: products.pricing })
    .from(loanOrders)
    .innerJoin(products, eq(products.id, loanOrders.productId))
    .where(
      and(
        eq(products.market, market),
        eq(loanOrders.statusCode, LoanStatus.Overdue),
        or(isNull(loanOrders.penaltyThrough), lt(loanOrders.penaltyThrough, today)),
      ),
    );
  let penalised = 0;
  for (const { order, pricing } of late) {
    const installments = await listInstallments(tx, order.id);
    const penaltyMinor = overduePenalty(
      pricing,
      order.principalMinor,
      installments
        .filter((i) => i.dueDate !== null)
        .map((i) => ({ daysOverdue: daysBetween(i.dueDate ?? today, today), unpaidMinor: i.amountMinor - i.paidMinor })),
    );
    // The penalty is a function of the day, so accruing it twice for one day changes nothing.
    const updated = await tx
      .update(loanOrders)
      .set({ penaltyMinor: sql`greatest(${loanOrders.penaltyMinor}, ${penaltyMinor})`, penaltyThrough: today, updatedAt: now })
      .where(
        and(
          eq(loanOrders.id, order.id),
          eq(loanOrders.statusCode, LoanStatus.Overdue),
          or(isNull(loanOrders.penaltyThrough), lt(loanOrders.penaltyThrough, today)),
        ),
      )
      .returning({ id: loanOrders.id });
    penalised += updated.length;
  }
  return penalised;
}

/**
 * The clock job: in each market's own date, moves repaying orders to due (174) on their due
 * date and to overdue (180) after it, and accrues late charges up to today. Idempotent, and
 * safe with several server processes: one holds an advisory lock, and every write is
 * conditional on what it read.
 */
export async function sweepOrders(db: Db, now = new Date()): Promise<OrderSweepResult> {
  return db.transaction(async (tx) => {
    if (!(await tryClockLock(tx))) return { ran: false, due: 0, overdue: 0, penalised: 0 };
    const result = { ran: true, due: 0, overdue: 0, penalised: 0 };
    for (const market of MARKETS) {
      const today = formatDate(now, market);
      const moved = await advanceStatuses(tx, market, today, now);
      result.due += moved.due;
      result.overdue += moved.overdue;
      result.penalised += await accruePenalties(tx, market, today, now);
    }
    return result;
  });
}

/** Runs the clock job now and then every `intervalMs` until the returned stop is called. */
export function startOrderClock(db: Db, log: FastifyBaseLogger, intervalMs = 10 * 60 * 1000): () => void {
  const run = () =>
    sweepOrders(db).then(
      (result) => {
        if (result.due || result.overdue || result.penalised) log.info(result, 'order clock moved orders');
      },
      (error: unknown) => log.error({ err: error }, 'order clock failed'),
    );
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
