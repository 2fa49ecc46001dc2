import {
  BOOK_HEALTH_MONTHS,
  CURED_BUCKET,
  shareInBp,
  VINTAGE_MONTHS_ON_BOOK,
  type BookMonthsQuery,
  type BookProductMonthsQuery,
  type BookProductQuery,
  type EfficiencyReport,
  type ParReport,
  type ParRow,
  type PromisesReport,
  type RollRateReport,
  type VintageReport,
} from '@lend/contracts';
import { formatDate, MARKET_SETTINGS, type IsoDate, type Market } from '@lend/domain';
import type { Db } from '../../db/client';
import { readWholeBook } from '../../db/report-rows';
import { bandsOfMarket, bucketRolls, promisesByAgent, writeOffsByProduct, writtenOffOrderIds } from '../collections';
import { amountsOfProductsByMonth, lateInstallmentsByMonth, principalAtRisk, vintagePoints, type ProductAtRisk } from '../orders';
import { latePaymentsByOrderMonth } from '../payments';
import { marketProductIds, productsByIds } from '../products';

/** The first day of the month `back` months before `today`'s (0: its own). */
export function monthStart(today: IsoDate, back: number): IsoDate {
  const [year = 0, month = 1] = today.split('-').map(Number);
  const index = year * 12 + (month - 1) - back;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The report's head: its market, the currency its amounts are in, the market day it was read on. */
function head(market: Market, today: IsoDate) {
  return { market, currency: MARKET_SETTINGS[market].currency, asOf: today };
}

/** The products a report reads: the one asked for if it is the market's, else all of the market's (none: an empty report). */
async function productsOf(db: Db, market: Market, productId: number | undefined): Promise<number[]> {
  const ids = await marketProductIds(db, market);
  return productId === undefined ? ids : ids.filter((id) => id === productId);
}

type ParFigures = Omit<ProductAtRisk, 'productId'> & { writtenOffMinor: number };

function parRow(productId: number | null, productCode: string, figures: ParFigures): ParRow {
  const of = (part: number) => shareInBp(part, figures.outstandingMinor);
  return {
    productId,
    productCode,
    outstandingMinor: figures.outstandingMinor,
    par1Minor: figures.par1Minor,
    par30Minor: figures.par30Minor,
    par60Minor: figures.par60Minor,
    par90Minor: figures.par90Minor,
    par1Bp: of(figures.par1Minor),
    par30Bp: of(figures.par30Minor),
    par60Bp: of(figures.par60Minor),
    par90Bp: of(figures.par90Minor),
    writtenOffMinor: figures.writtenOffMinor,
  };
}

/** Portfolio at risk (docs/decisions/247): each product's row, then the total of those shown. */
export async function portfolioAtRisk(db: Db, query: BookProductQuery, now: Date): Promise<ParReport> {
  const today = formatDate(now, query.market);
  const ids = await productsOf(db, query.market, query.productId);
  const read =
    ids.length === 0
      ? { atRisk: [], writeOffs: [] }
      : await readWholeBook(db, async (tx) => {
          const [writtenOff, writeOffs] = await Promise.all([writtenOffOrderIds(tx, ids), writeOffsByProduct(tx, ids)]);
          return { atRisk: await principalAtRisk(tx, ids, today, writtenOff), writeOffs };
        });
  // The principal written off, beside the outstanding book it left (docs/decisions/244).
  const writtenOffOf = new Map(read.writeOffs.map((row) => [row.productId, row.principalMinor]));
  const productIds = [...new Set([...read.atRisk.map((row) => row.productId), ...writtenOffOf.keys()])].sort((a, b) => a - b);
  const empty = { outstandingMinor: 0, par1Minor: 0, par30Minor: 0, par60Minor: 0, par90Minor: 0 };
  const rows = productIds.map((productId) => ({ ...empty, ...read.atRisk.find((row) => row.productId === productId), productId, writtenOffMinor: writtenOffOf.get(productId) ?? 0 }));
  const products = await productsByIds(db, productIds);
  const sum = (key: keyof ParFigures) => rows.reduce((total, row) => total + row[key], 0);
  const total = { outstandingMinor: sum('outstandingMinor'), par1Minor: sum('par1Minor'), par30Minor: sum('par30Minor'), par60Minor: sum('par60Minor'), par90Minor: sum('par90Minor'), writtenOffMinor: sum('writtenOffMinor') };
  return { ...head(query.market, today), items: [...rows.map((row) => parRow(row.productId, products.get(row.productId)?.code ?? '', row)), parRow(null, 'all', total)] };
}

/** Vintage curves (docs/decisions/247): the twelve months of payout before this one, each followed up to twelve months on book. */
export async function vintageCurves(db: Db, query: BookProductQuery, now: Date): Promise<VintageReport> {
  const today = formatDate(now, query.market);
  const ids = await productsOf(db, query.market, query.productId);
  const points =
    ids.length === 0
      ? []
      : await readWholeBook(db, (tx) => vintagePoints(tx, ids, MARKET_SETTINGS[query.market].timeZone, monthStart(today, VINTAGE_MONTHS_ON_BOOK), monthStart(today, 0), today, VINTAGE_MONTHS_ON_BOOK));
  return { ...head(query.market, today), items: points.map((point) => ({ ...point, late30Bp: shareInBp(point.late30Minor, point.disbursedMinor) })) };
}

/** Roll rates (docs/decisions/247): for each month, where the orders in each bucket at the month before's end were at its end. */
export async function rollRates(db: Db, query: BookMonthsQuery, now: Date): Promise<RollRateReport> {
  const today = formatDate(now, query.market);
  const [rolls, bands] = await Promise.all([
    readWholeBook(db, (tx) => bucketRolls(tx, query.market, today, query.months ?? BOOK_HEALTH_MONTHS.rollDefault)),
    bandsOfMarket(db, query.market),
  ]);
  const fromTotals = new Map<string, number>();
  for (const roll of rolls) fromTotals.set(`${roll.month} ${roll.fromBucket}`, (fromTotals.get(`${roll.month} ${roll.fromBucket}`) ?? 0) + roll.orders);
  // The market's buckets in their order, then any code an earlier set of buckets left in the history.
  const codes = bands.map((band) => band.code);
  for (const roll of rolls) for (const code of [roll.fromBucket, roll.toBucket]) if (code !== null && !codes.includes(code)) codes.push(code);
  return {
    ...head(query.market, today),
    buckets: [...codes, CURED_BUCKET],
    items: rolls.map((roll) => ({
      month: roll.month,
      fromBucket: roll.fromBucket,
      toBucket: roll.toBucket ?? CURED_BUCKET,
      orders: roll.orders,
      shareBp: shareInBp(roll.orders, fromTotals.get(`${roll.month} ${roll.fromBucket}`) ?? 0),
    })),
  };
}

/** Collections efficiency (docs/decisions/247): per month, what late orders paid into installments over the installments late in it. */
export async function collectionsEfficiency(db: Db, query: BookProductMonthsQuery, now: Date): Promise<EfficiencyReport> {
  const today = formatDate(now, query.market);
  const from = monthStart(today, (query.months ?? BOOK_HEALTH_MONTHS.default) - 1);
  const timeZone = MARKET_SETTINGS[query.market].timeZone;
  const ids = await productsOf(db, query.market, query.productId);
  if (ids.length === 0) return { ...head(query.market, today), items: [] };
  const [late, collected] = await readWholeBook(db, async (tx) => {
    const lateMonths = await lateInstallmentsByMonth(tx, ids, timeZone, from, today);
    return [lateMonths, await amountsOfProductsByMonth(tx, ids, await latePaymentsByOrderMonth(tx, timeZone, from))] as const;
  });
  const collectedIn = new Map(collected.map((row) => [row.month, row.amountMinor]));
  return {
    ...head(query.market, today),
    items: late.map((row) => {
      const collectedMinor = collectedIn.get(row.month) ?? 0;
      return { month: row.month, lateMinor: row.amountMinor, collectedMinor, efficiencyBp: shareInBp(collectedMinor, row.amountMinor) };
    }),
  };
}

/** Promises to pay by agent (docs/decisions/247): those falling in the last months, how each ended. */
export async function promisesKept(db: Db, query: BookMonthsQuery, now: Date): Promise<PromisesReport> {
  const today = formatDate(now, query.market);
  const rows = await readWholeBook(db, (tx) => promisesByAgent(tx, query.market, monthStart(today, (query.months ?? BOOK_HEALTH_MONTHS.default) - 1)));
  return { ...head(query.market, today), items: rows.map((row) => ({ ...row, keptBp: shareInBp(row.kept, row.kept + row.partlyKept + row.broken) })) };
}
