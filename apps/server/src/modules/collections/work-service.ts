import { COLLECTION_RULES, ErrorCode, type BorrowerPromises, type CollectionContactRequest, type CollectionOrder, type CollectionQueuePage, type CollectionQueueItem, type PromiseView } from '@lend/contracts';
import { addDays, formatDate, MARKET_SETTINGS, MARKETS, type IsoDate, type Market } from '@lend/domain';
import type { Db, Queryable, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerOrder, orderByNumber, orderOwners } from '../orders';
import { activeStaffOfRole, recordAudit, staffEmails, type Actor } from '../staff';
import type { DelinquencyRow } from './delinquency-repository';
import { settlementOf } from './settlement-service';
import { latestPaymentPlan } from './payment-plan-repository';
import { paymentPlanOf, paymentPlansDataOf } from './payment-plan-service';
import { writeOffOf } from './write-off-service';
import { erasePlanNotesOf } from './plan-request-repository';
import { openPlanRequest, planRequestsDataOf, planRequestsOfOrder } from './plan-request-service';
import { collectorOf, placementOf } from './agency-service';
import {
  contactsOf,
  contactsOfBorrower,
  contactsSince,
  eraseContactNotesOf,
  insertContact,
  insertPromise,
  lockNextUnassigned,
  lockOpenPromisesOf,
  lockRowOf,
  lockUnassigned,
  ordersWithPromisesDue,
  promisesOf,
  promisesOfBorrower,
  queueRows,
  refreshNextPromise,
  resolvePromise,
  rowOf,
  setAgent,
  type PromiseRow,
} from './work-repository';

/** What was applied to an order since a moment, asked of the payments module through `app.ts`. */
export type PaidSince = (db: Queryable, orderId: number, since: Date) => Promise<number>;

/** Each borrower's legal name by id ('' before they gave one), asked of the profiles through `app.ts`. */
export type BorrowerNames = (db: Queryable, borrowerIds: readonly number[]) => Promise<Map<number, string>>;
const NO_NAMES: BorrowerNames = async () => new Map();

export const marketOf = (row: { market: string }): Market => (row.market === 'IN' ? 'IN' : 'MX');

/** The hour of the day and the market date at `now` in the market's time zone. */
function localTime(now: Date, market: Market): { hour: number; today: IsoDate } {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: MARKET_SETTINGS[market].timeZone }).format(now));
  return { hour, today: formatDate(now, market) };
}

