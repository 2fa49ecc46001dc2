import { ErrorCode, PrivacyLimits, type BorrowerData, type MessagePreferences, type MessageTopic, type PrivacyOverview } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { messagesSentTo } from '../../providers/sms/outbox-privacy';
import { complaintDataOf } from '../complaints';
import { hasOpenLoan, holdsCredit } from '../orders';
import { loanDataOf } from '../payments';
import { messagePreferencesOf, newestMessagePreferenceChanges, setMessagePreference } from '../preferences';
import { hasPendingRefund } from '../refunds';
import { collectionsDataOf } from '../collections';
import { creditDataOf } from '../credit';
import { profileDataOf } from '../profiles';
import { AppError } from '../../errors';
import { borrowerById, borrowerProfile, sessionRecordsOf } from '../sessions';
import { arcoRequestsOfBorrower } from './arco-service';

/** What the privacy centre shows first: the switches, the requests and whether deletion is possible now. */
export async function privacyOverview(db: Queryable, borrowerId: number): Promise<PrivacyOverview> {
  const borrower = await borrowerById(db, borrowerId);
  if (!borrower) throw new AppError(ErrorCode.NotFound);
  return {
    market: borrower.market === 'IN' ? 'IN' : 'MX',
    preferences: await messagePreferencesOf(db, borrowerId),
    requests: await arcoRequestsOfBorrower(db, borrowerId),
    openLoan: await hasOpenLoan(db, borrowerId),
    // A pending refund gives the credit back if the provider fails it: deletion waits for it too.
    creditHeld: (await holdsCredit(db, borrowerId)) || (await hasPendingRefund(db, borrowerId)),
  };
}

/** The borrower changes one switch themselves; the change is recorded with source 'borrower'. */
export function setOwnMessagePreference(db: Queryable, borrowerId: number, topic: MessageTopic, enabled: boolean, now: Date): Promise<MessagePreferences> {
  return setMessagePreference(db, { borrowerId, topic, enabled, source: 'borrower', now });
}

/**
 * Everything held about the borrower whose session asked, each section read by the module that
 * owns it. The identity is the session's: there is no parameter naming another borrower.
 */
export async function borrowerData(db: Queryable, borrowerId: number, now: Date): Promise<BorrowerData> {
  const profile = await borrowerProfile(db, borrowerId);
  if (!profile) throw new Error(`borrower ${borrowerId} has a session but no row`);
  const loans = await loanDataOf(db, borrowerId);
  // The lists that grow with use are bounded: the newest rows, and a count of the older ones.
  const bound = PrivacyLimits.downloadListMax;
  const sessions = await sessionRecordsOf(db, borrowerId, bound);
  const changes = await newestMessagePreferenceChanges(db, borrowerId, bound);
  const messages = await messagesSentTo(db, profile.phone, bound);
  return {
    generatedAt: now.toISOString(),
    profile,
    sessions: sessions.items,
    orders: loans.orders,
    contracts: loans.contracts,
    complaints: await complaintDataOf(db, borrowerId),
    messagePreferences: { current: await messagePreferencesOf(db, borrowerId), changes: changes.items },
    arcoRequests: await arcoRequestsOfBorrower(db, borrowerId),
    smsMessages: messages.items,
    olderRowsLeftOut: { sessions: sessions.olderLeftOut, messagePreferenceChanges: changes.olderLeftOut, smsMessages: messages.olderLeftOut },
    // ---- borrower profile and certification (docs/decisions/135) ----
    certification: await profileDataOf(db, borrowerId),
    // ---- credit decisions, with the inputs each read (docs/decisions/141, 142) ----
    creditDecisions: await creditDataOf(db, borrowerId),
    // ---- collections: contacts, promises to pay and requests for a plan (docs/decisions/243, 248) ----
    collections: await collectionsDataOf(db, borrowerId),
  };
}
