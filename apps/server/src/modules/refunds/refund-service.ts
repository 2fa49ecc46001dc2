import { ErrorCode } from '@lend/contracts';
import { Account, formatDate, MARKET_SETTINGS, refundPostings, refundReversalPostings, type Market } from '@lend/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable, Tx } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { AppError } from '../../errors';
import type { ProviderRefund, RefundProvider } from '../../providers/refunds/refund-provider';
import { chargesInFlight } from '../card-repayment';
import { insertEntry } from '../ledger';
import { borrowerOrder, lockOrderForMoney, orderByNumber, orderNumbers, saveMoneyChanges } from '../orders';
import { providerPaymentsOf, type ProviderPayment } from '../payments';
import { productMarket } from '../products';
import { recordAudit, recordRun, type Actor } from '../staff';
import { countOrderApprovals, findApprovalByKey, findPendingApproval, insertApproval, type RefundApprovalRow } from './refund-approval-repository';
import {
  claimRefund,
  closeRequest,
  countOrderRefunds,
  findOpenRequest,
  findRefund,
  findRefundByKey,
  insertRefund,
  lockRefund,
  lockSender,
  openRequestOnce,
  pendingRefundsAfter,
  refundedByPayment,
  refundsPage,
  saveRefund,
  sentAloneSum,
  type RefundRequestRow,
  type RefundRow,
  type Sender,
} from './refund-repository';

/** The provider name of a refund the lender paid by its own transfer. */
export const OUTSIDE_PROVIDER = 'outside';

/** Pending refunds asked about per step of a follow-up pass. */
const FOLLOW_BATCH = 100;

/** `followAfterMs`: how long a pending refund is left to whoever last asked its provider (docs/decisions/214). */
export type RefundDeps = { db: Db; providers: ReadonlyMap<string, RefundProvider>; log: FastifyBaseLogger; followAfterMs: number };

/** A refund with the number of its order: what the operator sees. */
export type RefundRecord = RefundRow & { orderNo: string };

/**
 * The borrower asks for the order's credit back (docs/decisions/119). One request stays open per
 * order until an operator refunds it, so asking again answers the same request.
 */
export async function requestRefund(db: Db, borrowerId: number, orderNo: string): Promise<{ request: RefundRequestRow; orderNo: string; market: Market }> {
  const { order, market } = await borrowerOrder(db, borrowerId, { orderNo });
  const open = await findOpenRequest(db, order.id);
  if (open) return { request: open, orderNo: order.orderNo, market };
  if (order.creditMinor <= 0) throw new AppError(ErrorCode.RefundNothingToRefund);
  const request = await openRequestOnce(db, { orderId: order.id, borrowerId, creditMinor: order.creditMinor });
  return { request, orderNo: order.orderNo, market };
}

export type RefundOrder = {
  orderNo: string;
  amountMinor?: number | undefined;
  outside: boolean;
  note?: string | undefined;
  recordedBy: string;
  idempotencyKey?: string | undefined;
};

type Written = { refund: RefundRow; refunds: RefundRow[]; replay: boolean; approval?: undefined } | { refund?: undefined; refunds?: undefined; replay: boolean; approval: RefundApprovalRow };

/**
 * Who sends a refund: one person alone up to their market's limit; above it the refund becomes a
 * request a different administrator approves (docs/decisions/180). `approvalId` says it is that
 * approval being carried out.
 */
export type RefundAuthority = { actor: Actor; refundLimits: Readonly<Record<Market, number>>; approvalId?: undefined } | { actor: Actor; approvalId: number };

const paidFrom = (provider: string) => (provider === OUTSIDE_PROVIDER ? Account.LenderCash : Account.CashInTransit);