/** The instant a market day starts: midnight there, found from the zone's offset at that moment. */
export function dayStart(day: IsoDate, market: Market): Date {
  const utcMidnight = new Date(`${day}T00:00:00Z`);
  const wall = new Intl.DateTimeFormat('sv-SE', { timeZone: MARKET_SETTINGS[market].timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(utcMidnight);
  const offset = new Date(`${wall.replace(' ', 'T')}Z`).getTime() - utcMidnight.getTime();
  return new Date(utcMidnight.getTime() - offset);
}

/**
 * Whether the borrower may be contacted now under the market's rules (docs/decisions/243): within
 * its hours in their time zone, and under its caps for the market day and the last seven days.
 */
export async function contactRefusal(db: Queryable, market: Market, borrowerId: number, now: Date): Promise<{ code: CollectionRefusal; field: string } | null> {
  const rules = COLLECTION_RULES[market];
  const { hour, today } = localTime(now, market);
  if (hour < rules.fromHour || hour >= rules.toHour) return { code: ErrorCode.CollectionOutsideHours, field: `${rules.fromHour}:00–${rules.toHour}:00` };
  const week = await contactsSince(db, borrowerId, dayStart(addDays(today, -6), market));
  const todayStart = dayStart(today, market);
  if (week.filter((at) => at >= todayStart).length >= rules.perDay) return { code: ErrorCode.CollectionDailyCap, field: String(rules.perDay) };
  if (week.length >= rules.perWeek) return { code: ErrorCode.CollectionWeeklyCap, field: String(rules.perWeek) };
  return null;
}
type CollectionRefusal = typeof ErrorCode.CollectionOutsideHours | typeof ErrorCode.CollectionDailyCap | typeof ErrorCode.CollectionWeeklyCap;

async function items(db: Queryable, rows: readonly DelinquencyRow[], borrowerNames: BorrowerNames): Promise<CollectionQueueItem[]> {
  const owners = await orderOwners(
    db,
    rows.map((row) => row.orderId),
  );
  const names = await borrowerNames(db, [...new Set([...owners.values()].map((owner) => owner.borrowerId))]);
  const agents = await staffEmails(
    db,
    rows.flatMap((row) => (row.agentId === null ? [] : [row.agentId])),
  );
  return rows.map((row) => {
    const market = marketOf(row);
    const owner = owners.get(row.orderId);
    return {
      orderNo: owner?.orderNo ?? '',
      borrowerId: owner?.borrowerId ?? 0,
      borrowerName: names.get(owner?.borrowerId ?? 0) ?? '',
      market,
      currency: MARKET_SETTINGS[market].currency,
      bucket: row.bucket ?? '',
      daysPastDue: row.daysPastDue,
      lateSince: row.lateSince,
      owedMinor: row.owedMinor,
      assignee: row.agentId === null ? null : { staffId: row.agentId, email: agents.get(row.agentId) ?? '' },
      nextPromiseOn: row.nextPromiseOn,
    };
  });
}

/** A page of the market's late orders to work, by bucket and assignee, sorted (docs/decisions/243). */
export async function collectionQueue(
  db: Queryable,
  query: { market: Market; bucket?: string | undefined; assignee?: 'me' | 'unassigned' | number | undefined; sort: 'dpd' | 'owed' | 'promise'; limit: number; offset: number },
  actor: Actor,
  borrowerNames: BorrowerNames = NO_NAMES,
): Promise<CollectionQueuePage> {
  const agent = query.assignee === 'me' ? (actor.staffId ?? -1) : query.assignee;
  const { rows, total } = await queueRows(db, { market: query.market, bucket: query.bucket, agent, sort: query.sort, limit: query.limit, offset: query.offset });
  return { items: await items(db, rows.slice(0, query.limit), borrowerNames), more: rows.length > query.limit, total };
}

/** Work on a late order is a named person's: the operator token is refused. */
export function requireStaff(actor: Actor): number {
  if (actor.kind !== 'staff' || actor.staffId === null) throw new AppError(ErrorCode.StaffRoleRefused);
  return actor.staffId;
}

/**
 * The calling agent takes the next late order nobody works, the latest first; two agents taking at
 * once never get the same order (each skips the one the other holds). None when the queue is empty.
 */
export async function takeNext(db: Db, market: Market, bucket: string | undefined, actor: Actor, now: Date, borrowerNames: BorrowerNames = NO_NAMES): Promise<CollectionQueueItem | null> {
  const agentId = requireStaff(actor);
  const taken = await db.transaction(async (tx) => {
    const row = await lockNextUnassigned(tx, market, bucket);
    if (!row) return undefined;
    await setAgent(tx, [row.orderId], agentId, now);
    await recordAudit(tx, actor, { action: 'collections.take', objectType: 'order', objectId: String(row.orderId), before: { agentId: null }, after: { agentId } }, now);
    return { ...row, agentId };
  });
  return taken ? ((await items(db, [taken], borrowerNames))[0] ?? null) : null;
}

export async function lateOrder(db: Queryable, orderNo: string) {
  const order = await orderByNumber(db, orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound);
  const row = await rowOf(db, order.id);
  // A plan's order stays open to its file once re-aged, so its plan and payments can be followed (docs/decisions/250).
  if (!row || (row.bucket === null && !(await latestPaymentPlan(db, order.id)))) throw new AppError(ErrorCode.CollectionOrderNotLate);
  return { order, row };
}

/** A supervisor gives these late orders to an agent, or frees them (`agentId` null); audited. */
export async function assignOrders(db: Db, orderNos: readonly string[], agentId: number | null, actor: Actor, now: Date): Promise<number> {
  if (agentId !== null && !(await activeStaffOfRole(db, 'agent')).some((agent) => agent.id === agentId)) throw new AppError(ErrorCode.CollectionAgentUnknown);
  const ids: number[] = [];
  for (const orderNo of orderNos) ids.push((await lateOrder(db, orderNo)).order.id);
  await db.transaction(async (tx) => {
    await setAgent(tx, ids, agentId, now);
    await recordAudit(tx, actor, { action: 'collections.assign', objectType: 'orders', objectId: orderNos.slice(0, 3).join(',').slice(0, 64), before: null, after: { agentId, orderNos } }, now);
  });
  return ids.length;
}

/** A supervisor shares the market's unassigned late orders evenly among its active agents, the latest first, in turn. */
export async function assignEvenly(db: Db, market: Market, bucket: string | undefined, actor: Actor, now: Date): Promise<number> {
  const agents = await activeStaffOfRole(db, 'agent');
  if (agents.length === 0) return 0;
  return db.transaction(async (tx) => {
    const open = await lockUnassigned(tx, market, bucket);
    const byAgent = new Map<number, number[]>();
    open.forEach((row, index) => {
      const agent = agents[index % agents.length];
      if (!agent) return;
      byAgent.set(agent.id, [...(byAgent.get(agent.id) ?? []), row.orderId]);
    });
    for (const [agentId, ids] of byAgent) await setAgent(tx, ids, agentId, now);
    await recordAudit(tx, actor, { action: 'collections.assign-evenly', objectType: 'market', objectId: market, before: null, after: { bucket: bucket ?? null, orders: open.length, agents: agents.length } }, now);
    return open.length;
  });
}

function promiseView(row: PromiseRow): PromiseView {
  return {
    id: row.id,
    amountMinor: row.amountMinor,
    promisedOn: row.promisedOn,
    madeBy: row.agentEmail ?? 'borrower',
    state: row.state === 'kept' || row.state === 'partly-kept' || row.state === 'broken' ? row.state : 'open',
    keptMinor: row.keptMinor,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

/** An order's collection file: how late, who works it, every contact and promise, and whether a contact may be made now. */
export async function collectionOrder(db: Queryable, orderNo: string, now: Date, borrowerNames: BorrowerNames = NO_NAMES): Promise<CollectionOrder> {
  const { order, row } = await lateOrder(db, orderNo);
  const [item] = await items(db, [row], borrowerNames);
  if (!item) throw new Error('late order without its item');
  const refusal = await contactRefusal(db, marketOf(row), order.borrowerId, now);
  return {
    item,
    contacts: (await contactsOf(db, order.id)).map((contact) => ({
      id: contact.id,
      channel: contact.channel as CollectionOrder['contacts'][number]['channel'],
      outcome: contact.outcome as CollectionOrder['contacts'][number]['outcome'],
      note: contact.note,
      messageKind: contact.messageKind,
      agentEmail: contact.agentEmail,
      at: contact.at.toISOString(),
    })),
    promises: (await promisesOf(db, order.id)).map(promiseView),
    contactAllowed: { allowed: refusal === null, reason: refusal ? refusal.code.toString() : null },
    writeOff: await writeOffOf(db, order.id),
    planRequests: await planRequestsOfOrder(db, order.id),
    agency: await placementOf(db, order.id),
    ...(await settlementOf(db, order.id, order.productId, now)),
    ...(await paymentPlanOf(db, order, now)),
  };
}

/**
 * A contact the agent made, recorded only within the market's rules (docs/decisions/243): out of
 * hours or over a cap it is refused with the reason, and nothing is written. Another agent's order
 * is refused too; an order nobody works becomes the agent's.
 */
export async function recordContact(db: Db, orderNo: string, input: CollectionContactRequest & { note: string }, actor: Actor, now: Date, borrowerNames: BorrowerNames = NO_NAMES): Promise<CollectionOrder> {
  const agentId = requireStaff(actor);
  const { order } = await lateOrder(db, orderNo);
  await db.transaction(async (tx) => {
    const market = await contactAllowedIn(tx, order, agentId, actor, now);
    await insertContact(tx, { orderId: order.id, borrowerId: order.borrowerId, market, agentId, agentEmail: actor.email ?? '', channel: input.channel, outcome: input.outcome, note: input.note, at: now });
  });
  return collectionOrder(db, orderNo, now, borrowerNames);
}

/**
 * In the contact's transaction: the order held, still late, not another agent's (unless the caller
 * is an administrator), the market's rules allowing a contact now; an order nobody works becomes
 * the agent's. Answers the order's market; throws the rule's refusal, so nothing is written.
 */
export async function contactAllowedIn(tx: Tx, order: { id: number; borrowerId: number }, agentId: number, actor: Actor, now: Date): Promise<Market> {
  const row = await lockRowOf(tx, order.id);
  if (!row || row.bucket === null) throw new AppError(ErrorCode.CollectionOrderNotLate);
  if (row.agentId !== null && row.agentId !== agentId && actor.role !== 'admin') throw new AppError(ErrorCode.CollectionOrderTaken);
  const market = marketOf(row);
  const refusal = await contactRefusal(tx, market, order.borrowerId, now);
  if (refusal) throw new AppError(refusal.code, refusal.field);
  if (row.agentId === null) await setAgent(tx, [order.id], agentId, now);
  return market;
}

/**
 * A promise to pay, by the agent (`actor`) or the borrower (`actor` null): an amount above zero up
 * to what is owed, on a date from today to the market's limit (docs/decisions/243).
 */
export async function makePromise(db: Db, orderId: number, borrowerId: number, input: { amountMinor: number; promisedOn: string }, actor: Actor | null, now: Date): Promise<PromiseView> {
  return db.transaction(async (tx) => {
    const row = await lockRowOf(tx, orderId);
    if (!row || row.bucket === null) throw new AppError(ErrorCode.CollectionOrderNotLate);
    const market = marketOf(row);
    const today = formatDate(now, market);
    const last = addDays(today, COLLECTION_RULES[market].promiseMaxDays);
    if (input.promisedOn < today || input.promisedOn > last) throw new AppError(ErrorCode.PromiseDateOutOfRange, last);
    if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0 || input.amountMinor > row.owedMinor) throw new AppError(ErrorCode.PromiseAmountOutOfRange, String(row.owedMinor));
    const promise = await insertPromise(tx, {
      orderId,
      market,
      borrowerId,
      agentId: actor?.staffId ?? null,
      agentEmail: actor ? (actor.email ?? 'operator token') : null,
      amountMinor: input.amountMinor,
      promisedOn: input.promisedOn,
      createdAt: now,
    });
    await refreshNextPromise(tx, orderId);
    if (actor) await recordAudit(tx, actor, { action: 'collections.promise', objectType: 'order', objectId: String(orderId), before: null, after: { amountMinor: input.amountMinor, promisedOn: input.promisedOn } }, now);
    return promiseView(promise);
  });
}

/** An agent's promise on an order by its number. */
export async function agentPromise(db: Db, orderNo: string, input: { amountMinor: number; promisedOn: string }, actor: Actor, now: Date): Promise<PromiseView> {
  requireStaff(actor);
  const { order } = await lateOrder(db, orderNo);
  return makePromise(db, order.id, order.borrowerId, input, actor, now);
}

/**
 * Decides the open promises whose day has passed by the money applied to the order since each was
 * made (docs/decisions/243): oldest first, the money keeps each in turn; all of it kept is kept,
 * part of it partly kept, none broken. A promise whose day is today stays open until the day ends.
 */
export async function checkPromises(db: Db, paidSince: PaidSince, now: Date): Promise<{ kept: number; partlyKept: number; broken: number }> {
  const counts = { kept: 0, partlyKept: 0, broken: 0 };
  for (const market of MARKETS) {
    const yesterday = addDays(formatDate(now, market), -1);
    for (const orderId of await ordersWithPromisesDue(db, market, yesterday)) {
      await db.transaction(async (tx) => {
        const open = await lockOpenPromisesOf(tx, orderId);
        const first = open[0];
        if (!first) return;
        let money = await paidSince(tx, orderId, first.createdAt);
        for (const promise of open) {
          const kept = Math.min(money, promise.amountMinor);
          money -= kept;
          if (promise.promisedOn > yesterday) continue;
          const state = kept >= promise.amountMinor ? 'kept' : kept > 0 ? 'partly-kept' : 'broken';
          await resolvePromise(tx, promise.id, state, kept, now);
          if (state === 'kept') counts.kept += 1;
          else if (state === 'partly-kept') counts.partlyKept += 1;
          else counts.broken += 1;
        }
        await refreshNextPromise(tx, orderId);
      });
    }
  }
  return counts;
}

/**
 * The borrower's view of promising on one of their orders (docs/decisions/243): whether it is late,
 * what is owed, the days a promise may fall on, and their promises so far. Another's order is not found.
 */
export async function borrowerPromises(db: Queryable, borrowerId: number, orderNo: string, now: Date): Promise<BorrowerPromises> {
  const { order, market } = await borrowerOrder(db, borrowerId, { orderNo });
  const row = await rowOf(db, order.id);
  const today = formatDate(now, market);
  return {
    late: row !== undefined && row.bucket !== null,
    currency: MARKET_SETTINGS[market].currency,
    owedMinor: row?.owedMinor ?? 0,
    firstDay: today,
    lastDay: addDays(today, COLLECTION_RULES[market].promiseMaxDays),
    promises: (await promisesOf(db, order.id)).map(promiseView),
    planRequest: await openPlanRequest(db, order.id),
    collector: await collectorOf(db, order.id),
  };
}

/** The borrower's own promise on their late order, within the same limits as an agent's. */
export async function borrowerPromise(db: Db, borrowerId: number, input: { orderId: string; amountMinor: number; promisedOn: string }, now: Date): Promise<BorrowerPromises> {
  const { order } = await borrowerOrder(db, borrowerId, { orderNo: input.orderId });
  await makePromise(db, order.id, borrowerId, { amountMinor: input.amountMinor, promisedOn: input.promisedOn }, null, now);
  return borrowerPromises(db, borrowerId, input.orderId, now);
}

/** Everything collections holds about the borrower, for their data download (docs/decisions/243). */
export async function collectionsDataOf(db: Queryable, borrowerId: number) {
  const contacts = await contactsOfBorrower(db, borrowerId);
  const promises = await promisesOfBorrower(db, borrowerId);
  const planRequests = await planRequestsDataOf(db, borrowerId);
  return {
    contacts: contacts.map((c) => ({ orderId: c.orderId, channel: c.channel, outcome: c.outcome, message: c.messageKind, note: c.note, agent: c.agentEmail, at: c.at.toISOString() })),
    promises: promises.map((p) => ({ orderId: p.orderId, amountMinor: p.amountMinor, promisedOn: p.promisedOn, madeBy: p.agentEmail ?? 'borrower', state: p.state, keptMinor: p.keptMinor, createdAt: p.createdAt.toISOString() })),
    planRequests,
    paymentPlans: await paymentPlansDataOf(db, borrowerId),
  };
}

/** On account deletion, in its transaction: what agents and the borrower wrote goes; the record of each contact, promise and plan request stays. */
export async function eraseCollectionsOf(tx: Tx, borrowerId: number): Promise<void> {
  await eraseContactNotesOf(tx, borrowerId);
  await erasePlanNotesOf(tx, borrowerId);
}
