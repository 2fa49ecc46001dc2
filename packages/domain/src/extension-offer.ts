import { LoanStatus, type ProductPricing } from '@lend/contracts';
import { extendSchedule, nextDueDate, type OrderBalance } from './balance';
import type { IsoDate } from './dates';
import { extensionAllowed, extensionCharge, extensionFee, LOAN_RULES, type ExtensionVerdict } from './loan-rules';
import type { Market } from './market';
import type { MinorUnits } from './money';

/** What the extension rule reads of an order besides its balance. */
export type ExtensionOrder = {
  statusCode: number;
  extensionsUsed: number;
  principalMinor: MinorUnits;
  /** The order's due date as the clock last saw it. */
  dueDate: IsoDate | null;
  /** The last day late charges were added for. */
  penaltyThrough: IsoDate | null;
};

/** Today, or the later day the clock job has already acted on (an operator may run it as of a later day). */
export function clockDay(order: Pick<ExtensionOrder, 'statusCode' | 'dueDate' | 'penaltyThrough'>, today: IsoDate): IsoDate {
  const clockSaw = order.statusCode === LoanStatus.Due || order.statusCode === LoanStatus.Overdue ? (order.dueDate ?? '') : '';
  return [today, clockSaw, order.penaltyThrough ?? ''].reduce((latest, date) => (date > latest ? date : latest));
}

/** `restructured`: the order is under a payment plan, whose dates are the agreement (docs/decisions/250). */
export type ExtensionRefusal = { allowed: false; reason: Extract<ExtensionVerdict, { allowed: false }>['reason'] | 'notPaidOut' | 'restructured' };

export type ExtensionTerms = {
  allowed: true;
  /** Days the due dates move when paid as of `asOf`. */
  days: number;
  /** The day the offer is made for: today, or the later day the clock has reached. */
  asOf: IsoDate;
  fee: { interestMinor: MinorUnits; taxMinor: MinorUnits };
  /** Late charges owed now: paying the extension pays them too. */
  lateChargesMinor: MinorUnits;
  /** What the borrower pays for the extension: the fee and the late charges owed. */
  chargeMinor: MinorUnits;
  dueDateBefore: IsoDate;
  /** The next due date once the extension is granted as of `asOf`. */
  newDueDate: IsoDate;
  /** The order's balance once granted: its due dates moved, amounts untouched. */
  schedule: { balance: OrderBalance; shiftDays: number };
};

export type ExtensionOffer = ExtensionRefusal | ExtensionTerms;

/**
 * Whether the order may be extended now and what it costs: the one answer the details screen's
 * extension flag, the delay screen, the extension reference and the payment that grants it all
 * use (docs/decisions/075). `today` is the market's date; the offer is made as of the later of
 * it and the day the clock has reached, so the window agrees with the late charges already added.
 */
export function extensionOffer(
  market: Market,
  pricing: Pick<ProductPricing, 'maxExtensions' | 'interestPerDayPpm' | 'taxPpm'>,
  order: ExtensionOrder,
  balance: OrderBalance,
  today: IsoDate,
): ExtensionOffer {
  const rules = LOAN_RULES[market].extension;
  const dueDate = nextDueDate(balance);
  if (dueDate === null) return { allowed: false, reason: 'notPaidOut' };
  const asOf = clockDay(order, today);
  const verdict = extensionAllowed(rules, {
    status: order.statusCode,
    extensionsUsed: order.extensionsUsed,
    maxExtensions: pricing.maxExtensions,
    dueDate,
    today: asOf,
  });
  if (!verdict.allowed) return verdict;
  const schedule = extendSchedule(balance, rules.days, asOf);
  return {
    allowed: true,
    days: rules.days,
    asOf,
    fee: extensionFee(pricing, order.principalMinor, rules.days),
    lateChargesMinor: balance.lateChargesMinor,
    chargeMinor: extensionCharge(pricing, order.principalMinor, rules.days, balance.lateChargesMinor),
    dueDateBefore: dueDate,
    newDueDate: nextDueDate(schedule.balance) ?? dueDate,
    schedule,
  };
}
