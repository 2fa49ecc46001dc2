import { LoanStatus, type LoanStatusCode } from '@lend/contracts';
import { addDays, formatDate, priceLoan, repaymentPlan, type IsoDate, type Market } from '@lend/domain';
import { count, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  borrowers,
  complaints,
  ledgerEntries,
  ledgerPostings,
  loanInstallments,
  loanOrders,
  paymentChannels,
  paymentReferences,
  payments,
  products,
} from '../../db/schema';
import { priceColumns } from '../../modules/orders';
import { seedDemoData } from '../demo-data';
import { bulkInsert } from './bulk-insert';
import { COMPLAINT_TYPES, currentStatus, FIRST_NAMES, LAST_NAMES, scenario } from './book-scenarios';
import { replayOrder, type OrderHistory } from './order-history';
import { between, pick, random, type Rand } from './seeded-random';

/**
 * The volume book (docs/decisions/191): N borrowers in both markets, five orders each in every
 * status, with their plans, payment references, payments, balanced ledger entries, complaints
 * and extensions, written in bulk on PostgreSQL. Every figure comes from the domain rules through
 * `replayOrder`; a seeded random makes the same book for the same N and day.
 */

export const ORDERS_PER_BORROWER = 5;
/** Borrowers written per transaction. */
const CHUNK_BORROWERS = 2_000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type VolumeSeedResult = { borrowers: number; orders: number; statuses: Record<number, number>; timings: Record<string, number> };

type ProductRow = typeof products.$inferSelect;
type ChannelRow = typeof paymentChannels.$inferSelect;

/** A time on a market date that stays on that date in both markets' time zones. */
const at = (day: IsoDate, hourUtc: number) => new Date(`${day}T${String(hourUtc).padStart(2, '0')}:00:00Z`);

type Ids = Record<'borrower' | 'order' | 'installment' | 'reference' | 'payment' | 'entry' | 'posting' | 'complaint', number>;

/** A row with the id this seed counted for it. */
type Counted<T> = T & { id: number };
type ReferenceRow = Counted<typeof paymentReferences.$inferInsert>;

type Batch = {
  borrowers: Counted<typeof borrowers.$inferInsert>[];
  orders: Counted<typeof loanOrders.$inferInsert>[];
  installments: Counted<typeof loanInstallments.$inferInsert>[];
  references: ReferenceRow[];
  payments: Counted<typeof payments.$inferInsert>[];
  entries: Counted<typeof ledgerEntries.$inferInsert>[];
  postings: Counted<typeof ledgerPostings.$inferInsert>[];
  complaints: Counted<typeof complaints.$inferInsert>[];
};

type Context = {
  rand: Rand;
  now: Date;
  today: Record<Market, IsoDate>;
  productsByMarket: Record<Market, ProductRow[]>;
  channelsByMarket: Record<Market, ChannelRow[]>;
  ids: Ids;
  statuses: Record<number, number>;
};

/**
 * A reference issued for one order, channel, purpose and amount; one asked again for the same
 * key later replaced the earlier one, as the app keeps one open reference per key.
 */
function newReference(ctx: Context, batch: Batch, open: Map<string, ReferenceRow>, orderId: number, market: Market, purpose: 'repayment' | 'extension', amountMinor: number, issuedOn: IsoDate): number {
  const channel = pick(ctx.rand, ctx.channelsByMarket[market]);
  const id = ctx.ids.reference++;
  const createdAt = at(issuedOn, 15);
  const key = `${channel.code}:${purpose}:${amountMinor}`;
  const earlier = open.get(key);
  if (earlier) earlier.replacedAt = createdAt;
  const row: ReferenceRow = {
    id,
    orderId,
    channelCode: channel.code,
    requestType: purpose === 'repayment' ? 1 : 2,
    amountMinor,
    reference: `VOL${String(id).padStart(12, '0')}`,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 3 * DAY_MS),
    replacedAt: null,
    display: channel.kind === 'store' ? { voucherUrl: `/sandbox/voucher/${id}` } : { bankName: channel.name, beneficiary: channel.companyName },
  };
  open.set(key, row);
  batch.references.push(row);
  return id;
}

