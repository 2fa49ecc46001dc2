import { ErrorCode, LoanStatus } from '@lend/contracts';
import {
  daysBetween,
  formatDate,
  installmentRemaining,
  isRepaying,
  outstanding as outstandingOf,
  owedNow,
  type InstallmentBalance,
  type IsoDate,
  type Market,
  type PayableToday,
} from '@lend/domain';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import type { CashPaymentProviders } from '../../providers/payments/create-cash-payment-provider';
import { amountDueNow, balanceOf, extensionOffer, orderPayableToday, orderToday, orderWithPlan, type InstallmentRow, type OrderQuery, type OrderRow } from '../orders';
import { refuseOtherMarket, type ProductRow } from '../products';
import { borrowerById } from '../sessions';
import { isPayoffAmount, payoffOffer, type PayoffOffer } from './payoff-offer';
import {
  channelTakes,
  marketChannels,
  referenceAt,
  referencesAtEveryChannel,
  type ChannelReference,
  type IssuedReference,
  type PayChannel,
  type RequestType,
} from './reference-issuer';

export type RepayingOrder = { order: OrderRow; product: ProductRow; market: Market; installments: InstallmentRow[] };

/** The borrower's order while money is owed on it; anything else has nothing to pay. */
export async function repayingOrder(db: Queryable, borrowerId: number, query: OrderQuery): Promise<RepayingOrder> {
  const { order, product, market, installments } = await orderWithPlan(db, borrowerId, query);
  if (!isRepaying(order.statusCode)) throw new AppError(ErrorCode.NothingToRepay);
  return { order, product, market, installments };
}

/** The next installment with something left to pay, as the domain counts what remains, and that remainder. */
function nextUnpaid({ order, installments }: RepayingOrder): { row: InstallmentRow; unpaidMinor: number } | undefined {
  const remaining = balanceOf(order, installments).installments.find((i) => installmentRemaining(i) > 0);
  const row = remaining && installments.find((i) => i.seq === remaining.seq);
  return remaining && row ? { row, unpaidMinor: installmentRemaining(remaining) } : undefined;
}

/** Everything still owed: every unpaid installment and the late charges. */
function outstanding({ order, installments }: RepayingOrder): number {
  return outstandingOf(balanceOf(order, installments));
}

/** What the borrower should pay now: what is due (late charges included), else the next installment. */
export function amountToPayNow(repaying: RepayingOrder, now: Date): number {
  const dueNow = amountDueNow(repaying.order, repaying.installments, formatDate(now, repaying.market));
  return dueNow > 0 ? dueNow : (nextUnpaid(repaying)?.unpaidMinor ?? 0);
}

/** One installment counted in what to pay now: what is still owed of it, part by part. */
export type InstallmentOwed = {
  seq: number;
  unpaidMinor: number;
  principalMinor: number;
  interestMinor: number;
  taxMinor: number;
};

/** A late order: the first due date missed, the days since on the order clock, and the late charges owed. */
export type Overdue = { since: IsoDate; days: number; lateChargesMinor: number };

/** What an order owes now and where to pay it, before any text: the installment repayment overview's values. */
export type InstallmentDue = {
  market: Market;
  product: Pick<ProductRow, 'name' | 'logoUrl'>;
  /** What to pay now: everything due with the late charges, else the next installment. */
  repayAmountMinor: number;
  repayDate: string;
  /**
   * The installments `repayAmountMinor` counts, each with what is still owed of it: every one due
   * by the order clock's day, else the next. With the late charges they add up to it.
   */
  owed: InstallmentOwed[];
  installmentCount: number;
  lateChargesMinor: number;
  outstandingMinor: number;
  overdue: Overdue | null;
  /** Whether the order's market takes card payments, offered beside the places to pay. */
  cardPayment: boolean;
  /** This order's repayment reference for `repayAmountMinor` at each channel that takes it. */
  channels: ChannelReference[];
  /** What settles the loan today, when early repayment is allowed and that costs less than everything owed. */
  payoff: PayoffOffer | null;
};

const owedOf = (i: InstallmentBalance): InstallmentOwed => ({
  seq: i.seq,
  unpaidMinor: installmentRemaining(i),
  principalMinor: i.principalMinor,
  interestMinor: i.interestMinor,
  taxMinor: i.taxMinor,
});

/** Whether a market takes card payments now; the card rails answer it. */
export type TakesCards = (market: Market) => boolean;

