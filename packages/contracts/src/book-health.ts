import { z } from 'zod';
import { PHONE_MARKETS } from './phone';

/**
 * The book's health (docs/decisions/247): portfolio at risk, vintage curves, roll rates between
 * buckets, collections efficiency and promises kept by agent, per market, worked out over the whole
 * book on each read. Operator calls under `OPERATOR_BASE`; each has its CSV at its path with `.csv`.
 */
export const BookHealthPath = {
  /** `GET ?market=&productId=`: outstanding principal and the part of it 1, 30, 60 and 90 days past due, by product. */
  par: '/reports/portfolio-at-risk',
  /** `GET ?market=&productId=`: per month of payout, the share of its principal 30+ days past due at each month on book. */
  vintages: '/reports/vintages',
  /** `GET ?market=&months=`: orders in each bucket at one month's end, by their bucket (or cured) at the next. */
  rollRates: '/reports/roll-rates',
  /** `GET ?market=&productId=&months=`: per month, money collected on late orders over the amount late. */
  efficiency: '/reports/collections-efficiency',
  /** `GET ?market=&months=`: per agent, promises to pay and how they ended. */
  promises: '/reports/promises',
} as const;

/** How many months back a report reaches. */
export const BOOK_HEALTH_MONTHS = { default: 12, max: 24, rollDefault: 6 } as const;
/** A vintage is followed for this many months on book. */
export const VINTAGE_MONTHS_ON_BOOK = 12;
/** The days past due portfolio at risk is counted from. */
export const PAR_THRESHOLDS = [1, 30, 60, 90] as const;
/** The roll rates' destination of an order no longer late. */
export const CURED_BUCKET = 'cured';

const market = z.enum(PHONE_MARKETS);
const productId = z.coerce.number().int().positive().optional();
const months = z.coerce.number().int().min(1).max(BOOK_HEALTH_MONTHS.max).optional();
const minor = z.number().int();
/** A share in basis points (1 % = 100), rounded; 0 when there is nothing to share. */
const shareBp = z.number().int().min(0);
const yearMonth = z.string().regex(/^\d{4}-\d{2}$/);

export const bookProductQuerySchema = z.object({ market, productId });
export const bookMonthsQuerySchema = z.object({ market, months });
export const bookProductMonthsQuerySchema = z.object({ market, productId, months });

const reportHead = { market, currency: z.string(), asOf: z.string() };

export const parRowSchema = z.object({
  /** null: the market's (or the chosen product's) total. */
  productId: z.number().int().nullable(),
  productCode: z.string(),
  outstandingMinor: minor,
  par1Minor: minor,
  par30Minor: minor,
  par60Minor: minor,
  par90Minor: minor,
  par1Bp: shareBp,
  par30Bp: shareBp,
  par60Bp: shareBp,
  par90Bp: shareBp,
  /** Principal written off (docs/decisions/244), outside the outstanding book the shares are of. */
  writtenOffMinor: minor,
});
export const parReportSchema = z.object({ ...reportHead, items: z.array(parRowSchema) });

export const vintagePointSchema = z.object({
  /** The month the principal was paid out, `yyyy-mm`. */
  vintage: yearMonth,
  monthOnBook: z.number().int().min(1).max(VINTAGE_MONTHS_ON_BOOK),
  disbursedMinor: minor,
  orders: z.number().int(),
  late30Minor: minor,
  late30Bp: shareBp,
});
export const vintageReportSchema = z.object({ ...reportHead, items: z.array(vintagePointSchema) });

export const rollRateSchema = z.object({
  /** The month whose end the orders are counted at again, `yyyy-mm`; they were in `fromBucket` at the previous month's end. */
  month: yearMonth,
  fromBucket: z.string(),
  /** A bucket code, or `cured`. */
  toBucket: z.string(),
  orders: z.number().int(),
  /** Of the orders in `fromBucket` at the previous month's end. */
  shareBp,
});
export const rollRateReportSchema = z.object({ ...reportHead, buckets: z.array(z.string()), items: z.array(rollRateSchema) });

export const efficiencyMonthSchema = z.object({
  month: yearMonth,
  /** Installments late on some day of the month, whole (docs/decisions/247). */
  lateMinor: minor,
  /** Money paid in the month into installments of orders that were overdue when it came. */
  collectedMinor: minor,
  efficiencyBp: shareBp,
});
export const efficiencyReportSchema = z.object({ ...reportHead, items: z.array(efficiencyMonthSchema) });

export const agentPromisesSchema = z.object({
  /** null: promises borrowers made in the app. */
  agentId: z.number().int().nullable(),
  agentEmail: z.string().nullable(),
  promises: z.number().int(),
  open: z.number().int(),
  kept: z.number().int(),
  partlyKept: z.number().int(),
  broken: z.number().int(),
  promisedMinor: minor,
  keptMinor: minor,
  /** Kept promises over decided ones (kept, partly kept, broken). */
  keptBp: shareBp,
});
export const promisesReportSchema = z.object({ ...reportHead, items: z.array(agentPromisesSchema) });

export type ParReport = z.infer<typeof parReportSchema>;
export type ParRow = z.infer<typeof parRowSchema>;
export type VintageReport = z.infer<typeof vintageReportSchema>;
export type RollRateReport = z.infer<typeof rollRateReportSchema>;
export type EfficiencyReport = z.infer<typeof efficiencyReportSchema>;
export type PromisesReport = z.infer<typeof promisesReportSchema>;
export type BookProductQuery = z.infer<typeof bookProductQuerySchema>;
export type BookMonthsQuery = z.infer<typeof bookMonthsQuerySchema>;
export type BookProductMonthsQuery = z.infer<typeof bookProductMonthsQuerySchema>;

/** `part` of `whole` in basis points, rounded half up; 0 of nothing. */
export function shareInBp(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.round((part * 10_000) / whole);
}
