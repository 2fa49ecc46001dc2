import { ErrorCode, isValidScore } from '@lend/contracts';
import { canRate } from '@lend/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findBorrowerOrder, saveScore } from './order-repository';

/** Stores the borrower's rating of an order once; a score outside 1..5 or a second one changes nothing. */
export async function scoreOrder(db: Db, borrowerId: number, orderNo: string, score: number, now = new Date()): Promise<void> {
  if (!isValidScore(score)) throw new AppError(ErrorCode.ScoreRequired);
  const order = await findBorrowerOrder(db, borrowerId, orderNo);
  if (!order) throw new AppError(ErrorCode.NotFound);
  if (order.score !== null) throw new AppError(ErrorCode.AlreadyScored);
  if (!canRate(order.statusCode, false)) throw new AppError(ErrorCode.ScoreNotOpen);
  if (!(await saveScore(db, order.id, score, now))) throw new AppError(ErrorCode.AlreadyScored);
}
