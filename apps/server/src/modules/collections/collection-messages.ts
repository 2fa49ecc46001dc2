import {
  COLLECTION_MESSAGE_KINDS,
  ErrorCode,
  MESSAGE_SENT_OUTCOME,
  PROMISE_RATE_DAYS,
  PROMISE_REMINDER_KIND,
  type AgentPromiseRate,
  type CollectionMessageKind,
  type CollectionMessageTemplates,
  type CollectionOrder,
  type CompanyFacts,
  type PromiseRates,
} from '@lend/contracts';
import { addDays, formatDate, MARKET_SETTINGS, MARKETS, type Market } from '@lend/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { companyFacts, requireCompanyFacts } from '../company';
import { orderOwners } from '../orders';
import { borrowersReceiving } from '../preferences';
import { withBorrowerPhones } from '../sessions';
import { activeStaffOfRole, staffEmails, type Actor } from '../staff';
import { standingAgencies } from './agency-repository';
import { collectionMessageText, type CollectionMessage, type MessageAgency } from './message-presenter';
import { claimReminder, dropUnsentMessage, firstOpenPromise, lockRemindable, markMessageAccepted, markReminder, promisesToRemind, promiseTallies } from './message-repository';
import { collectionOrder, contactAllowedIn, contactRefusal, dayStart, lateOrder, marketOf, requireStaff, type BorrowerNames } from './work-service';
import { insertContact } from './work-repository';

export type CollectionMessageDeps = { db: Db; sms: SmsProvider; now: () => Date; borrowerNames: BorrowerNames };

/** A promise's reminder is tried this many times in all on its day; a refused one waits for the next pass in hours. */
export const PROMISE_REMINDER_ATTEMPTS = 3;

type OpenPromise = { amountMinor: number; promisedOn: string };

/** The message a template makes for an order; none for the promise template without an open promise. */
function messageOf(kind: CollectionMessageKind, facts: CompanyFacts, order: { orderNo: string; owedMinor: number }, promise: OpenPromise | undefined, agency: MessageAgency | null): CollectionMessage | null {
  const common = { lender: facts.name, orderNo: order.orderNo, owedMinor: order.owedMinor, agency };
  switch (kind) {
    case 'collection-overdue':
      return { ...common, kind };
    case 'collection-call-us':
      return { ...common, kind, lenderPhone: facts.phone };
    case 'collection-promise':
      return promise ? { ...common, kind, promisedMinor: promise.amountMinor, promisedOn: promise.promisedOn } : null;
  }
}

/** The agencies these orders stand placed with, as a message names them (docs/decisions/249). */
async function messageAgencies(db: Queryable, orderIds: readonly number[]): Promise<Map<number, MessageAgency>> {
  const placed = await standingAgencies(db, orderIds);
  return new Map([...placed].map(([orderId, agency]) => [orderId, { name: agency.name, registration: agency.registration, phone: agency.phone }]));
}

/** What the workspace needs to write an order's messages: the lender, what is owed, the earliest open promise, the agency collecting it. */
async function messageContext(db: Queryable, orderNo: string) {
  const { order, row } = await lateOrder(db, orderNo);
  const market = marketOf(row);
  const agency = (await messageAgencies(db, [order.id])).get(order.id) ?? null;
  return { order, market, agency, facts: await requireCompanyFacts(db, market), owed: { orderNo: order.orderNo, owedMinor: row.owedMinor }, promise: await firstOpenPromise(db, order.id) };
}

/** The market's templates as this order's borrower would get them now (docs/decisions/246). */
export async function collectionMessageTemplates(db: Queryable, orderNo: string): Promise<CollectionMessageTemplates> {
  const { market, facts, owed, promise, agency } = await messageContext(db, orderNo);
  return {
    items: COLLECTION_MESSAGE_KINDS.map((kind) => {
      const message = messageOf(kind, facts, owed, promise, agency);
      return { kind, text: message ? collectionMessageText(message, market) : '', available: message !== null };
    }),
  };
}

/**
 * An agent's SMS to the borrower's own phone (docs/decisions/246). It is a contact: the market's
 * hours and caps are checked and the contact written (`sending`) in one transaction before
 * anything is sent, so a refusal sends and writes nothing; then the provider is asked. Taken, the
 * contact is `accepted`; refused, the contact goes (none was made) and the agent is told (9320).
 */
export async function sendCollectionMessage(deps: CollectionMessageDeps, orderNo: string, kind: CollectionMessageKind, actor: Actor): Promise<CollectionOrder> {
  const { db, sms } = deps;
  const agentId = requireStaff(actor);
  const now = deps.now();
  const { order, market, facts, owed, promise, agency } = await messageContext(db, orderNo);
  const message = messageOf(kind, facts, owed, promise, agency);
  if (!message) throw new AppError(ErrorCode.CollectionMessageNoPromise);
  const [recipient] = await withBorrowerPhones(db, [{ borrowerId: order.borrowerId }]);
  if (!recipient) throw new AppError(ErrorCode.NotFound);
  const text = collectionMessageText(message, market);
  const contact = await db.transaction(async (tx) => {
    await contactAllowedIn(tx, order, agentId, actor, now);
    return insertContact(tx, {
      orderId: order.id,
      borrowerId: order.borrowerId,
      market,
      agentId,
      agentEmail: actor.email ?? '',
      channel: 'sms',
      outcome: MESSAGE_SENT_OUTCOME,
      note: text,
      messageKind: kind,
      messageProvider: sms.name,
      messageState: 'sending',
      at: now,
    });
  });
  try {
    await sms.send({ phone: recipient.phone, text, kind });
  } catch {
    await dropUnsentMessage(db, contact.id);
    throw new AppError(ErrorCode.CollectionMessageNotSent);
  }
  await markMessageAccepted(db, contact.id);
  return collectionOrder(db, orderNo, now, deps.borrowerNames);
}

