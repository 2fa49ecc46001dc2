import { and, asc, count, countDistinct, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client';
import { paymentChannels, paymentReferences } from '../../db/schema';
import { violatedUniqueKey } from '../../db/unique-violation';

export type PaymentChannelRow = typeof paymentChannels.$inferSelect;
export type PaymentReferenceRow = typeof paymentReferences.$inferSelect;

export function listActiveChannels(db: Queryable, market: string): Promise<PaymentChannelRow[]> {
  return db
    .select()
    .from(paymentChannels)
    .where(and(eq(paymentChannels.market, market), eq(paymentChannels.active, true)))
    .orderBy(asc(paymentChannels.sort), asc(paymentChannels.id));
}

export type ReferenceKey = { orderId: number; channelCode: string; requestType: number; amountMinor: number };

/** The references of one order, channel, purpose and amount, the current one and those it replaced. */
const ofKey = (key: ReferenceKey) =>
  and(
    eq(paymentReferences.orderId, key.orderId),
    eq(paymentReferences.channelCode, key.channelCode),
    eq(paymentReferences.requestType, key.requestType),
    eq(paymentReferences.amountMinor, key.amountMinor),
  );

export async function findReference(db: Queryable, key: ReferenceKey): Promise<PaymentReferenceRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentReferences)
    .where(and(ofKey(key), isNull(paymentReferences.replacedAt)))
    .limit(1);
  return row;
}

/** Retires an expired reference so a new one can be issued for its key; it stays readable as expired. */
export async function markReplaced(db: Queryable, referenceId: number, now: Date): Promise<void> {
  await db
    .update(paymentReferences)
    .set({ replacedAt: now })
    .where(and(eq(paymentReferences.id, referenceId), isNull(paymentReferences.replacedAt)));
}

/** A reference as a provider names it: its value at one channel. */
export async function findReferenceAt(db: Queryable, channelCode: string, reference: string): Promise<PaymentReferenceRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentReferences)
    .where(and(eq(paymentReferences.channelCode, channelCode), eq(paymentReferences.reference, reference)))
    .limit(1);
  return row;
}

/** Every channel's reference with this value (or only `channelCode`'s), by channel. */
export function findReferencesWithValue(db: Queryable, reference: string, channelCode: string | undefined): Promise<PaymentReferenceRow[]> {
  return db
    .select()
    .from(paymentReferences)
    .where(and(eq(paymentReferences.reference, reference), channelCode === undefined ? undefined : eq(paymentReferences.channelCode, channelCode)))
    .orderBy(asc(paymentReferences.channelCode))
    .limit(20);
}

export async function findChannel(db: Queryable, code: string): Promise<PaymentChannelRow | undefined> {
  const [row] = await db.select().from(paymentChannels).where(eq(paymentChannels.code, code)).limit(1);
  return row;
}

/** The unique key that makes one provider reference belong to one order only. */
const REFERENCE_KEY = 'payment_references_reference';

/**
 * Keeps the first reference issued for an order, channel, purpose and amount: a concurrent second
 * one for the same key is dropped ('kept-other'). 'taken' means another order already holds this
 * reference at the channel, so it was not saved and must never be shown.
 */
export async function saveReference(
  db: Queryable,
  values: Pick<typeof paymentReferences.$inferInsert, 'orderId' | 'channelCode' | 'requestType' | 'amountMinor' | 'reference' | 'expiresAt' | 'providerPaymentId' | 'display' | 'issuedBy'>,
): Promise<'saved' | 'kept-other' | 'taken'> {
  try {
    const saved = await db
      .insert(paymentReferences)
      .values(values)
      .onConflictDoNothing({
        target: [paymentReferences.orderId, paymentReferences.channelCode, paymentReferences.requestType, paymentReferences.amountMinor],
        where: sql`${paymentReferences.replacedAt} is null`,
      })
      .returning({ id: paymentReferences.id });
    return saved.length === 1 ? 'saved' : 'kept-other';
  } catch (error) {
    if (violatedUniqueKey(error) === REFERENCE_KEY) return 'taken';
    throw error;
  }
}