/** What to pay now and by when, the installments it counts, and this order's references for that amount. */
export async function installmentDue(
  db: Db,
  providers: CashPaymentProviders,
  takesCards: TakesCards,
  borrowerId: number,
  query: OrderQuery,
  now = new Date(),
): Promise<InstallmentDue> {
  const repaying = await repayingOrder(db, borrowerId, query);
  const { order, product, installments, market } = repaying;
  const next = nextUnpaid(repaying);
  const repayAmountMinor = amountToPayNow(repaying, now);
  if (repayAmountMinor === 0) throw new AppError(ErrorCode.NothingToRepay);
  const balance = balanceOf(order, installments);
  const today = orderToday(order, market, now);
  const unpaid = balance.installments.filter((i) => installmentRemaining(i) > 0);
  const dueByToday = unpaid.filter((i) => i.dueDate <= today);
  const owed = owedNow(balance, today) > 0 ? dueByToday : unpaid.slice(0, 1);
  const lateChargesMinor = Math.max(0, balance.lateChargesMinor);
  const firstMissed = order.statusCode === LoanStatus.Overdue ? dueByToday[0] : undefined;
  return {
    market,
    product: { name: product.name, logoUrl: product.logoUrl },
    repayAmountMinor,
    repayDate: next?.row.dueDate ?? order.dueDate ?? '',
    owed: owed.map(owedOf),
    installmentCount: installments.length,
    lateChargesMinor,
    outstandingMinor: outstanding(repaying),
    overdue: firstMissed ? { since: firstMissed.dueDate, days: daysBetween(firstMissed.dueDate, today), lateChargesMinor } : null,
    cardPayment: takesCards(market),
    channels: await referencesAtEveryChannel(db, providers, order, market, 1, repayAmountMinor, now),
    payoff: await payoffOffer(db, providers, order, now),
  };
}

/** The places to pay in the market of one of the borrower's orders, each with its fee and limits. */
export async function channelFees(db: Db, borrowerId: number, query: OrderQuery): Promise<{ market: Market; channels: PayChannel[] }> {
  const { market } = await orderWithPlan(db, borrowerId, query);
  return { market, channels: await marketChannels(db, market) };
}

/** A reference for an amount at one channel, with what the instruction screen shows of the order. */
export type PaymentInstruction = IssuedReference & {
  market: Market;
  orderNo: string;
  productLogo: string;
  requestType: RequestType;
  amountMinor: number;
  channel: PayChannel;
};

export type InstructionRequest = OrderQuery & { amountMinor: number; payCode: string; requestType: RequestType };

/**
 * An extension is new credit on the product's terms, so it is refused on a product of another
 * market than the borrower's, as a new loan is; a loan already given there stays repayable
 * (docs/decisions/132).
 */
export async function refuseForeignExtension(db: Queryable, borrowerId: number, product: ProductRow): Promise<void> {
  const borrower = await borrowerById(db, borrowerId);
  if (!borrower) throw new AppError(ErrorCode.NotFound);
  refuseOtherMarket(borrower, product);
}

/** An extension is paid with exactly its charge, and only while one is allowed. */
function checkExtensionAmount({ order, product, installments, market }: RepayingOrder, amountMinor: number, now: Date): void {
  const offer = extensionOffer(order, product, installments, formatDate(now, market));
  if (!offer.allowed) throw new AppError(offer.reason === 'restructured' ? ErrorCode.PlanNoExtension : ErrorCode.ExtensionNotAvailable);
  if (amountMinor !== offer.chargeMinor) throw new AppError(ErrorCode.AmountMismatch);
}

/**
 * A payment reference for an amount at one channel, for the repayment instruction screen: any
 * amount up to what is owed for a repayment (requestType 1), exactly the extension charge for an
 * extension (2), and always within what the channel takes in one payment.
 */
export async function paymentInstruction(
  db: Db,
  providers: CashPaymentProviders,
  borrowerId: number,
  input: InstructionRequest,
  now = new Date(),
): Promise<PaymentInstruction> {
  const repaying = await repayingOrder(db, borrowerId, input);
  const { order, product, market } = repaying;
  if (input.requestType === 2) {
    await refuseForeignExtension(db, borrowerId, product);
    checkExtensionAmount(repaying, input.amountMinor, now);
  }
  else if (input.amountMinor > outstanding(repaying)) throw new AppError(ErrorCode.AmountMismatch);
  const channel = (await marketChannels(db, market)).find((c) => c.code === input.payCode);
  if (!channel) throw new AppError(ErrorCode.NotFound);
  if (!channelTakes(channel, input.amountMinor)) throw new AppError(ErrorCode.AmountOutsideChannelLimits);
  // The extension charge is fixed by the order; a repayment amount is the borrower's choice
  // unless it is what is due now, everything owed or today's payoff.
  const chosenAmount =
    input.requestType === 1 &&
    input.amountMinor !== amountToPayNow(repaying, now) &&
    input.amountMinor !== outstanding(repaying) &&
    !(await isPayoffAmount(db, order, input.amountMinor, now));
  const issued = await referenceAt(db, providers, order, channel, input.requestType, input.amountMinor, now, chosenAmount);
  return {
    ...issued,
    market,
    orderNo: order.orderNo,
    productLogo: product.logoUrl,
    requestType: input.requestType,
    amountMinor: input.amountMinor,
    channel,
  };
}

/** What a card payment of an order may be (docs/decisions/080, 233): the order, and what may be paid on it today. */
export type CardPaymentTerms = {
  orderId: number;
  orderNo: string;
  market: Market;
  productName: string;
  /**
   * What may be paid today by the market's early-repayment rule, the one figure the card listing
   * offers and a charge is checked against: never money that would only become credit.
   */
  payable: PayableToday;
};

/** The borrower's repaying order as a card payment sees it; another borrower's order reads like none. */
export async function cardPaymentTerms(db: Queryable, borrowerId: number, orderNo: string, now = new Date()): Promise<CardPaymentTerms> {
  const { order, product, market, installments } = await repayingOrder(db, borrowerId, { orderNo });
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    market,
    productName: product.name,
    payable: orderPayableToday(order, installments, product, orderToday(order, market, now)),
  };
}
