import { ErrorCode, MESSAGE_TOPICS, type AccountDeleted } from '@lend/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { FileStorage } from '../../providers/storage/storage';
import type { CashPaymentProviders } from '../../providers/payments/create-cash-payment-provider';
import type { FastifyBaseLogger } from 'fastify';
import { eraseMessagesTo } from '../../providers/sms/outbox-privacy';
import { eraseSignInCodesOf } from '../account';
import { eraseSavedCardsOf } from '../cards';
import { eraseComplaintsOf, removeComplaintFiles } from '../complaints';
import { hasOpenLoan, holdsCredit, lockBorrowerOrdersForMoney } from '../orders';
import { voidOpenReferences } from '../repayment';
import { setMessagePreference } from '../preferences';
import { hasPendingRefund } from '../refunds';
import { erasePromotionDataOf } from '../promotion';
import { eraseCollectionsOf } from '../collections';
import { eraseCreditOf } from '../credit';
import { eraseProfileOf, removeProfileFiles } from '../profiles';
import { anonymiseBorrower, endAllSessions, erasedPhone, forgetBorrowerSessions, isErasedPhone, lockBorrowerForErasure } from '../sessions';
import { eraseArcoDescriptions } from './arco-repository';

/**
 * Deletes the borrower's account (docs/decisions/095): refused while a loan is open or an order
 * holds the borrower's credit (money paid beyond what was owed, not yet returned); otherwise, in
 * one transaction, their sessions end, every switch turns off (recorded as 'account-deletion'),
 * what identifies them is erased by each owning module, and the records a lender must keep
 * (orders, plans, payments, ledger, contracts, complaints and requests without their texts) stay
 * with the anonymised borrower row. Uploaded files go once the transaction has committed.
 *
 * Money (docs/decisions/223): every order of the borrower is locked for money first, as a payment
 * locks its order, so a payment either committed before (its credit then holds the deletion back)
 * or waits and finds the borrower erased (it is kept for an operator). Their cash references still
 * open are voided in the transaction, then closed at each real rail once it has committed; a rail
 * that fails is logged and does not undo the deletion.
 */
export async function deleteAccount(db: Db, deps: AccountDeletionDeps, borrowerId: number, now: Date): Promise<AccountDeleted> {
  const { sessionsEnded, files, profileFiles, voided } = await db.transaction(async (tx) => {
    const phone = await lockBorrowerForErasure(tx, borrowerId);
    // A concurrent deletion that won the lock has ended this session already.
    if (phone === undefined || isErasedPhone(phone)) throw new AppError(ErrorCode.SessionUnknown);
    const orderIds = await lockBorrowerOrdersForMoney(tx, borrowerId);
    if (await hasOpenLoan(tx, borrowerId)) throw new AppError(ErrorCode.PrivacyOpenLoan);
    // Money of theirs we hold must reach them first: once anonymised, nobody could return it (docs/decisions/113).
    if ((await holdsCredit(tx, borrowerId)) || (await hasPendingRefund(tx, borrowerId))) throw new AppError(ErrorCode.PrivacyCreditHeld);
    const ended = await endAllSessions(tx, borrowerId, now);
    for (const topic of MESSAGE_TOPICS) await setMessagePreference(tx, { borrowerId, topic, enabled: false, source: 'account-deletion', now });
    const names = await eraseComplaintsOf(tx, borrowerId);
    await erasePromotionDataOf(tx, borrowerId, phone);
    await eraseSignInCodesOf(tx, phone);
    await eraseMessagesTo(tx, phone, erasedPhone(borrowerId));
    await eraseSavedCardsOf(tx, borrowerId, now);
    await eraseArcoDescriptions(tx, borrowerId);
    // ---- borrower profile and certification (docs/decisions/135) ----
    const profileFiles = await eraseProfileOf(tx, borrowerId, now);
    // Credit decisions are credit records: kept, without the applicant's facts (docs/decisions/142).
    await eraseCreditOf(tx, borrowerId, now);
    // Collection contacts and promises are records of the lender's conduct: kept, without what agents wrote (docs/decisions/243).
    await eraseCollectionsOf(tx, borrowerId);
    const voided = await voidOpenReferences(tx, orderIds, now);
    await anonymiseBorrower(tx, borrowerId);
    return { sessionsEnded: ended, files: names, profileFiles, voided };
  });
  // Again after the commit: a call that read the session between the revocation and the commit saw it live.
  forgetBorrowerSessions(borrowerId);
  await closeAtProviders(deps, borrowerId, voided);
  await removeComplaintFiles(deps.storage, files);
  await removeProfileFiles(deps.storage, profileFiles);
  return { deleted: true, sessionsEnded };
}

export type AccountDeletionDeps = { storage: FileStorage; cashPayments: CashPaymentProviders; log: FastifyBaseLogger };

/**
 * Asks each configured rail to close what the borrower could still pay (docs/decisions/223). A
 * failure is logged for an operator and left: the reference is void with us, and a payment that
 * still lands on it is kept for an operator, never credited.
 */
async function closeAtProviders(deps: AccountDeletionDeps, borrowerId: number, voided: { issuedBy: string | null; providerPaymentId: string | null }[]): Promise<void> {
  const rails = new Set(Object.values(deps.cashPayments));
  for (const rail of rails) {
    const ids = voided.filter((ref) => ref.issuedBy !== null && ref.issuedBy === rail.issuer && ref.providerPaymentId !== null).map((ref) => ref.providerPaymentId ?? '');
    try {
      await rail.closeForDeletion(borrowerId, ids);
    } catch (error) {
      deps.log.warn({ err: error, borrowerId, provider: rail.issuer ?? 'sandbox', open: ids.length }, 'cash payments of a deleted account not closed at the provider');
    }
  }
}
