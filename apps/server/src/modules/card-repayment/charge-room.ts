import { ErrorCode } from '@lend/contracts';
import type { Queryable, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { lockOrderForMoney } from '../orders';
import { cardPaymentTerms, type CardPaymentTerms } from '../repayment';
import { amountCharging } from './card-repayment-repository';

/**
 * The order's terms once a new charge of `amountMinor` is known to fit (docs/decisions/113): under
 * the order's lock, what is owed less every charge of the order still in flight. Each listing has
 * a token of its own, so the token's lock alone let several listings of one order each charge the
 * full amount. A charge that would find nothing left answers as a paid order does (7011).
 */
export async function termsWithRoomFor(tx: Tx, borrowerId: number, orderNo: string, amountMinor: number, now: Date): Promise<CardPaymentTerms> {
  const unlocked = await cardPaymentTerms(tx, borrowerId, orderNo, now);
  await lockOrderForMoney(tx, unlocked.orderId);
  // Read again under the lock: a charge settled meanwhile has lowered what is owed.
  const terms = await cardPaymentTerms(tx, borrowerId, orderNo, now);
  const left = terms.maxAmountMinor - (await amountCharging(tx, terms.orderId));
  if (left <= 0) throw new AppError(ErrorCode.NothingToRepay);
  if (amountMinor < 1 || amountMinor > left) throw new AppError(ErrorCode.CardAmountInvalid);
  return terms;
}

/** What the order's card charges still in flight may take: money that may yet be applied to it. */
export function chargesInFlight(db: Queryable, orderId: number): Promise<number> {
  return amountCharging(db, orderId);
}
