import { CardLimits, ErrorCode, type Language } from '@lend/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerById } from '../sessions';
import type { CardDeps } from './card-deps';
import { codeSmsText } from './code-sms-text';
import { deleteCode, insertVerifyCode, voidLiveCodes } from './verify-code-repository';
import { newVerifyCode, verifyCodeHash } from './verify-code';

/** A code written in the transaction, to be sent once it commits. */
export type PendingCode = { codeId: number; code: string };

/** Inside the caller's transaction: a new code for the repayment, voiding any before it. */
export async function issueCode(tx: Tx, repaymentId: number, now: Date): Promise<PendingCode> {
  await voidLiveCodes(tx, repaymentId, now);
  const code = newVerifyCode();
  const row = await insertVerifyCode(tx, {
    repaymentId,
    codeHash: verifyCodeHash(repaymentId, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CardLimits.codeTtlMs),
  });
  return { codeId: row.id, code };
}

/**
 * Sends the code after its transaction committed, so no SMS goes out for a code that was rolled
 * back. A code the gateway did not take is deleted (it never reached anyone, and it must not hold
 * back a resend), and the borrower is told to try again (docs/decisions/082).
 */
export async function sendCode(deps: CardDeps, borrowerId: number, pending: PendingCode, language: Language): Promise<void> {
  const borrower = await borrowerById(deps.db, borrowerId);
  try {
    if (!borrower) throw new Error('borrower vanished');
    await deps.sms.send({ phone: borrower.phone, text: codeSmsText(language, pending.code), oneTimeCode: pending.code, kind: 'payment-code' });
  } catch (error) {
    await deleteCode(deps.db, pending.codeId);
    deps.log.error({ err: error, provider: deps.sms.name }, 'card payment code not delivered');
    throw new AppError(ErrorCode.ServiceUnavailable);
  }
}
