import { createHash } from 'node:crypto';

/** What a credit officer may refund unless STAFF_REFUND_LIMIT_MINOR says: 5,000 in the order's currency. */
export const DEFAULT_STAFF_REFUND_LIMIT_MINOR = 500_000;

/**
 * The key that seals authenticator secrets outside production: public, so a development or test
 * database's secrets protect nothing; production refuses to start without its own (docs/decisions/160).
 */
export const DEVELOPMENT_STAFF_SECRET_KEY = createHash('sha256').update('lend development staff secret key').digest();

/** What the staff module takes from the configuration and the app. */
export type StaffDeps = {
  secretKey: Buffer;
  /** The cookie is sent over HTTPS only (production). */
  secureCookie: boolean;
  now: () => Date;
};
