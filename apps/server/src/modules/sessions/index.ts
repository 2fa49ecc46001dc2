/** Borrowers and their sessions: who is signed in on which device, and the borrower's own record. */
export { anonymiseBorrower, borrowerProfile, erasedPhone, isErasedPhone, lockBorrowerForErasure, sessionRecordsOf } from './borrower-privacy';
export {
  borrowerById,
  borrowerByPhone,
  createSession,
  endAllSessions,
  endSession,
  ensureBorrower,
  forgetBorrowerSessions,
  hashSessionId,
  hasSignedInOn,
  liveSessions,
  openSession,
  registerBorrowerIfNew,
  SESSION_RECHECK_MS,
  sessionAuthenticator,
  withBorrowerPhones,
  type AuthenticatedBorrower,
  type BorrowerRow,
  type CreatedSession,
  type SessionSummary,
} from './session-service';
