import { ApiError, isAborted } from '../../../lib/http/errors';
import { toast } from '../../../lib/toast';

/**
 * What a failed call whose refusal the section shows itself (its call leaves it to the caller)
 * leaves on screen: the refusal's message or the network message, said there and only there
 * (docs/decisions/234). Null when the call was abandoned.
 */
export function failureText(error: unknown, networkMessage: string): string | null {
  if (isAborted(error)) return null;
  if (error instanceof ApiError) return error.message;
  return networkMessage;
}

/** A failed call with no place of its own on screen: its refusal was a toast already; a lost answer is one now. */
export function sayFailure(error: unknown, networkMessage: string): void {
  if (isAborted(error) || error instanceof ApiError) return;
  toast.show(networkMessage);
}
