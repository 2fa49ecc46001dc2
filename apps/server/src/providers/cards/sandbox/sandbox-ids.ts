import { randomBytes } from 'node:crypto';

/** A provider id: the prefix and 24 url-safe random characters (144 bits), unguessable. */
export function sandboxId(prefix: 'tok_' | 'ch_' | 'chk_' | 'evt_'): string {
  return `${prefix}${randomBytes(18).toString('base64url')}`;
}
