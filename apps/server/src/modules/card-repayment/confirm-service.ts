import { CardLimits, CardRepaymentStatus, ErrorCode, type RepaymentCommitData } from '@lend/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { orderOutline } from '../orders';
import type { CardDeps } from './card-deps';
import { termsWithRoomFor } from './charge-room';
import { lockRepaymentByRecordNo, saveRepayment, type CardRepaymentRow } from './card-repayment-repository';
import { chargeRepayment } from './charge-service';
import { repaymentAnswer } from './repayment-answer';
import { markCodeUsed, newestCode, saveWrongTry } from './verify-code-repository';
import { codeMatches } from './verify-code';

export type ConfirmInput = { borrowerId: number; orderNo: string; recordNo: string; code: string };

/** The borrower's record of this order, locked; another borrower's reads like none. */
async function ownRecord(tx: Tx, input: ConfirmInput): Promise<CardRepaymentRow> {
  const row = await lockRepaymentByRecordNo(tx, input.recordNo);
  if (!row || row.borrowerId !== input.borrowerId || (await orderOutline(tx, row.orderId)).orderNo !== input.orderNo) {
    throw new AppError(ErrorCode.CardRepaymentNotFound);
  }
  return row;
}

type Checked = { row: CardRepaymentRow; wrong: false } | { wrong: true };

/**
 * Checks the code under the record's lock. A wrong code's count is committed before the refusal
 * is answered (so five wrong tries void the code whatever the caller does next); the fifth wrong
 * try voids the code and still answers "wrong", and the tries after it "too many wrong codes"
 * (docs/decisions/082). The right code is spent and the record moves to `charging` in one
 * transaction: a second confirm finds it no longer waiting for a code (800005).
 */
async function checkCode(tx: Tx, input: ConfirmInput, now: Date): Promise<Checked> {
  const row = await ownRecord(tx, input);
  if (row.status !== CardRepaymentStatus.AwaitingCode) throw new AppError(ErrorCode.CardRepaymentSubmitted);
  const code = await newestCode(tx, row.id);
  if (code?.voidedAt) throw new AppError(ErrorCode.CardCodeLocked);
  if (!code || code.usedAt || code.expiresAt.getTime() <= now.getTime()) throw new AppError(ErrorCode.CardCodeExpired);
  if (!codeMatches(code.codeHash, row.id, input.code)) {
    const wrongTries = code.wrongTries + 1;
    await saveWrongTry(tx, code.id, wrongTries, wrongTries >= CardLimits.codeMaxWrongTries ? now : null);
    return { wrong: true };
  }
  // The charge starts now: other listings of the order may have taken what this one was to pay.
  await termsWithRoomFor(tx, input.borrowerId, input.orderNo, row.amountMinor, now);
  await markCodeUsed(tx, code.id, now);
  return { row: await saveRepayment(tx, row.id, { status: CardRepaymentStatus.Charging, chargeStartedAt: now }, now), wrong: false };
}

/** `repayment-confirm`: the SMS code, then the one charge of the record. */
export async function confirmRepayment(deps: CardDeps, input: ConfirmInput): Promise<RepaymentCommitData> {
  const checked = await deps.db.transaction((tx) => checkCode(tx, input, deps.now()));
  if (checked.wrong) throw new AppError(ErrorCode.CardCodeWrong);
  const attempt = await chargeRepayment(deps, checked.row);
  return repaymentAnswer(deps, attempt.row, attempt.kind);
}
