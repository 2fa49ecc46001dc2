import { ErrorCode, LoanStatus, type WriteOffReason, type WriteOffView } from '@lend/contracts';
import { balanceDaysPastDue, clockDay, formatDate, lossPartsOf, lossPostings, lossTotal, type IsoDate, type LossParts, type Market } from '@lend/domain';
import type { Db, Queryable, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { insertEntries } from '../ledger';
import { balanceOf, lockOrderForMoney, orderByNumber } from '../orders';
import { productMarket } from '../products';
import { recordAudit, type Actor } from '../staff';
import { addRecovered, insertWriteOffs, writeOffRow, writeOffsInRange, writtenOffIds, type WriteOffRow } from './write-off-repository';

/** An order to write off: what it owes, part by part, and how late it is. */
export type WriteOffCandidate = { orderId: number; productId: number; daysPastDue: number; parts: LossParts };
type WrittenBy = { reason: WriteOffReason; staffId: number | null; staffEmail: string | null; note: string };

/**
 * Writes these orders off in the caller's transaction, which holds their locks (docs/decisions/244):
 * one row each and a ledger entry taking what each owes off the books, a few statements for the
 * whole batch. An order written off before is left alone. The ids written now.
 */
async function writeOff(tx: Tx, market: Market, candidates: readonly WriteOffCandidate[], by: WrittenBy, today: IsoDate, now: Date): Promise<number[]> {
  const owing = candidates.filter((candidate) => lossTotal(candidate.parts) > 0);
  const written = new Set(
    await insertWriteOffs(
      tx,
      owing.map((candidate) => ({ orderId: candidate.orderId, productId: candidate.productId, market, writtenOffOn: today, daysPastDue: candidate.daysPastDue, ...by, ...candidate.parts, createdAt: now })),
    ),
  );
  const booked = owing.filter((candidate) => written.has(candidate.orderId));
  await insertEntries(
    tx,
    booked.map((candidate) => ({ orderId: candidate.orderId, kind: 'write-off', bookedOn: today, postings: lossPostings(candidate.parts) })),
  );
  return booked.map((candidate) => candidate.orderId);
}

/** The order clock's write-off of orders that reached their product's write-off day, in its batch's transaction. */
export function writeOffOnDay(tx: Tx, market: Market, candidates: readonly WriteOffCandidate[], today: IsoDate, now: Date): Promise<number[]> {
  return writeOff(tx, market, candidates, { reason: 'days-past-due', staffId: null, staffEmail: null, note: '' }, today, now);
}

/**
 * A credit officer writes a late order off before its day (fraud, death, insolvency, a debt not worth
 * pursuing), with the reason in the note; audited. Only an order paid out, overdue and owing something.
 */
export async function writeOffByOfficer(db: Db, orderNo: string, note: string, actor: Actor, now: Date): Promise<void> {
  if (actor.kind !== 'staff' || actor.staffId === null) throw new AppError(ErrorCode.StaffRoleRefused);
  const found = await orderByNumber(db, orderNo);
  if (!found) throw new AppError(ErrorCode.NotFound);
  await db.transaction(async (tx) => {
    const locked = await lockOrderForMoney(tx, found.id);
    if (!locked) throw new AppError(ErrorCode.NotFound);
    if (await writeOffRow(tx, found.id)) throw new AppError(ErrorCode.AlreadyWrittenOff);
    const { order, product, installments } = locked;
    if (order.statusCode !== LoanStatus.Overdue) throw new AppError(ErrorCode.WriteOffNotAllowed);
    const market = productMarket(product);
    // The day the clock has reached (an operator may run it as of a later day): days past due as the queue shows them.
    const today = clockDay(order, formatDate(now, market));
    const balance = balanceOf(order, installments);
    const candidate = { orderId: order.id, productId: order.productId, daysPastDue: balanceDaysPastDue(balance, today), parts: lossPartsOf(balance) };
    const written = await writeOff(tx, market, [candidate], { reason: 'officer', staffId: actor.staffId, staffEmail: actor.email ?? null, note }, today, now);
    if (written.length === 0) throw new AppError(ErrorCode.WriteOffNotAllowed);
    await recordAudit(tx, actor, { action: 'order.write-off', objectType: 'order', objectId: orderNo, before: null, after: { ...candidate.parts, daysPastDue: candidate.daysPastDue, note } }, now);
  });
}

/** Which of these orders are written off: the clock accrues nothing more on them. */
export function writtenOffAmong(db: Queryable, orderIds: readonly number[]): Promise<Set<number>> {
  return writtenOffIds(db, orderIds);
}

/** Whether the order is written off: money it receives is a recovery. */
export async function isWrittenOff(db: Queryable, orderId: number): Promise<boolean> {
  return (await writeOffRow(db, orderId)) !== undefined;
}

/** Counts money paid on a written-off order as recovered, in the payment's transaction. */
export function recordRecovery(tx: Tx, orderId: number, amountMinor: number): Promise<void> {
  return amountMinor > 0 ? addRecovered(tx, orderId, amountMinor) : Promise.resolve();
}

/** What was written off, recovered and waived by a settlement (docs/decisions/245) of each written-off order in a range of ids, for the ledger check. */
export async function writeOffsOfOrderRange(db: Queryable, afterId: number, throughId: number): Promise<Map<number, { totalMinor: number; recoveredMinor: number; waivedMinor: number }>> {
  return new Map((await writeOffsInRange(db, afterId, throughId)).map((row) => [row.orderId, { totalMinor: row.totalMinor, recoveredMinor: row.recoveredMinor, waivedMinor: row.waivedMinor }]));
}

function writeOffViewOf(row: WriteOffRow): WriteOffView {
  const parts = { principalMinor: row.principalMinor, interestMinor: row.interestMinor, taxMinor: row.taxMinor, lateChargesMinor: row.lateChargesMinor };
  return {
    writtenOffOn: row.writtenOffOn,
    reason: row.reason === 'officer' ? 'officer' : 'days-past-due',
    daysPastDue: row.daysPastDue,
    byEmail: row.staffEmail,
    note: row.note,
    ...parts,
    totalMinor: lossTotal(parts),
    recoveredMinor: row.recoveredMinor,
  };
}

/** The order's write-off as operators see it; null while it is on the books. */
export async function writeOffOf(db: Queryable, orderId: number): Promise<WriteOffView | null> {
  const row = await writeOffRow(db, orderId);
  return row ? writeOffViewOf(row) : null;
}
