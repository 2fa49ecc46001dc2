import { ErrorCode } from '@lend/contracts';
import type { Queryable, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { lockOrderForMoney } from '../orders';
import { cardPaymentTerms, type CardPaymentTerms } from '../repayment';
import { amountCharging } from './card-repayment-repository';

/** A refusal of a card payment, by what stops it (docs/decisions/233). */
export type CardRefusal =
  | typeof ErrorCode.CardAmountInvalid
  | typeof ErrorCode.CardNothingDueYet
  | typeof ErrorCode.CardAboveDueAndNext
  | typeof ErrorCode.CardAboveSettlement
  | typeof ErrorCode.CardPaymentInFlight;

/**
 * What a card may pay on an order now: what may be paid today (the early-repayment rule's figure
 * of the repayment module), less every charge of the order still in flight (docs/decisions/113).
 * The listing offers it and every charge is checked against it, so the screen and the charge agree.
 */
export type CardRoom = CardPaymentTerms & {
  /** Card charges of the order sent and not yet settled. */
  inFlightMinor: number;
  /** What to offer now; 0 when nothing may be paid. */
  offerMinor: number;
  /** The most a new charge may be now. */
  maxMinor: number;
  /** Why nothing may be paid now, when `maxMinor` is 0. */
  unavailable: CardRefusal | null;
};

/** Why a charge of `amountMinor` may not be made now, the real reason first; undefined when it may. */
export function refusalOf(room: CardRoom, amountMinor: number): CardRefusal | undefined {
  const { payable } = room;
  if (amountMinor < 1 || amountMinor > payable.outstandingMinor) return ErrorCode.CardAmountInvalid;
  if (payable.limit === 'nothingDue') return ErrorCode.CardNothingDueYet;
  if (amountMinor > payable.maxMinor) return payable.limit === 'dueAndNext' ? ErrorCode.CardAboveDueAndNext : ErrorCode.CardAboveSettlement;
  if (amountMinor > room.maxMinor) return ErrorCode.CardPaymentInFlight;
  return undefined;
}

/** The card room of the borrower's order, read as it stands (or under the order's lock, in `tx`). */
export async function cardRoom(db: Queryable, borrowerId: number, orderNo: string, now: Date): Promise<CardRoom> {
  const terms = await cardPaymentTerms(db, borrowerId, orderNo, now);
  const inFlightMinor = await amountCharging(db, terms.orderId);
  const maxMinor = Math.max(0, terms.payable.maxMinor - inFlightMinor);
  const nothing = terms.payable.limit === 'nothingDue' ? ErrorCode.CardNothingDueYet : ErrorCode.CardPaymentInFlight;
  return { ...terms, inFlightMinor, maxMinor, offerMinor: Math.min(terms.payable.offerMinor, maxMinor), unavailable: maxMinor === 0 ? nothing : null };
}

/**
 * The order's terms once a new charge of `amountMinor` is known to fit: under the order's lock,
 * what may be paid today less every charge of the order still in flight. Each listing has a token
 * of its own, so the token's lock alone let several listings of one order each charge the full
 * amount (docs/decisions/113). A charge that does not fit is refused with the reason that stops it:
 * nothing due yet, more than the loan's terms let be paid today, or another charge in flight.
 */
export async function termsWithRoomFor(tx: Tx, borrowerId: number, orderNo: string, amountMinor: number, now: Date): Promise<CardPaymentTerms> {
  const unlocked = await cardPaymentTerms(tx, borrowerId, orderNo, now);
  await lockOrderForMoney(tx, unlocked.orderId);
  // Read again under the lock: a charge settled meanwhile has lowered what is owed.
  const room = await cardRoom(tx, borrowerId, orderNo, now);
  const refusal = refusalOf(room, amountMinor);
  if (refusal !== undefined) throw new AppError(refusal);
  return room;
}

/** What the order's card charges still in flight may take: money that may yet be applied to it. */
export function chargesInFlight(db: Queryable, orderId: number): Promise<number> {
  return amountCharging(db, orderId);
}
