import { createHash } from 'node:crypto';

// Settings' defaults and allowed values that modules read too: configuration owns them, so it
// depends on no module.

/** Default time between reminder passes (REMINDER_INTERVAL_MS): a reminder waits at most this long once its window opens. */
export const REMINDER_INTERVAL_MS = 5 * 60 * 1000;

/** Time between two passes of the cash reconciler, unless CASH_RECONCILE_INTERVAL_MS says otherwise. */
export const CASH_RECONCILE_INTERVAL_MS = 5 * 60 * 1000;

/**
 * How long a pending refund is left to whoever last asked its provider (its sender, or a follow-up)
 * before a follow-up asks again, unless REFUND_FOLLOW_AFTER_MS says (docs/decisions/214): longer
 * than a refund's provider calls may take together, each within its time limit.
 */
export const REFUND_FOLLOW_AFTER_MS = 5 * 60 * 1000;

/** What a credit officer may refund unless STAFF_REFUND_LIMIT_MINOR says: 5,000 in the order's currency. */
export const DEFAULT_STAFF_REFUND_LIMIT_MINOR = 500_000;

/**
 * The key that seals authenticator secrets outside production: public, so a development or test
 * database's secrets protect nothing; production refuses to start without its own (docs/decisions/160).
 */
export const DEVELOPMENT_STAFF_SECRET_KEY = createHash('sha256').update('lend development staff secret key').digest();

/** Where CARD_CRASH_AT may stop the card charge for its crash test (docs/decisions/082). */
export const CARD_CRASH_POINTS = ['before-charge', 'after-charge', 'after-apply'] as const;
export type CardCrashPoint = (typeof CARD_CRASH_POINTS)[number];