/** Writes one paid-out order's plan, references, payments and ledger rows into the batch. */
function bookHistory(ctx: Context, batch: Batch, orderId: number, orderNo: string, market: Market, history: OrderHistory, open: Map<string, ReferenceRow>): void {
  const paymentIds: number[] = [];
  history.payments.forEach((payment, index) => {
    const referenceId = newReference(ctx, batch, open, orderId, market, payment.purpose, payment.amountMinor, payment.paidOn);
    const id = ctx.ids.payment++;
    paymentIds.push(id);
    const paidAt = at(payment.paidOn, 16);
    batch.payments.push({
      id,
      receiptNo: `${orderNo}-${index + 1}`,
      orderId,
      referenceId,
      provider: 'sandbox-cash',
      providerEventId: `vol-${referenceId}`,
      purpose: payment.purpose,
      channelCode: batch.references.at(-1)?.channelCode ?? '',
      amountMinor: payment.amountMinor,
      paidAt,
      appliedAt: paidAt,
      allocation: payment.allocation,
      extensionFeeMinor: payment.extensionFeeMinor,
      creditMinor: payment.creditMinor,
      balanceAfterMinor: payment.balanceAfterMinor,
      statusBefore: payment.statusBefore,
      statusAfter: payment.statusAfter,
    });
  });
  for (const entry of history.entries) {
    if (entry.postings.length === 0) continue;
    const entryId = ctx.ids.entry++;
    const paymentId = entry.paymentIndex === null ? null : (paymentIds[entry.paymentIndex] ?? null);
    batch.entries.push({ id: entryId, orderId, kind: entry.kind, paymentId, bookedOn: entry.bookedOn, createdAt: at(entry.bookedOn, 17) });
    for (const posting of entry.postings) batch.postings.push({ id: ctx.ids.posting++, entryId, orderId, account: posting.account, amountMinor: posting.amountMinor });
  }
}

type OrderPlan = { status: LoanStatusCode; product: ProductRow; amountMinor: number; createdOn: IsoDate };

function addOrder(ctx: Context, batch: Batch, borrowerId: number, market: Market, plan: OrderPlan, repeatClient: boolean): { settled: boolean } {
  const { rand } = ctx;
  const { product } = plan;
  const price = priceLoan(product.pricing, plan.amountMinor, { termDays: product.pricing.termDays });
  const installments = repaymentPlan(price);
  const id = ctx.ids.order++;
  const orderNo = `LN${plan.createdOn.slice(2).replace(/-/g, '')}${String(id).padStart(8, '0')}`;
  const today = ctx.today[market];
  const extendable = product.pricing.maxExtensions > 0;
  const paidOut = plan.status !== LoanStatus.UnderReview && plan.status !== LoanStatus.Disbursing && plan.status !== LoanStatus.Rejected;
  let history: OrderHistory | null = null;
  let payoutOn: IsoDate | null = null;
  if (paidOut) {
    const chosen = scenario(
      ctx.rand,
      plan.status,
      installments.map((i) => i.dueDay),
      today,
      extendable,
    );
    payoutOn = chosen.payoutOn;
    history = replayOrder({
      market,
      pricing: product.pricing,
      principalMinor: price.principalMinor,
      commissionMinor: price.commissionMinor,
      interestMinor: price.interestMinor - price.discountMinor,
      taxMinor: price.taxMinor,
      plan: installments,
      payoutOn,
      clockThrough: addDays(today, -1),
      repeatClient,
      events: chosen.events,
    });
  }
  const createdOn = payoutOn ? addDays(payoutOn, -1) : plan.createdOn;
  const createdAt = at(createdOn, 15);
  const statusCode = history?.statusCode ?? plan.status;
  ctx.statuses[statusCode] = (ctx.statuses[statusCode] ?? 0) + 1;
  const approvedAt = plan.status === LoanStatus.UnderReview || plan.status === LoanStatus.Rejected ? null : new Date(createdAt.getTime() + 6 * 60 * 60 * 1000);
  batch.orders.push({
    id,
    orderNo,
    borrowerId,
    productId: product.id,
    statusCode,
    ...priceColumns(price),
    createdAt,
    updatedAt: createdAt,
    approvedAt,
    disbursedAt: payoutOn ? at(payoutOn, 18) : null,
    dueDate: history?.dueDate ?? null,
    settledAt: history?.settledOn ? at(history.settledOn, 16) : null,
    penaltyMinor: history?.penaltyMinor ?? 0,
    penaltyThrough: history?.penaltyThrough ?? null,
    penaltyPaidMinor: history?.penaltyPaidMinor ?? 0,
    creditMinor: history?.creditMinor ?? 0,
    extensionsUsed: history?.extensionsUsed ?? 0,
    score: history?.settledOn && rand() < 0.3 ? between(rand, 3, 5) : null,
  });
  const rows = history?.installments ?? installments.map((i) => ({ ...i, dueDate: null, principalPaidMinor: 0, interestPaidMinor: 0, taxPaidMinor: 0, paidOn: null }));
  for (const row of rows) {
    batch.installments.push({
      id: ctx.ids.installment++,
      orderId: id,
      seq: row.seq,
      dueDay: row.dueDay,
      dueDate: row.dueDate,
      principalMinor: row.principalMinor,
      interestMinor: row.interestMinor,
      taxMinor: row.taxMinor,
      amountMinor: row.principalMinor + row.interestMinor + row.taxMinor,
      paidMinor: row.principalPaidMinor + row.interestPaidMinor + row.taxPaidMinor,
      principalPaidMinor: row.principalPaidMinor,
      interestPaidMinor: row.interestPaidMinor,
      taxPaidMinor: row.taxPaidMinor,
      paidAt: row.paidOn ? at(row.paidOn, 16) : null,
    });
  }
  if (history) {
    const open = new Map<string, ReferenceRow>();
    bookHistory(ctx, batch, id, orderNo, market, history, open);
    // A borrower who owes now often holds a reference not yet paid.
    if (history.statusCode !== LoanStatus.Settled && rand() < 0.4) {
      const owed = rows.reduce((total, r) => total + r.principalMinor + r.interestMinor + r.taxMinor - r.principalPaidMinor - r.interestPaidMinor - r.taxPaidMinor, 0);
      if (owed > 0) newReference(ctx, batch, open, id, market, 'repayment', owed, addDays(today, -between(rand, 0, 2)));
    }
  }
  if (rand() < 0.02) {
    const [problemType, problemSonType] = pick(rand, COMPLAINT_TYPES);
    const filedOn = addDays(createdOn, between(rand, 1, 20));
    const filedAt = at(filedOn > today ? today : filedOn, 15);
    const replied = rand() < 0.6;
    batch.complaints.push({
      id: ctx.ids.complaint++,
      borrowerId,
      orderId: id,
      problemType,
      problemSonType,
      detail: 'A question about my loan and its payments.',
      status: replied ? 'replied' : 'open',
      dueAt: new Date(filedAt.getTime() + 30 * DAY_MS),
      replyText: replied ? 'We reviewed your loan; the figures on your screen are correct.' : null,
      repliedAt: replied ? new Date(filedAt.getTime() + 2 * DAY_MS) : null,
      createdAt: filedAt,
      updatedAt: filedAt,
    });
  }
  return { settled: statusCode === LoanStatus.Settled };
}

