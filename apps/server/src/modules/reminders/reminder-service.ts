import { REMINDER_KINDS, type MessageTopic, type ReminderKind, type ReminderRunResult } from '@lend/contracts';
import { addDays, formatDate, MARKETS, type Market } from '@lend/domain';
import type { FastifyBaseLogger } from 'fastify';
import { forEachAtMost } from '../../concurrency';
import type { Queryable } from '../../db/client';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import { complaintsRepliedSince } from '../complaints';
import { borrowersReceiving } from '../preferences';
import {
  extensionsGrantedSince,
  installmentsDueBetween,
  ordersSettledSince,
  paymentsAppliedSince,
  productMarkets,
  type EventPage,
  type PaymentsAppliedSince,
  type ProductMarkets,
} from './reminder-events';
import { reminderText, type ReminderMessage } from './reminder-presenter';
import { findTakenClaims, insertClaim, markFailed, markSent, retakeFailedClaim, type ReminderKey } from './reminder-repository';
import { inSendingWindow } from './reminder-window';
import { recordRun, type Actor } from '../staff';

/** Events older than this when a pass first sees them are never announced (a new feature floods nobody). */
export const LOOK_BACK_MS = 48 * 60 * 60 * 1000;
/** The due-soon reminder goes from this many days before the due date (until the day before). */
export const DUE_SOON_DAYS = 3;
/** Events read and claimed per step: a pass never holds a whole table in memory. */
export const REMINDER_PAGE_SIZE = 200;
/** A send the provider refused is tried this many times in all, the n-th retry n × RETRY_AFTER_MS later. */
export const MAX_ATTEMPTS = 5;
export const RETRY_AFTER_MS = 15 * 60 * 1000;
/**
 * Reminders sent at once. An SMS provider answers each send over the network in a fraction of a
 * second: one at a time, a day's ten thousand reminders would take most of an hour (docs/decisions/202).
 */
export const REMINDER_SENDS_AT_ONCE = 8;

export type ReminderDeps = { db: Queryable; sms: SmsProvider; log: FastifyBaseLogger; paymentsAppliedSince: PaymentsAppliedSince };

const TOPIC: Record<ReminderKind, MessageTopic> = {
  'due-soon': 'paymentReminders',
  'due-today': 'paymentReminders',
  'payment-applied': 'accountNotices',
  'extension-granted': 'accountNotices',
  'loan-settled': 'accountNotices',
  'complaint-replied': 'accountNotices',
};

/** One reminder to send: its once-only key, who gets it and what it says. */
type Reminder = ReminderKey & { borrowerId: number; phone: string; market: Market; message: ReminderMessage };

type Pass = { deps: ReminderDeps; now: Date; open: ReadonlySet<Market>; markets: ProductMarkets; result: ReminderRunResult };

const keyOf = (subjectId: number, subjectDate: string) => `${subjectId}|${subjectDate}`;

/** Sends one claimed reminder; a refusal leaves the claim failed, to be retried later unless attempts are used up. */
async function sendClaimed(pass: Pass, reminder: Reminder, claim: { id: number; attempts: number }): Promise<void> {
  const { db, sms, log } = pass.deps;
  try {
    await sms.send({ phone: reminder.phone, text: reminderText(reminder.message, reminder.market), kind: reminder.kind });
  } catch (error) {
    const retryAt = claim.attempts < MAX_ATTEMPTS ? new Date(pass.now.getTime() + claim.attempts * RETRY_AFTER_MS) : null;
    await markFailed(db, claim.id, retryAt, error instanceof Error ? error.message : String(error));
    log.warn({ err: error, kind: reminder.kind, subjectId: reminder.subjectId, attempts: claim.attempts, retryAt }, 'reminder not sent');
    pass.result.failed += 1;
    return;
  }
  // Should this update be lost (a crash), the claim stays 'sending' and is never sent again.
  await markSent(db, claim.id, pass.now);
  pass.result.sent[reminder.kind] += 1;
}

/**
 * Sends what is due of one page of one kind: only in its market's window, only to borrowers who
 * receive the kind's topic, only what no pass claimed (or whose retry is due).
 */
async function deliver(pass: Pass, kind: ReminderKind, reminders: readonly Reminder[]): Promise<void> {
  const { db } = pass.deps;
  const due = reminders.filter((reminder) => pass.open.has(reminder.market));
  if (due.length === 0) return;
  const receiving = await borrowersReceiving(db, [...new Set(due.map((r) => r.borrowerId))], TOPIC[kind]);
  const taken = new Set(
    (await findTakenClaims(db, kind, due.map((r) => r.subjectId), pass.now)).map((row) => keyOf(row.subjectId, row.subjectDate)),
  );
  const wanted = due.filter((reminder) => receiving.has(reminder.borrowerId) && !taken.has(keyOf(reminder.subjectId, reminder.subjectDate)));
  await forEachAtMost(wanted, REMINDER_SENDS_AT_ONCE, async (reminder) => {
    const key = { kind, subjectId: reminder.subjectId, subjectDate: reminder.subjectDate };
    const claim = (await insertClaim(db, key, reminder.borrowerId, pass.now)) ?? (await retakeFailedClaim(db, key, pass.now));
    if (claim) await sendClaimed(pass, reminder, claim);
  });
}