/** What one person asked above the limit: nothing moves, a second person decides (docs/decisions/180). */
async function askSecondPerson(tx: Tx, order: { id: number; orderNo: string; creditMinor: number }, input: RefundOrder, amountMinor: number, currency: string, actor: Actor, now: Date): Promise<Written> {
  const key = input.idempotencyKey ?? `order:${order.id}:approval:${(await countOrderApprovals(tx, order.id)) + 1}`;
  const seen = await findApprovalByKey(tx, key);
  if (seen) return { approval: seen, replay: true };
  if (await findPendingApproval(tx, order.id)) throw new AppError(ErrorCode.RefundApprovalAlreadyPending);
  const approval = await insertApproval(tx, {
    orderId: order.id,
    amountMinor,
    currency,
    outside: input.outside,
    note: input.note ?? null,
    recordedBy: input.recordedBy,
    idempotencyKey: key,
    requestedByStaffId: actor.staffId,
    requestedBy: actorName(actor),
    createdAt: now,
  });
  await recordAudit(tx, actor, {
    action: 'refund.request',
    objectType: 'refund-approval',
    objectId: approval.id,
    before: { creditMinor: order.creditMinor },
    after: { orderNo: order.orderNo, amountMinor, outside: input.outside, status: 'pending', creditMinor: order.creditMinor },
  }, now);
  return { approval, replay: false };
}

/**
 * Whether one person alone would go above their limit with `amountMinor` more: what they sent alone
 * on this order, or on this market day, plus this refund (docs/decisions/219). Called under the
 * order's lock; the sender's own lock then makes two servers sending for one person take turns.
 */
async function aboveLimitAlone(tx: Tx, sender: Sender, where: { orderId: number; sentOn: string; currency: string }, amountMinor: number, limit: number): Promise<boolean> {
  if (amountMinor > limit) return true;
  await lockSender(tx, sender);
  if ((await sentAloneSum(tx, sender, { orderId: where.orderId })) + amountMinor > limit) return true;
  return (await sentAloneSum(tx, sender, { sentOn: where.sentOn, currency: where.currency })) + amountMinor > limit;
}

/** How a person on the staff, or the token, is named on a request. */
export const actorName = (actor: Actor): string => actor.email ?? 'operator token';

/** The key of a refund's `index`-th part (from 0): the first is the refund's own key. */
const partKey = (key: string, index: number) => (index === 0 ? key : `${key}:part${index + 1}`);

/** A refund written before under `key`, with its further parts, in order. */
async function refundsOfKey(tx: Tx, first: RefundRow): Promise<RefundRow[]> {
  const parts = [first];
  for (;;) {
    const next = await findRefundByKey(tx, partKey(first.idempotencyKey, parts.length));
    if (!next) return parts;
    parts.push(next);
  }
}

type RefundPart = { payment: ProviderPayment | undefined; amountMinor: number };

/**
 * Where `amountMinor` of the order's credit goes back (docs/decisions/219): through the payments
 * providers took, newest first, each giving back no more than it brought less what it gave back
 * already; an outside transfer is one part. Credit no provider payment can cover (a transfer an
 * operator recorded) needs an outside transfer.
 */
async function refundParts(tx: Tx, deps: Pick<RefundDeps, 'providers'>, orderId: number, amountMinor: number, outside: boolean): Promise<RefundPart[]> {
  if (outside) return [{ payment: undefined, amountMinor }];
  const payments = await providerPaymentsOf(tx, orderId);
  if (payments.length === 0) throw new AppError(ErrorCode.RefundNeedsOutsideTransfer);
  const refunded = await refundedByPayment(tx, orderId);
  const parts: RefundPart[] = [];
  let left = amountMinor;
  for (const payment of payments) {
    const room = payment.amountMinor - (refunded.get(payment.id) ?? 0);
    if (left === 0) break;
    if (room <= 0) continue;
    if (!deps.providers.has(payment.provider)) throw new AppError(ErrorCode.RefundProviderUnavailable);
    const part = Math.min(room, left);
    parts.push({ payment, amountMinor: part });
    left -= part;
  }
  // The providers' payments cannot give back this much: the rest came some other way.
  if (left > 0) throw new AppError(ErrorCode.RefundAboveCredit, 'amountMinor');
  return parts;
}

/**
 * Under the order's lock: the refund, its ledger entry and the credit it takes off, together; one
 * refund per payment it goes back through (`refunds`, `refund` being the first). The key defaults
 * to the borrower's open request, else to the order's next refund, so calls racing on one order
 * find the first one's refund or the credit it left. Above the market's limit, unless an approval
 * is being carried out, nothing moves: a request waits for a second person.
 */