/**
 * The reminder SMS on a promise's day (docs/decisions/246): once per promise, to a borrower who
 * receives payment reminders, only while the market's rules allow a contact (its hours in its time
 * zone, its caps), so a promise whose day passes out of hours or over a cap is not reminded. The
 * promise is held and claimed in one transaction, after the rules are checked and before the
 * message is sent: a second pass, on this server or another, finds it claimed and sends nothing.
 */
export async function remindPromisesDue(deps: { db: Db; sms: SmsProvider; log: FastifyBaseLogger }, now: Date): Promise<{ sent: number; failed: number }> {
  const { db, sms, log } = deps;
  const result = { sent: 0, failed: 0 };
  for (const market of MARKETS) {
    const today = formatDate(now, market);
    const due = await promisesToRemind(db, market, today, PROMISE_REMINDER_ATTEMPTS);
    if (due.length === 0) continue;
    const facts = await companyFacts(db, market);
    if (!facts) {
      log.warn({ market }, 'promise reminders not sent: the lender has no facts in this market');
      continue;
    }
    const receiving = await borrowersReceiving(db, [...new Set(due.map((promise) => promise.borrowerId))], 'paymentReminders');
    const owners = await orderOwners(
      db,
      due.map((promise) => promise.orderId),
    );
    const agencies = await messageAgencies(
      db,
      due.map((promise) => promise.orderId),
    );
    for (const promise of await withBorrowerPhones(db, due)) {
      if (!receiving.has(promise.borrowerId)) continue;
      const claimed = await db.transaction(async (tx) => {
        if (!(await lockRemindable(tx, promise.id, PROMISE_REMINDER_ATTEMPTS))) return false;
        if (await contactRefusal(tx, market, promise.borrowerId, now)) return false;
        await claimReminder(tx, promise.id, now);
        return true;
      });
      if (!claimed) continue;
      const text = collectionMessageText(
        {
          kind: PROMISE_REMINDER_KIND,
          lender: facts.name,
          agency: agencies.get(promise.orderId) ?? null,
          orderNo: owners.get(promise.orderId)?.orderNo ?? '',
          owedMinor: promise.owedMinor,
          promisedMinor: promise.amountMinor,
          promisedOn: promise.promisedOn,
        },
        market,
      );
      try {
        await sms.send({ phone: promise.phone, text, kind: PROMISE_REMINDER_KIND });
      } catch (error) {
        await markReminder(db, promise.id, 'failed');
        log.warn({ err: error, promiseId: promise.id }, 'promise reminder not sent');
        result.failed += 1;
        continue;
      }
      // Should this update be lost, the claim stays `sending` and the promise is never reminded again.
      await markReminder(db, promise.id, 'sent');
      result.sent += 1;
    }
  }
  return result;
}

/**
 * Each agent's promises taken in the market's last 30 days, by state, and the rate: what the
 * decided promises kept of what they promised, by amount (docs/decisions/246). An agent sees their
 * own; a supervisor (or the operator token) every active agent, and anyone else who took promises.
 */
export async function promiseRates(db: Queryable, market: Market, actor: Actor, now: Date): Promise<PromiseRates> {
  const to = formatDate(now, market);
  const from = addDays(to, -(PROMISE_RATE_DAYS - 1));
  const tallies = new Map((await promiseTallies(db, market, dayStart(from, market))).map((row) => [row.agentId ?? 0, row]));
  const everyone = actor.role === 'admin' || actor.kind === 'token';
  const ids = everyone ? [...new Set([...(await activeStaffOfRole(db, 'agent')).map((agent) => agent.id), ...tallies.keys()])] : [actor.staffId ?? 0];
  const emails = await staffEmails(db, ids);
  const agents = ids.map((staffId): AgentPromiseRate => {
    const row = tallies.get(staffId);
    const decidedMinor = Number(row?.decidedMinor ?? 0);
    const keptMinor = Number(row?.keptMinor ?? 0);
    return {
      staffId,
      email: emails.get(staffId) ?? '',
      taken: row?.taken ?? 0,
      kept: row?.kept ?? 0,
      partlyKept: row?.partlyKept ?? 0,
      broken: row?.broken ?? 0,
      open: row?.open ?? 0,
      decidedMinor,
      keptMinor,
      rateBp: decidedMinor > 0 ? Math.round((keptMinor * 10_000) / decidedMinor) : null,
    };
  });
  return { market, currency: MARKET_SETTINGS[market].currency, from, to, agents: agents.sort((a, b) => a.email.localeCompare(b.email)) };
}