/** Reads pages of events by id until a short page, handing each to `handle`. */
async function eachPage<T>(read: (page: EventPage) => Promise<T[]>, idOf: (row: T) => number, handle: (rows: T[]) => Promise<void>): Promise<void> {
  let afterId = 0;
  for (;;) {
    const rows = await read({ afterId, limit: REMINDER_PAGE_SIZE });
    if (rows.length > 0) await handle(rows);
    const last = rows.at(-1);
    if (rows.length < REMINDER_PAGE_SIZE || last === undefined) return;
    afterId = idOf(last);
  }
}

/** Installment reminders of one market: due today, or within the next DUE_SOON_DAYS days, with something unpaid. */
async function installmentReminders(pass: Pass, market: Market): Promise<void> {
  const today = formatDate(pass.now, market);
  await eachPage(
    (page) => installmentsDueBetween(pass.deps.db, pass.markets, market, today, addDays(today, DUE_SOON_DAYS), page),
    (row) => row.id,
    async (rows) => {
      for (const kind of ['due-today', 'due-soon'] as const) {
        const reminders = rows
          .filter((row) => (row.dueDate === today) === (kind === 'due-today'))
          .map((row) => ({
            kind,
            subjectId: row.id,
            subjectDate: row.dueDate,
            ...row,
            message: { kind, orderNo: row.orderNo, amountMinor: row.unpaidMinor, dueDate: row.dueDate },
          }));
        await deliver(pass, kind, reminders);
      }
    },
  );
}

async function eventReminders(pass: Pass): Promise<void> {
  const { db } = pass.deps;
  const since = new Date(pass.now.getTime() - LOOK_BACK_MS);
  const plain = { subjectDate: '' };
  await eachPage(
    (page) => paymentsAppliedSince(db, pass.markets, pass.deps.paymentsAppliedSince, since, page),
    (row) => row.id,
    (rows) =>
      deliver(
        pass,
        'payment-applied',
        rows.map((row) => ({ kind: 'payment-applied', subjectId: row.id, ...plain, ...row, message: { kind: 'payment-applied', ...row } })),
      ),
  );
  await eachPage(
    (page) => extensionsGrantedSince(db, pass.markets, since, page),
    (row) => row.paymentId,
    (rows) =>
      deliver(
        pass,
        'extension-granted',
        rows.map((row) => ({ kind: 'extension-granted', subjectId: row.paymentId, ...plain, ...row, message: { kind: 'extension-granted', ...row } })),
      ),
  );
  await eachPage(
    (page) => ordersSettledSince(db, pass.markets, since, page),
    (row) => row.id,
    (rows) =>
      deliver(
        pass,
        'loan-settled',
        rows.map((row) => ({ kind: 'loan-settled', subjectId: row.id, ...plain, ...row, message: { kind: 'loan-settled', orderNo: row.orderNo } })),
      ),
  );
  await eachPage(
    (page) => complaintsRepliedSince(db, since, page),
    (row) => row.id,
    (rows) =>
      deliver(
        pass,
        'complaint-replied',
        rows.map((row) => ({ kind: 'complaint-replied', subjectId: row.id, ...plain, ...row, message: { kind: 'complaint-replied', ...row } })),
      ),
  );
}

/**
 * One pass of the borrower reminders as of `now` (docs/decisions/094). Safe to run twice and on
 * several servers at once: each reminder is claimed by a unique key before it is sent, so it
 * goes out at most once; a refused send is retried by a later pass while its event is in view.
 */
export async function runReminders(deps: ReminderDeps, now = new Date()): Promise<ReminderRunResult> {
  const sent = Object.fromEntries(REMINDER_KINDS.map((kind) => [kind, 0])) as Record<ReminderKind, number>;
  const open = new Set(MARKETS.filter((market) => inSendingWindow(now, market)));
  if (open.size === 0) return { sent, failed: 0 };
  const pass: Pass = { deps, now, open, markets: await productMarkets(deps.db), result: { sent, failed: 0 } };
  for (const market of pass.open) await installmentReminders(pass, market);
  await eventReminders(pass);
  return pass.result;
}

/** A pass the operator asks for, recorded with who asked and its clock (docs/decisions/162). */
export async function runRemindersAskedBy(deps: ReminderDeps, actor: Actor, now: Date): Promise<ReminderRunResult> {
  await recordRun(deps.db, actor, { action: 'reminders.run', objectType: 'run', objectId: 'reminders', after: { at: now } });
  return runReminders(deps, now);
}
