import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client';
import type { PageRequest } from '../../db/paging';
import { dayBounds, type SettlementLine, type SettlementSource } from '../../providers/refunds/settlement-source';
import { paymentsBooked } from '../ledger';
import { MARKET_SETTINGS } from '@lend/domain';
import { withOrderLabels } from '../orders';
import { providerPaymentsBetween } from '../payments';
import { payoutsPaidBetween } from '../payouts';
import { succeededRefundsBetween } from '../refunds';
import { reportsPage, saveReport, type SettlementReportRow } from './settlement-repository';
import { recordRun, type Actor } from '../staff';

export type SettlementDeps = { db: Queryable; sources: readonly SettlementSource[]; log: FastifyBaseLogger };

/** One of our books' movements of the day a provider should have settled. */
type BookedMovement = { kind: 'payment' | 'refund' | 'payout'; providerTxId: string; amountMinor: number; orderId: number };

/** What our ledger holds of the provider's day: its payments with their entries, its refunds that went through, and the payouts it paid (each booked with its disbursal). */
async function bookedMovements(db: Queryable, provider: string, day: string): Promise<BookedMovement[]> {
  const { from, to } = dayBounds(day);
  const payments = await providerPaymentsBetween(db, provider, from, to);
  const booked = await paymentsBooked(
    db,
    payments.map((p) => p.id),
  );
  const refunds = await succeededRefundsBetween(db, provider, from, to);
  const paidOut = await payoutsPaidBetween(db, provider, from, to);
  return [
    ...paidOut.map((p) => ({ kind: 'payout' as const, providerTxId: p.providerPayoutId, amountMinor: p.amountMinor, orderId: p.orderId })),
    ...payments.filter((p) => booked.has(p.id)).map((p) => ({ kind: 'payment' as const, providerTxId: p.providerPaymentId, amountMinor: p.amountMinor, orderId: p.orderId })),
    ...refunds.flatMap((r) =>
      r.providerRefundId === null ? [] : [{ kind: 'refund' as const, providerTxId: r.providerRefundId, amountMinor: r.amountMinor, orderId: r.orderId }],
    ),
  ];
}

const keyOf = (kind: string, providerTxId: string) => `${kind}:${providerTxId}`;

/**
 * The one currency a provider's day is in, so its fees are read as pesos or rupees
 * (docs/decisions/238): the one its lines state (a line may state none), else that of our own
 * movements of the day (their orders' markets'); null when the day holds nothing, or holds more
 * than one currency (a fee total across currencies means nothing).
 */
function settledCurrency(lines: readonly SettlementLine[], bookedCurrencies: readonly string[]): string | null {
  const statedByLines = lines.flatMap((line) => (line.currency ? [line.currency.toUpperCase()] : []));
  const stated = new Set(statedByLines.length > 0 ? statedByLines : bookedCurrencies);
  const [only, ...others] = stated;
  return only !== undefined && others.length === 0 ? only : null;
}

/**
 * One provider's day matched against the books (docs/decisions/120): each payment and refund line
 * to the ledger's movement with the same provider id and amount; what the provider settled that we
 * do not hold, and what we hold that it did not settle, are listed; fees are totalled.
 */
export async function reconcileDay(db: Queryable, source: SettlementSource, day: string, now: Date): Promise<SettlementReportRow> {
  const lines = await source.settlementLines(day);
  const movements = await withOrderLabels(db, await bookedMovements(db, source.name, day));
  const booked = new Map(movements.map((m) => [keyOf(m.kind, m.providerTxId), m]));
  let matchedCount = 0;
  let feeTotalMinor = 0;
  const missingInLedger: (SettlementLine & { reason: string })[] = [];
  for (const line of lines) {
    feeTotalMinor += line.feeMinor + (line.kind === 'fee' ? line.amountMinor : 0);
    if (line.kind === 'fee') continue;
    const key = keyOf(line.kind, line.providerTxId);
    const movement = booked.get(key);
    if (!movement) {
      missingInLedger.push({ ...line, reason: 'not-in-ledger' });
      continue;
    }
    booked.delete(key);
    if (movement.amountMinor === line.amountMinor) matchedCount += 1;
    else missingInLedger.push({ ...line, reason: `amount-differs:${movement.amountMinor}` });
  }
  const missingAtProvider = [...booked.values()].map((m) => ({ kind: m.kind, providerTxId: m.providerTxId, amountMinor: m.amountMinor, orderNo: m.orderNo }));
  const currency = settledCurrency(lines, movements.map((m) => MARKET_SETTINGS[m.market].currency));
  return saveReport(db, { provider: source.name, day, matchedCount, missingInLedger, missingAtProvider, feeTotalMinor, currency }, now);
}

/** Every source's day (or the one named), each stored; a mismatch is an error in the log for someone to look at. */
export async function runSettlement(deps: SettlementDeps, day: string, provider?: string, now = new Date()): Promise<SettlementReportRow[]> {
  const sources = deps.sources.filter((source) => provider === undefined || source.name === provider);
  const reports: SettlementReportRow[] = [];
  for (const source of sources) {
    const report = await reconcileDay(deps.db, source, day, now);
    const summary = {
      provider: report.provider,
      day: report.day,
      matched: report.matchedCount,
      notInLedger: report.missingInLedger.length,
      notAtProvider: report.missingAtProvider.length,
      feeTotalMinor: report.feeTotalMinor,
    };
    if (summary.notInLedger > 0 || summary.notAtProvider > 0) deps.log.error({ ...summary, reportId: report.id }, 'settlement does not match the ledger');
    else deps.log.info(summary, 'settlement matched');
    reports.push(report);
  }
  return reports;
}

export function settlementReportPage(db: Queryable, page: PageRequest<readonly [number]>): Promise<SettlementReportRow[]> {
  return reportsPage(db, page);
}

/** A run the operator asks for, recorded with who asked, the day and the provider (docs/decisions/162). */
export async function runSettlementAskedBy(deps: SettlementDeps, actor: Actor, day: string, provider?: string): Promise<SettlementReportRow[]> {
  await recordRun(deps.db, actor, { action: 'settlement.run', objectType: 'run', objectId: 'settlement', after: { day, provider: provider ?? null } });
  return runSettlement(deps, day, provider);
}
