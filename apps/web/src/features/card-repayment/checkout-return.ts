import { hashQuery } from '../../lib/page-params';

/**
 * The provider's checkout brings the borrower back without the session id: the session never goes
 * to another company's server, where it would sit in their logs (docs/decisions/082). The web view
 * keeps it in this tab's sessionStorage for the one repayment, and puts it back into the address
 * when the checkout returns with that repayment's id.
 */
const KEY_PREFIX = 'lend.checkout.';

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function store(): SessionStore | null {
  try {
    return window.sessionStorage;
  } catch {
    // A web view with storage turned off: the borrower comes back without a session and sees the refusal.
    return null;
  }
}

export function rememberCheckoutSession(repayRecordId: string, sessionId: string | undefined, storage = store()): void {
  if (sessionId) storage?.setItem(`${KEY_PREFIX}${repayRecordId}`, sessionId);
}

/** The hash with the remembered session put back, or null when there is nothing to restore. */
export function restoredCheckoutHash(hash: string, storage = store()): string | null {
  const query = new URLSearchParams(hashQuery(hash));
  const recordId = query.get('repayRecordId');
  if (!recordId || query.get('sessionId') || !storage) return null;
  const sessionId = storage.getItem(`${KEY_PREFIX}${recordId}`);
  if (!sessionId) return null;
  storage.removeItem(`${KEY_PREFIX}${recordId}`);
  query.set('sessionId', sessionId);
  const path = hash.slice(0, hash.indexOf('?'));
  return `${path}?${query.toString()}`;
}

/** Called before the hash router reads the address. */
export function restoreCheckoutSession(): void {
  const restored = restoredCheckoutHash(window.location.hash);
  if (restored !== null) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${restored}`);
}