export async function writeRefund(tx: Tx, deps: Pick<RefundDeps, 'providers'>, orderId: number, input: RefundOrder, by: RefundAuthority, now: Date): Promise<Written> {
  const locked = await lockOrderForMoney(tx, orderId);
  if (!locked) throw new AppError(ErrorCode.NotFound);
  const { order, product } = locked;
  const request = await findOpenRequest(tx, order.id);
  const key = input.idempotencyKey ?? (request ? `refund-request:${request.id}` : `order:${order.id}:refund:${(await countOrderRefunds(tx, order.id)) + 1}`);
  const seen = await findRefundByKey(tx, key);
  if (seen) return { refund: seen, refunds: await refundsOfKey(tx, seen), replay: true };
  if (by.approvalId === undefined && input.idempotencyKey !== undefined) {
    const asked = await findApprovalByKey(tx, input.idempotencyKey);
    if (asked) return { approval: asked, replay: true };
  }
  // A card charge still in flight may yet change what the order holds: the credit is not known.
  if ((await chargesInFlight(tx, order.id)) > 0) throw new AppError(ErrorCode.RefundPaymentInFlight);
  if (order.creditMinor <= 0) throw new AppError(ErrorCode.RefundNothingToRefund);
  const amountMinor = input.amountMinor ?? order.creditMinor;
  if (amountMinor > order.creditMinor) throw new AppError(ErrorCode.RefundAboveCredit);
  const market = productMarket(product);
  const currency = MARKET_SETTINGS[market].currency;
  const parts = await refundParts(tx, deps, order.id, amountMinor, input.outside);

  const sentOn = formatDate(now, market);
  const sender = { staffId: by.actor.staffId, name: actorName(by.actor) };
  if (by.approvalId === undefined && (await aboveLimitAlone(tx, sender, { orderId: order.id, sentOn, currency }, amountMinor, by.refundLimits[market]))) {
    return askSecondPerson(tx, order, input, amountMinor, currency, by.actor, now);
  }
  await saveMoneyChanges(tx, order.id, [], { creditMinor: order.creditMinor - amountMinor }, now);
  if (request) await closeRequest(tx, request.id, now);
  const written: RefundRow[] = [];
  let creditMinor = order.creditMinor;
  for (const [index, { payment, amountMinor: partMinor }] of parts.entries()) {
    const provider = payment?.provider ?? OUTSIDE_PROVIDER;
    const entryId = await insertEntry(tx, {
      orderId: order.id,
      kind: 'refund',
      paymentId: payment?.id ?? null,
      bookedOn: sentOn,
      postings: refundPostings({ amountMinor: partMinor, paidFrom: paidFrom(provider) }),
    });
    if (entryId === null) throw new Error('refund entry not written');
    const refund = await insertRefund(tx, {
      orderId: order.id,
      borrowerId: order.borrowerId,
      requestId: request?.id ?? null,
      paymentId: payment?.id ?? null,
      provider,
      providerPaymentId: payment?.providerPaymentId ?? null,
      idempotencyKey: partKey(key, index),
      amountMinor: partMinor,
      currency,
      // The lender's own transfer is made when it is recorded; a provider's is pending until it says.
      status: input.outside ? 'succeeded' : 'pending',
      entryId,
      recordedBy: input.recordedBy,
      note: input.note ?? null,
      sentByStaffId: sender.staffId,
      sentBy: sender.name,
      approvalId: by.approvalId ?? null,
      sentOn,
      createdAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, by.actor, {
      action: 'refund.create',
      objectType: 'refund',
      objectId: refund.id,
      before: { creditMinor },
      after: { orderNo: order.orderNo, amountMinor: partMinor, provider, status: refund.status, creditMinor: creditMinor - partMinor, approvalId: by.approvalId ?? null },
    }, now);
    creditMinor -= partMinor;
    written.push(refund);
  }
  const [first] = written;
  if (!first) throw new Error('a refund of no parts');
  return { refund: first, refunds: written, replay: false };
}

/**
 * An operator sends an order's credit back (docs/decisions/119): never more than the order holds
 * (the order locked while it is taken off), booked as it is sent, then asked of the provider with
 * the refund's idempotency key. A provider that cannot be reached leaves the refund pending for
 * the follow-up to ask again. Above the limit the answer is the request waiting for a second person.
 */
export async function refundCredit(
  deps: RefundDeps,
  input: RefundOrder,
  by: RefundAuthority,
  now = new Date(),
): Promise<{ refund: RefundRecord | null; refunds: RefundRecord[]; approval: (RefundApprovalRow & { orderNo: string }) | null; replay: boolean }> {
  const order = await orderByNumber(deps.db, input.orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound);
  if (input.idempotencyKey !== undefined) {
    const seen = (await findRefundByKey(deps.db, input.idempotencyKey)) ?? (await findApprovalByKey(deps.db, input.idempotencyKey));
    // A key is one refund: used again for another order or another amount, it is a mistake, not a repeat.
    if (seen && (seen.orderId !== order.id || (input.amountMinor !== undefined && seen.amountMinor !== input.amountMinor))) throw new AppError(ErrorCode.InvalidRequest, 'idempotencyKey');
  }
  const written = await deps.db.transaction((tx) => writeRefund(tx, deps, order.id, input, by, now));
  if (written.approval) return { refund: null, refunds: [], approval: { ...written.approval, orderNo: order.orderNo }, replay: written.replay };
  // A replay asks again only as a follow-up would: its first sender, here or on another server, may still be asking.
  const refunds = written.replay
    ? await Promise.all(written.refunds.map(async (refund) => (await askIfUnclaimed(deps, refund, now)) ?? refund))
    : await sentToProviders(deps, written.refunds, now);
  const records = refunds.map((refund) => ({ ...refund, orderNo: order.orderNo }));
  return { refund: records[0] ?? null, refunds: records, approval: null, replay: written.replay };
}

/** A refund just written: a provider's is asked of the provider now; the lender's own transfer is done. */
async function sentToProvider(deps: RefundDeps, refund: RefundRow, now: Date): Promise<RefundRow> {
  return refund.status === 'pending' ? askProvider(deps, refund, now) : refund;
}

/** Refunds just written, each asked of its provider in turn. */
export async function sentToProviders(deps: RefundDeps, refunds: readonly RefundRow[], now: Date): Promise<RefundRow[]> {
  const sent: RefundRow[] = [];
  for (const refund of refunds) sent.push(await sentToProvider(deps, refund, now));
  return sent;
}

/** Asks the refund's provider (again: the same key is the same refund) and records what it answers. */
async function askProvider(deps: RefundDeps, refund: RefundRow, now: Date): Promise<RefundRow> {
  const provider = deps.providers.get(refund.provider);
  if (!provider || refund.providerPaymentId === null) return refund;
  let answer: ProviderRefund;
  try {
    answer = await provider.refund({
      refundId: refund.id,
      idempotencyKey: refund.idempotencyKey,
      providerPaymentId: refund.providerPaymentId,
      amountMinor: refund.amountMinor,
      currency: refund.currency === 'INR' ? 'INR' : 'MXN',
      providerRefundId: refund.providerRefundId ?? undefined,
    });
  } catch (error) {
    deps.log.warn({ err: error, refundId: refund.id, provider: refund.provider }, 'refund provider did not answer; the refund stays pending');
    return refund;
  }
  return recordRefundOutcome(deps.db, refund.id, answer, now);
}

/**
 * What the provider says of a refund, recorded once: succeeded ends it; failed reverses its ledger
 * entry and gives the credit back to the order. The order is locked first, as a refund's writing
 * does, so the two never wait on each other.
 */
export async function recordRefundOutcome(db: Db, refundId: number, answer: ProviderRefund, now = new Date()): Promise<RefundRow> {
  return db.transaction(async (tx) => (await settleRefundIn(tx, refundId, answer, now)).refund);
}

/**
 * Under the order's lock and the refund's, `answer` applied to a refund still pending; `firstTime`
 * (an event's record, written in the same transaction) may say it was applied before. A refund
 * that had succeeded may still fail when the provider says so (Stripe's may, docs/decisions/126):
 * the money came back to the provider, so the refund is reversed all the same.
 */
export async function settleRefundIn(
  tx: Tx,
  refundId: number,
  answer: ProviderRefund,
  now: Date,
  firstTime: (refund: RefundRow) => Promise<boolean> = async () => true,
): Promise<{ refund: RefundRow; replay: boolean }> {
  const unlocked = await findRefund(tx, refundId);
  if (!unlocked) throw new AppError(ErrorCode.NotFound);
  const locked = await lockOrderForMoney(tx, unlocked.orderId);
  const refund = await lockRefund(tx, refundId);
  if (!locked || !refund) throw new AppError(ErrorCode.NotFound);
  if (!(await firstTime(refund))) return { refund, replay: true };
  const endsNow = refund.status === 'pending' || (refund.status === 'succeeded' && answer.status === 'failed');
  if (!endsNow) return { refund, replay: false };
  const providerRefundId = refund.providerRefundId ?? answer.refundId;
  if (answer.status === 'pending') {
    await saveRefund(tx, refund.id, { providerRefundId }, now);
    return { refund: { ...refund, providerRefundId }, replay: false };
  }
  if (answer.status === 'succeeded') {
    await saveRefund(tx, refund.id, { status: 'succeeded', providerRefundId }, now);
    return { refund: { ...refund, status: 'succeeded', providerRefundId, updatedAt: now }, replay: false };
  }
  const reversalEntryId = await insertEntry(tx, {
    orderId: refund.orderId,
    kind: 'refund-reversal',
    paymentId: refund.paymentId,
    bookedOn: formatDate(now, productMarket(locked.product)),
    postings: refundReversalPostings({ amountMinor: refund.amountMinor, paidFrom: paidFrom(refund.provider) }),
  });
  await saveMoneyChanges(tx, refund.orderId, [], { creditMinor: locked.order.creditMinor + refund.amountMinor }, now);
  await saveRefund(tx, refund.id, { status: 'failed', providerRefundId, reversalEntryId }, now);
  return { refund: { ...refund, status: 'failed', providerRefundId, reversalEntryId, updatedAt: now }, replay: false };
}

/**
 * A pending refund asked of its provider by this caller alone (docs/decisions/214): claimed only
 * when nobody asked about it for `followAfterMs` (its sender, or a follow-up on any server), under
 * its row lock with SKIP LOCKED, and stamped so that no other server asks until the stamp ages.
 * Undefined when someone else holds it.
 */
async function askIfUnclaimed(deps: RefundDeps, refund: RefundRow, now: Date): Promise<RefundRow | undefined> {
  if (refund.status !== 'pending') return undefined;
  const claimed = await deps.db.transaction((tx) => claimRefund(tx, refund.id, new Date(now.getTime() - deps.followAfterMs), now));
  return claimed ? askProvider(deps, claimed, now) : undefined;
}

/**
 * Asks the providers where every pending refund stands, and records each answer: only refunds
 * nobody asked about for `followAfterMs`, each claimed first, so a refund its sender is still
 * sending, or another server is following, is left to them (docs/decisions/214).
 */
export async function followRefunds(deps: RefundDeps, now = new Date()): Promise<{ followed: number; succeeded: number; failed: number }> {
  const tally = { followed: 0, succeeded: 0, failed: 0 };
  const askedBefore = new Date(now.getTime() - deps.followAfterMs);
  let afterId = 0;
  for (;;) {
    const pending = await pendingRefundsAfter(deps.db, afterId, FOLLOW_BATCH, askedBefore);
    if (pending.length === 0) break;
    for (const refund of pending) {
      const after = await askIfUnclaimed(deps, refund, now);
      if (!after) continue;
      tally.followed += 1;
      if (after.status === 'succeeded') tally.succeeded += 1;
      if (after.status === 'failed') tally.failed += 1;
    }
    afterId = pending.at(-1)?.id ?? afterId;
  }
  return tally;
}

/** One page of refunds, newest first; one order's when `orderNo` is given. */
export async function refundPage(db: Queryable, orderNo: string | undefined, page: PageRequest<readonly [number]>): Promise<RefundRecord[]> {
  let orderId: number | undefined;
  if (orderNo !== undefined) {
    const order = await orderByNumber(db, orderNo);
    if (!order) throw new AppError(ErrorCode.NotFound);
    orderId = order.id;
  }
  const rows = await refundsPage(db, orderId, page);
  const numbers = await orderNumbers(
    db,
    rows.map((row) => row.orderId),
  );
  return rows.map((row) => ({ ...row, orderNo: numbers.get(row.orderId) ?? '' }));
}

/** A follow-up the operator asks for, recorded with who asked (docs/decisions/162). */
export async function followRefundsAskedBy(deps: RefundDeps, actor: Actor): Promise<{ followed: number; succeeded: number; failed: number }> {
  await recordRun(deps.db, actor, { action: 'refund.follow', objectType: 'run', objectId: 'refund-follow' });
  return followRefunds(deps);
}
