import {
  annualCost,
  clockDay,
  coolingOffDays,
  daysBetween,
  LOAN_RULES,
  lookUpPeriodEnd,
  payableToday,
  payoffToday,
  extensionOffer as domainExtensionOffer,
  formatDate,
  installmentRemaining,
  owedNow,
  type EarlyRepaymentRule,
  type ExtensionOffer,
  type InstallmentBalance,
  type IsoDate,
  type Market,
  type OrderBalance,
  type LoanPrice,
  type LookUpLoan,
  type PayoffLoan,
  type PayableToday,
  type PayoffQuote,
} from '@lend/domain';
import { productMarket, type ProductRow } from '../products';
import type { InstallmentMoney, InstallmentRow } from './installment-repository';
import type { OrderRow } from './order-repository';

/** The columns of an order its balance is read from. */
export type BalanceOrder = Pick<OrderRow, 'orderNo' | 'disbursedAt' | 'penaltyMinor' | 'penaltyPaidMinor'>;
/** The columns of an installment its balance is read from. */
export type BalanceInstallment = Pick<
  InstallmentRow,
  'seq' | 'dueDate' | 'principalMinor' | 'principalPaidMinor' | 'interestMinor' | 'interestPaidMinor' | 'interestWaivedMinor' | 'taxMinor' | 'taxPaidMinor' | 'taxWaivedMinor'
>;

/**
 * What the order still owes, read from its rows for the domain rules: the one place the server
 * turns stored columns into the domain's balance, so every figure of what is owed comes from
 * packages/domain. An order not paid out owes nothing yet: its plan has no dates and its ledger
 * no receivables.
 */
export function balanceOf(order: BalanceOrder, installments: readonly BalanceInstallment[]): OrderBalance {
  if (order.disbursedAt === null) return { lateChargesMinor: 0, installments: [] };
  return {
    lateChargesMinor: order.penaltyMinor - order.penaltyPaidMinor,
    installments: installments.map((i) => {
      if (i.dueDate === null) throw new Error(`installment ${i.seq} of order ${order.orderNo} has no due date`);
      return {
        seq: i.seq,
        dueDate: i.dueDate,
        principalMinor: i.principalMinor - i.principalPaidMinor,
        interestMinor: i.interestMinor - i.interestPaidMinor - i.interestWaivedMinor,
        taxMinor: i.taxMinor - i.taxPaidMinor - i.taxWaivedMinor,
      };
    }),
  };
}

/** What the payoff rule needs of a paid-out order besides its balance. */
export function payoffLoanOf(order: OrderRow, installments: readonly InstallmentRow[], taxPpm: number, market: Market): PayoffLoan {
  if (order.disbursedAt === null) throw new Error(`order ${order.orderNo} is not paid out`);
  return {
    disbursedOn: formatDate(order.disbursedAt, market),
    termDays: order.termDays,
    taxPpm,
    installments: installments.map((i) => ({ seq: i.seq, interestMinor: i.interestMinor, taxMinor: i.taxMinor })),
  };
}

/** The order's price as agreed, as the engine quoted it. */
function agreedPrice(order: OrderRow): LoanPrice {
  return {
    principalMinor: order.principalMinor,
    commissionMinor: order.commissionMinor,
    interestMinor: order.interestMinor,
    discountMinor: order.discountMinor,
    taxMinor: order.taxMinor,
    disbursalMinor: order.disbursalMinor,
    totalRepayableMinor: order.totalRepayableMinor,
    termDays: order.termDays,
    periods: order.periods,
    periodDays: order.termDays / order.periods,
  };
}

/**
 * The look-up period exit's terms while the period lasts (docs/decisions/150): the APR is the
 * engine's `annualCost` of the order's agreed price and plan, the figure its Key Facts Statement shows.
 */
function lookUpLoanOf(order: OrderRow, installments: readonly InstallmentRow[], market: Market, loan: PayoffLoan, today: IsoDate): LookUpLoan | null {
  const periodDays = coolingOffDays(market, order.termDays);
  if (periodDays === null || daysBetween(today, lookUpPeriodEnd(loan.disbursedOn, periodDays)) < 0) return null;
  const plan = installments.map((i) => ({
    seq: i.seq,
    dueDay: i.dueDay,
    principalMinor: i.principalMinor,
    interestMinor: i.interestMinor,
    taxMinor: i.taxMinor,
    amountMinor: i.amountMinor,
  }));
  const { rate } = annualCost(market, agreedPrice(order), plan);
  return { principalMinor: order.principalMinor, commissionMinor: order.commissionMinor, aprRate: rate, periodDays };
}

