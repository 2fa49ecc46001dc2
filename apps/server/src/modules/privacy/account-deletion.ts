import { ErrorCode, MESSAGE_TOPICS, type AccountDeleted } from '@lend/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { FileStorage } from '../../providers/storage/storage';
import { eraseMessagesTo } from '../../providers/sms/outbox-privacy';
import { eraseSignInCodesOf } from '../account';
import { eraseSavedCardsOf } from '../cards';
import { eraseComplaintsOf, removeComplaintFiles } from '../complaints';
import { hasOpenLoan, holdsCredit } from '../orders';
import { setMessagePreference } from '../preferences';
import { hasPendingRefund } from '../refunds';
import { erasePromotionDataOf } from '../promotion';
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
 */
export async function deleteAccount(db: Db, storage: FileStorage, borrowerId: number, now: Date): Promise<AccountDeleted> {
  const { sessionsEnded, files, profileFiles } = await db.transaction(async (tx) => {
    const phone = await lockBorrowerForErasure(tx, borrowerId);
    // A concurrent deletion that won the lock has ended this session already.
    if (phone === undefined || isErasedPhone(phone)) throw new AppError(ErrorCode.SessionUnknown);
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
    await anonymiseBorrower(tx, borrowerId);
    return { sessionsEnded: ended, files: names, profileFiles };
  });
  // Again after the commit: a call that read the session between the revocation and the commit saw it live.
  forgetBorrowerSessions(borrowerId);
  await removeComplaintFiles(storage, files);
  await removeProfileFiles(storage, profileFiles);
  return { deleted: true, sessionsEnded };
}