/** How many amounts other than `amountMinor` the order holds references for, for one purpose. */
export async function countOtherReferenceAmounts(db: Queryable, orderId: number, requestType: number, amountMinor: number): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(paymentReferences.amountMinor) })
    .from(paymentReferences)
    .where(
      and(
        eq(paymentReferences.orderId, orderId),
        eq(paymentReferences.requestType, requestType),
        ne(paymentReferences.amountMinor, amountMinor),
        isNull(paymentReferences.replacedAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/** How many references were ever issued for an order, channel, purpose and amount, replaced ones included. */
export async function countReferencesIssued(db: Queryable, key: ReferenceKey): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentReferences)
    .where(ofKey(key));
  return Number(row?.n ?? 0);
}

/** The reference a provider opened this payment for. */
export async function findReferenceByProviderPayment(db: Queryable, providerPaymentId: string): Promise<PaymentReferenceRow | undefined> {
  const [row] = await db.select().from(paymentReferences).where(eq(paymentReferences.providerPaymentId, providerPaymentId)).limit(1);
  return row;
}

/**
 * Voids the orders' references still open (not paid, not replaced, not expired) by ending them now;
 * what each was opened under at its provider is answered, to be closed there (docs/decisions/223).
 */
export function expireOpenReferences(db: Queryable, orderIds: readonly number[], now: Date): Promise<{ issuedBy: string | null; providerPaymentId: string | null }[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .update(paymentReferences)
    .set({ expiresAt: now })
    .where(and(inArray(paymentReferences.orderId, [...orderIds]), isNull(paymentReferences.paidAt), isNull(paymentReferences.replacedAt), gt(paymentReferences.expiresAt, now)))
    .returning({ issuedBy: paymentReferences.issuedBy, providerPaymentId: paymentReferences.providerPaymentId });
}

/** The reference a provider issued under this value (a SPEI transfer names it), if we issued one. */
export async function findReferenceIssuedAs(db: Queryable, issuer: string, reference: string): Promise<PaymentReferenceRow | undefined> {
  const [row] = await db.select().from(paymentReferences).where(and(eq(paymentReferences.issuedBy, issuer), eq(paymentReferences.reference, reference))).limit(1);
  return row;
}

/** Marks the reference paid by the first payment that names it; a later one leaves the first time. */
export async function markReferencePaid(db: Queryable, referenceId: number, at: Date): Promise<void> {
  await db.update(paymentReferences).set({ paidAt: at }).where(and(eq(paymentReferences.id, referenceId), isNull(paymentReferences.paidAt)));
}

/** The provider's payment id each of these references was opened under (null where none was). */
export async function findReferenceProviderPaymentIds(db: Queryable, referenceIds: readonly number[]): Promise<Map<number, string | null>> {
  if (referenceIds.length === 0) return new Map();
  const rows = await db
    .select({ id: paymentReferences.id, providerPaymentId: paymentReferences.providerPaymentId })
    .from(paymentReferences)
    .where(inArray(paymentReferences.id, [...new Set(referenceIds)]));
  return new Map(rows.map((row) => [row.id, row.providerPaymentId]));
}

/** Which references a reconciler pass takes: issued by these providers, not past the look-back, not asked since `checkedBefore`. */
export type ReconcileClaim = { issuers: readonly string[]; expiredAfter: Date; checkedBefore: Date; limit: number; now: Date };

/**
 * Takes up to `limit` references for one reconciler pass, the longest unasked first, and marks
 * them asked now. The rows are locked while they are taken and rows another server is taking are
 * skipped, so servers running the pass together never take the same reference
 * (docs/decisions/128); no lock is held while the provider is asked.
 */
export function claimReferencesToReconcile(db: Db, claim: ReconcileClaim): Promise<{ reference: PaymentReferenceRow; lastCheckedAt: Date | null }[]> {
  if (claim.issuers.length === 0) return Promise.resolve([]);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: paymentReferences.id, checkedAt: paymentReferences.checkedAt })
      .from(paymentReferences)
      .where(
        and(
          isNotNull(paymentReferences.issuedBy),
          inArray(paymentReferences.issuedBy, [...claim.issuers]),
          gt(paymentReferences.expiresAt, claim.expiredAfter),
          or(isNull(paymentReferences.checkedAt), lte(paymentReferences.checkedAt, claim.checkedBefore)),
        ),
      )
      .orderBy(sql`${paymentReferences.checkedAt} asc nulls first`, asc(paymentReferences.id))
      .limit(claim.limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const last = new Map(due.map((row) => [row.id, row.checkedAt]));
    const taken = await tx
      .update(paymentReferences)
      .set({ checkedAt: claim.now })
      .where(inArray(paymentReferences.id, [...last.keys()]))
      .returning();
    return taken.sort((a, b) => a.id - b.id).map((reference) => ({ reference, lastCheckedAt: last.get(reference.id) ?? null }));
  });
}

/** Puts back when a reference was last asked, so one the provider could not answer for is first in the next pass. */
export async function restoreReferenceCheck(db: Queryable, id: number, checkedAt: Date | null): Promise<void> {
  await db.update(paymentReferences).set({ checkedAt }).where(eq(paymentReferences.id, id));
}

/** Every channel of a market, offered or not, in the order borrowers see them. */
export function listMarketChannels(db: Queryable, market: string): Promise<PaymentChannelRow[]> {
  return db.select().from(paymentChannels).where(eq(paymentChannels.market, market)).orderBy(asc(paymentChannels.sort), asc(paymentChannels.id));
}

/** The channel as it stands, its row locked until the caller's transaction ends. */
export async function lockChannel(db: Queryable, code: string): Promise<PaymentChannelRow | undefined> {
  const [row] = await db.select().from(paymentChannels).where(eq(paymentChannels.code, code)).for('update').limit(1);
  return row;
}

export async function saveChannelSettings(
  db: Queryable,
  code: string,
  values: Pick<PaymentChannelRow, 'active' | 'feeMinor' | 'minAmountMinor' | 'maxAmountMinor'>,
): Promise<PaymentChannelRow> {
  const [row] = await db.update(paymentChannels).set(values).where(eq(paymentChannels.code, code)).returning();
  if (!row) throw new Error(`payment channel ${code} was not saved`);
  return row;
}
