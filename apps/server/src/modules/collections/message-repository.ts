import type { Market } from '@lend/domain';
import { and, asc, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { collectionContacts, orderDelinquency, promisesToPay } from '../../db/schema';

/** The order's earliest open promise: what the workspace's promise template speaks of. */
export async function firstOpenPromise(db: Queryable, orderId: number) {
  const [row] = await db
    .select()
    .from(promisesToPay)
    .where(and(eq(promisesToPay.orderId, orderId), eq(promisesToPay.state, 'open')))
    .orderBy(asc(promisesToPay.promisedOn), asc(promisesToPay.id))
    .limit(1);
  return row;
}

/** The provider took the workspace SMS recorded as this contact. */
export async function markMessageAccepted(db: Queryable, contactId: number): Promise<void> {
  await db.update(collectionContacts).set({ messageState: 'accepted' }).where(eq(collectionContacts.id, contactId));
}

/** The provider refused it: the contact written before sending goes, since no contact was made. */
export async function dropUnsentMessage(db: Queryable, contactId: number): Promise<void> {
  await db.delete(collectionContacts).where(and(eq(collectionContacts.id, contactId), eq(collectionContacts.messageState, 'sending')));
}

/** A promise's reminder may be claimed: never tried, or failed with attempts left. */
const reminderClaimable = (attempts: number) =>
  or(isNull(promisesToPay.reminderState), and(eq(promisesToPay.reminderState, 'failed'), lt(promisesToPay.reminderAttempts, attempts)));

/** The market's open promises falling on `day` of orders still late, whose reminder is still to send. */
export function promisesToRemind(db: Queryable, market: Market, day: string, attempts: number) {
  return db
    .select({ id: promisesToPay.id, orderId: promisesToPay.orderId, borrowerId: promisesToPay.borrowerId, amountMinor: promisesToPay.amountMinor, promisedOn: promisesToPay.promisedOn, owedMinor: orderDelinquency.owedMinor })
    .from(promisesToPay)
    .innerJoin(orderDelinquency, eq(orderDelinquency.orderId, promisesToPay.orderId))
    .where(and(eq(promisesToPay.market, market), eq(promisesToPay.state, 'open'), eq(promisesToPay.promisedOn, day), isNotNull(orderDelinquency.bucket), reminderClaimable(attempts)))
    .orderBy(asc(promisesToPay.id));
}

/**
 * Holds the promise while its reminder is claimed, if it is still open and claimable; a promise
 * another pass holds is skipped rather than waited for.
 */
export async function lockRemindable(tx: Tx, id: number, attempts: number) {
  const [row] = await tx
    .select({ id: promisesToPay.id })
    .from(promisesToPay)
    .where(and(eq(promisesToPay.id, id), eq(promisesToPay.state, 'open'), reminderClaimable(attempts)))
    .for('update', { skipLocked: true });
  return row;
}

/** The claim, in the transaction that held the promise: from here no pass sends it again. */
export async function claimReminder(tx: Tx, id: number, now: Date): Promise<void> {
  await tx
    .update(promisesToPay)
    .set({ reminderState: 'sending', remindedAt: now, reminderAttempts: sql`${promisesToPay.reminderAttempts} + 1` })
    .where(eq(promisesToPay.id, id));
}

export async function markReminder(db: Queryable, id: number, state: 'sent' | 'failed'): Promise<void> {
  await db.update(promisesToPay).set({ reminderState: state }).where(eq(promisesToPay.id, id));
}

/** Per agent, the promises they took in the market since `since`: counts by state, and the decided ones' amounts promised and kept. */
export function promiseTallies(db: Queryable, market: Market, since: Date) {
  const decided = sql`${promisesToPay.state} <> 'open'`;
  return db
    .select({
      agentId: promisesToPay.agentId,
      taken: sql<number>`count(*)::int`,
      kept: sql<number>`(count(*) filter (where ${promisesToPay.state} = 'kept'))::int`,
      partlyKept: sql<number>`(count(*) filter (where ${promisesToPay.state} = 'partly-kept'))::int`,
      broken: sql<number>`(count(*) filter (where ${promisesToPay.state} = 'broken'))::int`,
      open: sql<number>`(count(*) filter (where ${promisesToPay.state} = 'open'))::int`,
      decidedMinor: sql<string>`coalesce(sum(${promisesToPay.amountMinor}) filter (where ${decided}), 0)`,
      keptMinor: sql<string>`coalesce(sum(${promisesToPay.keptMinor}) filter (where ${decided}), 0)`,
    })
    .from(promisesToPay)
    .where(and(eq(promisesToPay.market, market), isNotNull(promisesToPay.agentId), gte(promisesToPay.createdAt, since)))
    .groupBy(promisesToPay.agentId);
}