function addBorrower(ctx: Context, batch: Batch, index: number): void {
  const { rand } = ctx;
  const market: Market = rand() < 0.6 ? 'MX' : 'IN';
  const id = ctx.ids.borrower++;
  // Numbers no demo borrower uses: Mexico 56…, India 7….
  const phone = market === 'MX' ? `+5256${String(index).padStart(8, '0')}` : `+917${String(index).padStart(9, '0')}`;
  batch.borrowers.push({ id, phone, market, name: `${pick(rand, FIRST_NAMES[market])} ${pick(rand, LAST_NAMES[market])}`, createdAt: at(addDays(ctx.today[market], -between(rand, 400, 900)), 14) });
  const today = ctx.today[market];
  const productList = ctx.productsByMarket[market];
  let day = addDays(today, -between(rand, 700, 1000));
  let repeatClient = false;
  for (let n = 0; n < ORDERS_PER_BORROWER; n += 1) {
    const current = n === ORDERS_PER_BORROWER - 1;
    const status = current ? currentStatus(rand) : rand() < 0.8 ? LoanStatus.Settled : LoanStatus.Rejected;
    const product = pick(rand, productList);
    const { minAmountMinor, maxAmountMinor } = product.pricing;
    const amountMinor = Math.round(between(rand, minAmountMinor, Math.min(maxAmountMinor, minAmountMinor * 8)) / 10_000) * 10_000;
    const createdOn = current && (status === LoanStatus.UnderReview || status === LoanStatus.Disbursing || status === LoanStatus.Rejected) ? addDays(today, -between(rand, 0, 3)) : day;
    const { settled } = addOrder(ctx, batch, id, market, { status, product, amountMinor: Math.max(minAmountMinor, amountMinor), createdOn }, repeatClient);
    repeatClient ||= settled;
    day = addDays(day, between(rand, 120, 200));
  }
}

