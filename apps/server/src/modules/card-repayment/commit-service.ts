import { CardRepaymentStatus, CardLimits, ErrorCode, SendMsg, type Language, type RepaymentCommitData } from '@lend/contracts';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { liveCardOf } from '../cards';
import { orderOutline } from '../orders';
import type { CardDeps } from './card-deps';
import { findRepaymentByToken, insertRepayment, lockRepayment, type CardRepaymentRow } from './card-repayment-repository';
import { termsWithRoomFor } from './charge-room';
import { chargeRepayment, type ChargeAttempt } from './charge-service';
import { issueCode, sendCode, type PendingCode } from './code-sender';
import { lockRepayToken, type RepayTokenRow } from './repay-token-repository';
import { newRecordNo, repayTokenHash } from './repay-token';
import { repaymentAnswer } from './repayment-answer';
import { newestCode } from './verify-code-repository';

export type CommitInput = {
  borrowerId: number;
  orderNo: string;
  repayToken: string;
  amountMinor: number;
  cardId: number;
  sendMsg: 0 | 1;
  language: Language;
};

/** What the transaction decided: the record, whether this commit created it, a code to send. */
type Committed = { row: CardRepaymentRow; created: boolean; code: PendingCode | undefined };

/** The listing's token, if it is this borrower's, for this order, and still live. */
async function liveToken(tx: Tx, input: CommitInput, now: Date): Promise<RepayTokenRow> {
  const token = await lockRepayToken(tx, repayTokenHash(input.repayToken));
  if (!token || token.borrowerId !== input.borrowerId || token.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(ErrorCode.CardRepayTokenInvalid);
  }
  if ((await orderOutline(tx, token.orderId)).orderNo !== input.orderNo) throw new AppError(ErrorCode.CardRepayTokenInvalid);
  return token;
}

/** The same listing committed again: the same amount and card answer its record; a resend asks for a new code. */
async function replay(tx: Tx, input: CommitInput, existing: CardRepaymentRow, now: Date): Promise<Committed> {
  if (existing.amountMinor !== input.amountMinor || existing.cardId !== input.cardId) throw new AppError(ErrorCode.CardRepayTokenAmountChanged);
  if (input.sendMsg !== SendMsg.Resend || existing.status !== CardRepaymentStatus.AwaitingCode) return { row: existing, created: false, code: undefined };
  // The record's lock, as a confirm takes it: a resend and a confirm of the same record go one at a time.
  const row = await lockRepayment(tx, existing.id);
  if (!row || row.status !== CardRepaymentStatus.AwaitingCode) return { row: row ?? existing, created: false, code: undefined };
  const last = await newestCode(tx, row.id);
  if (last && now.getTime() - last.createdAt.getTime() < CardLimits.codeResendMs) throw new AppError(ErrorCode.CardCodeResendTooSoon);
  return { row, created: false, code: await issueCode(tx, row.id, now) };
}

/** The listing's first commit: the borrower's live card, an amount within what is owed and not already being charged, one record. */
async function create(tx: Tx, input: CommitInput, token: RepayTokenRow, now: Date): Promise<Committed> {
  const card = await liveCardOf(tx, input.borrowerId, input.cardId);
  if (!card) throw new AppError(ErrorCode.CardNotFound);
  const terms = await termsWithRoomFor(tx, input.borrowerId, input.orderNo, input.amountMinor, now);
  const needsCode = card.requiresCode;
  const row = await insertRepayment(tx, {
    recordNo: newRecordNo(),
    orderId: terms.orderId,
    borrowerId: input.borrowerId,
    tokenId: token.id,
    method: 'card',
    cardId: card.id,
    // The card's own provider: the token is good only there (docs/decisions/124).
    provider: card.provider,
    amountMinor: input.amountMinor,
    status: needsCode ? CardRepaymentStatus.AwaitingCode : CardRepaymentStatus.Charging,
    createdAt: now,
    chargeStartedAt: needsCode ? null : now,
  });
  return { row, created: true, code: needsCode ? await issueCode(tx, row.id, now) : undefined };
}

/**
 * `repayment-commit` (docs/decisions/080): one listing, one record. Concurrent commits of a
 * listing wait on its token's lock, so only the first creates the record and only its request
 * charges; the others answer the same record. A card that needs a code gets one by SMS after the
 * transaction commits; any other card is charged once the `charging` state is committed.
 */
export async function commitRepayment(deps: CardDeps, input: CommitInput): Promise<RepaymentCommitData> {
  const now = deps.now();
  const committed = await deps.db.transaction(async (tx): Promise<Committed> => {
    const token = await liveToken(tx, input, now);
    const existing = await findRepaymentByToken(tx, token.id);
    return existing ? replay(tx, input, existing, now) : create(tx, input, token, now);
  });
  if (committed.code) await sendCode(deps, input.borrowerId, committed.code, input.language);
  let attempt: ChargeAttempt | undefined;
  if (committed.created && committed.row.status === CardRepaymentStatus.Charging) attempt = await chargeRepayment(deps, committed.row);
  return repaymentAnswer(deps, attempt?.row ?? committed.row, attempt?.kind);
}
