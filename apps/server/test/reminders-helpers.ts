import { OperatorPath, type Page, type ReminderRunResult, type SmsOutboxEntry } from '@lend/contracts';
import { formatDateTime, type Market } from '@lend/domain';
import { asc, eq } from 'drizzle-orm';
import { loanInstallments } from '../src/db/schema';
import type { TestApp } from './helper';
import { callOperatorApi } from './loan-helpers';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** The first whole minute after now at which the market's clock reads `hh:mm`. */
export function nextMarketTime(market: Market, hh: number, mm = 0): Date {
  const wanted = `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
  let at = Math.ceil((Date.now() + MINUTE_MS) / MINUTE_MS) * MINUTE_MS;
  while (formatDateTime(new Date(at), market).slice(11, 16) !== wanted) at += MINUTE_MS;
  return new Date(at);
}

export const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

/** One reminder pass through the operator route, with its clock at `at`. */
export async function remindersAt(t: TestApp, at: Date): Promise<ReminderRunResult> {
  const answer = await callOperatorApi<ReminderRunResult>(t.app, 'POST', OperatorPath.remindersRun, { at: at.toISOString() });
  if (answer.code !== 0) throw new Error(`reminders run refused: ${answer.message}`);
  return answer.data;
}

/** What the operators' outbox listing shows for a phone, oldest first. */
export async function outboxOf(t: TestApp, phone: string): Promise<SmsOutboxEntry[]> {
  const answer = await callOperatorApi<Page<SmsOutboxEntry>>(t.app, 'GET', `${OperatorPath.smsOutbox}?phone=${phone}&limit=100`);
  return [...answer.data.items].reverse();
}

/** An order's first installment: what is due first, and when. */
export async function firstInstallment(t: TestApp, orderId: number) {
  const [first] = await t.database.db.select().from(loanInstallments).where(eq(loanInstallments.orderId, orderId)).orderBy(asc(loanInstallments.seq)).limit(1);
  if (!first) throw new Error(`no installments for order ${orderId}`);
  return first;
}

/** `2026-11-27` as the SMS writes it in both markets. */
export const smsDate = (iso: string) => [...iso.split('-')].reverse().join('/');