/** A domain rule read on a paid-out order's balance and loan, the market's early-repayment rule and the look-up period. */
type PayoffRule<T> = (balance: OrderBalance, loan: PayoffLoan, today: IsoDate, rule: EarlyRepaymentRule, lookUp: LookUpLoan | null) => T;
/** The same rule asked of a paid-out order on `today` (the order clock's day). */
type OrderRule<T> = (order: OrderRow, installments: readonly InstallmentRow[], product: Pick<ProductRow, 'market' | 'pricing'>, today: IsoDate) => T;

function onOrder<T>(payoffRule: PayoffRule<T>): OrderRule<T> {
  return (order, installments, product, today) => {
    const market = productMarket(product);
    const loan = payoffLoanOf(order, installments, product.pricing.taxPpm, market);
    return payoffRule(balanceOf(order, installments), loan, today, LOAN_RULES[market].earlyRepayment, lookUpLoanOf(order, installments, market, loan, today));
  };
}

/**
 * What settles a paid-out order on `today` (the order clock's day): the one figure the payoff
 * screen quotes and `applyPayment` rebates. The look-up period exit while it lasts, else the
 * market's early-repayment rule (docs/decisions/070, 150).
 */
export const orderPayoffQuote: OrderRule<PayoffQuote> = onOrder(payoffToday);

/**
 * What may be paid on a paid-out order on `today` (the order clock's day), by the same rule and
 * look-up period as its payoff (docs/decisions/233): the most one payment may be and what to offer.
 */
export const orderPayableToday: OrderRule<PayableToday> = onOrder(payableToday);

/**
 * The day an order's figures are worked out for: the market's today, or the later day the order
 * clock has already reached for it (its late charges accrued through, its due date passed). The
 * details, the overview and the payoff all read this one day, so they never disagree.
 */
export function orderToday(order: OrderRow, market: Market, now: Date): IsoDate {
  return clockDay(order, formatDate(now, market));
}

/** What is owed today (as the clock's day counts it): every installment due by then, plus the late charges. */
export function amountDueNow(order: OrderRow, installments: readonly InstallmentRow[], today: IsoDate): number {
  return owedNow(balanceOf(order, installments), clockDay(order, today));
}

/** The domain's extension offer for an order and its product (docs/decisions/075); none on an order a payment plan restructured (250). */
export function extensionOffer(order: OrderRow, product: Pick<ProductRow, 'market' | 'pricing'>, installments: readonly InstallmentRow[], today: IsoDate): ExtensionOffer {
  if (installments.some((i) => i.restructuredAt !== null)) return { allowed: false, reason: 'restructured' };
  return domainExtensionOffer(productMarket(product), product.pricing, order, balanceOf(order, installments), today);
}

/**
 * The installment columns that make the stored rows say `after`: what was paid is the plan less
 * what remains and what was waived. Returns only installments that changed.
 */
export function installmentChanges(
  installments: readonly InstallmentRow[],
  after: OrderBalance,
  waived: ReadonlyMap<number, { interestMinor: number; taxMinor: number }>,
  now: Date,
): InstallmentMoney[] {
  const changes: InstallmentMoney[] = [];
  for (const row of installments) {
    const remaining: InstallmentBalance | undefined = after.installments.find((i) => i.seq === row.seq);
    if (!remaining) continue;
    const interestWaivedMinor = row.interestWaivedMinor + (waived.get(row.seq)?.interestMinor ?? 0);
    const taxWaivedMinor = row.taxWaivedMinor + (waived.get(row.seq)?.taxMinor ?? 0);
    const next: InstallmentMoney = {
      id: row.id,
      dueDate: remaining.dueDate,
      principalPaidMinor: row.principalMinor - remaining.principalMinor,
      interestPaidMinor: row.interestMinor - interestWaivedMinor - remaining.interestMinor,
      taxPaidMinor: row.taxMinor - taxWaivedMinor - remaining.taxMinor,
      interestWaivedMinor,
      taxWaivedMinor,
      paidAt: row.paidAt,
    };
    if (next.paidAt === null && installmentRemaining(remaining) === 0) next.paidAt = now;
    const changed = (Object.keys(next) as (keyof InstallmentMoney)[]).some((key) => next[key] !== row[key]);
    if (changed) changes.push(next);
  }
  return changes;
}
