import { CardLimits, CardRepaymentStatus, ErrorCode, LoanStatus, type CardRepaymentResult, type CardRepaymentStatusValue } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { cardById } from '../cards';
import { orderOutline } from '../orders';
import { receiptById } from '../payments';
import { findRepaymentByRecordNo, type CardRepaymentRow } from './card-repayment-repository';
import { newestCode } from './verify-code-repository';

/** Seconds until another code may be sent: the resend rule counts from the newest code. */
async function resendInSeconds(db: Queryable, row: CardRepaymentRow, now: Date): Promise<number | null> {
  if (row.status !== CardRepaymentStatus.AwaitingCode) return null;
  const code = await newestCode(db, row.id);
  if (!code) return 0;
  return Math.max(0, Math.ceil((code.createdAt.getTime() + CardLimits.codeResendMs - now.getTime()) / 1000));
}

/** Where one repayment stands, with its receipt once paid. */
export async function repaymentResult(db: Queryable, row: CardRepaymentRow, now: Date): Promise<CardRepaymentResult> {
  const outline = await orderOutline(db, row.orderId);
  const card = row.cardId === null ? undefined : await cardById(db, row.cardId);
  const receipt = row.paymentId === null ? undefined : await receiptById(db, row.paymentId);
  return {
    repayRecordId: row.recordNo,
    orderId: outline.orderNo,
    method: row.method === 'redirect' ? 'redirect' : 'card',
    status: row.status as CardRepaymentStatusValue,
    market: outline.market,
    amount: row.amountMinor,
    bankName: card?.bankName ?? null,
    last4: card?.last4 ?? null,
    receiptNo: receipt?.receiptNo ?? null,
    balanceAfter: receipt?.balanceAfterMinor ?? null,
    settled: receipt?.statusAfter === LoanStatus.Settled,
    paidAt: receipt?.paidAt.toISOString() ?? null,
    resendInSeconds: await resendInSeconds(db, row, now),
  };
}

/** `repayment-result`: one of the borrower's records of this order; any other reads like none. */
export async function borrowerRepaymentResult(
  db: Queryable,
  borrowerId: number,
  query: { orderNo: string; recordNo: string },
  now: Date,
): Promise<CardRepaymentResult> {
  const row = await findRepaymentByRecordNo(db, query.recordNo);
  const result = row && row.borrowerId === borrowerId ? await repaymentResult(db, row, now) : undefined;
  if (!result || result.orderId !== query.orderNo) throw new AppError(ErrorCode.CardRepaymentNotFound);
  return result;
}
