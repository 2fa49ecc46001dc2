import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '@lend/contracts';

/**
 * The secret the sandbox provider and the simulator sign with when none is configured. It is
 * public (it is in this file), which is why production refuses to start without its own.
 */
export const SANDBOX_WEBHOOK_SECRET = 'sandbox-cash-webhook-secret-not-for-production';

function hmacHex(secret: string, timestamp: number, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The `Lend-Signature` value of a delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "t.body")>`. */
export function sign(secret: string, rawBody: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${hmacHex(secret, timestamp, rawBody)}`;
}

export type SignatureVerdict = 'valid' | 'bad-signature' | 'stale';

function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [key, value] = part.trim().split('=', 2);
    if (key === 't' && value !== undefined && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && value !== undefined && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

/**
 * Checks a delivery's signature over its raw body. The signature is checked before the time, so an
 * unsigned caller learns nothing about our clock; a signed time further than the tolerance from
 * ours, either way, is stale (a replayed capture, or a sender whose clock is wrong). Every `v1` in
 * the header is tried, so a provider can sign with an old and a new secret while one is rotated.
 */
export function verify(secret: string, rawBody: string, header: string | undefined, now: Date): SignatureVerdict {
  const parsed = header ? parseHeader(header) : null;
  if (!parsed) return 'bad-signature';
  const expected = Buffer.from(hmacHex(secret, parsed.timestamp, rawBody), 'hex');
  // Constant time over equal lengths: both sides are 32-byte digests, checked by the header pattern.
  const matches = parsed.signatures.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) return 'bad-signature';
  const skew = Math.abs(Math.floor(now.getTime() / 1000) - parsed.timestamp);
  return skew > WEBHOOK_TOLERANCE_SECONDS ? 'stale' : 'valid';
}
