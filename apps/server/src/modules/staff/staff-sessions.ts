import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new cookie token: 32 random bytes; only its hash is stored. */
export function newSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: tokenHash(token) };
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The session's CSRF token: an HMAC of its cookie token under STAFF_SECRET_KEY, so it needs no
 * column and another site, which cannot read the cookie, cannot make it (docs/decisions/160).
 */
export function csrfTokenOf(key: Buffer, sessionToken: string): string {
  return createHmac('sha256', key).update(`csrf:${sessionToken}`).digest('base64url');
}

export function csrfMatches(key: Buffer, sessionToken: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(csrfTokenOf(key, sessionToken));
  const given = Buffer.from(presented);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