async function nextIds(db: Db): Promise<Ids> {
  const max = async (table: PgTable & { id: AnyPgColumn }) => {
    const [row] = await db.select({ max: sql<string>`coalesce(max(${table.id}), 0)` }).from(table);
    return Number(row?.max ?? 0) + 1;
  };
  return {
    borrower: await max(borrowers),
    order: await max(loanOrders),
    installment: await max(loanInstallments),
    reference: await max(paymentReferences),
    payment: await max(payments),
    entry: await max(ledgerEntries),
    posting: await max(ledgerPostings),
    complaint: await max(complaints),
  };
}

const ID_TABLES = ['borrowers', 'loan_orders', 'loan_installments', 'payment_references', 'payments', 'ledger_entries', 'ledger_postings', 'complaints'] as const;

export async function hasBorrowers(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(borrowers);
  return (row?.n ?? 0) > 0;
}

/**
 * Fills an empty PostgreSQL database: the demo data (products, channels, company facts), then
 * `borrowerCount` borrowers with five orders each, a chunk of borrowers per transaction.
 */
export async function seedVolume(db: Db, borrowerCount: number, options: { now?: Date; seed?: number; log?: (line: string) => void } = {}): Promise<VolumeSeedResult> {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => undefined);
  const timings: Record<string, number> = {};
  let started = performance.now();
  await seedDemoData(db, now);
  const productRows = await db.select().from(products);
  const channelRows = await db.select().from(paymentChannels);
  const byMarket = <T extends { market: string }>(rows: T[], market: Market) => rows.filter((r) => r.market === market);
  const ctx: Context = {
    rand: random(options.seed ?? 20_261_126),
    now,
    today: { MX: formatDate(now, 'MX'), IN: formatDate(now, 'IN') },
    productsByMarket: { MX: byMarket(productRows.filter((p) => p.active), 'MX'), IN: byMarket(productRows.filter((p) => p.active), 'IN') },
    channelsByMarket: { MX: byMarket(channelRows, 'MX'), IN: byMarket(channelRows, 'IN') },
    ids: await nextIds(db),
    statuses: {},
  };
  timings.demoDataMs = performance.now() - started;
  started = performance.now();
  let built = 0;
  let written = 0;
  for (let first = 0; first < borrowerCount; first += CHUNK_BORROWERS) {
    const t0 = performance.now();
    const batch: Batch = { borrowers: [], orders: [], installments: [], references: [], payments: [], entries: [], postings: [], complaints: [] };
    for (let index = first; index < Math.min(borrowerCount, first + CHUNK_BORROWERS); index += 1) addBorrower(ctx, batch, index);
    const t1 = performance.now();
    built += t1 - t0;
    await db.transaction(async (tx) => {
      // Rows are written in dependency order with ids this seed counted itself; the per-row
      // change notices and the deferred balance trigger are left out for the bulk write, and
      // the ledger check proves the book afterwards.
      await tx.execute(sql`set local session_replication_role = replica`);
      await bulkInsert(tx, borrowers, batch.borrowers);
      await bulkInsert(tx, loanOrders, batch.orders);
      await bulkInsert(tx, loanInstallments, batch.installments);
      await bulkInsert(tx, paymentReferences, batch.references);
      await bulkInsert(tx, payments, batch.payments);
      await bulkInsert(tx, ledgerEntries, batch.entries);
      for (let p = 0; p < batch.postings.length; p += 100_000) await bulkInsert(tx, ledgerPostings, batch.postings.slice(p, p + 100_000));
      await bulkInsert(tx, complaints, batch.complaints);
    });
    written += performance.now() - t1;
    const done = Math.min(borrowerCount, first + CHUNK_BORROWERS);
    if (done % 20_000 === 0 || done === borrowerCount) log(`  ${done} borrowers, ${done * ORDERS_PER_BORROWER} orders (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  timings.buildMs = built;
  timings.writeMs = written;
  started = performance.now();
  for (const table of ID_TABLES) {
    await db.execute(sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select coalesce(max(id), 1) from ${sql.identifier(table)}))`);
  }
  await db.execute(sql`analyze`);
  timings.analyzeMs = performance.now() - started;
  return { borrowers: borrowerCount, orders: borrowerCount * ORDERS_PER_BORROWER, statuses: ctx.statuses, timings };
}
