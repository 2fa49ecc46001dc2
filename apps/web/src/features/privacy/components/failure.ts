import { ApiError, isAborted } from '../../../lib/http/errors';
import { toast } from '../../../lib/toast';

/**
 * What a failed call leaves on screen: a refusal's message (its toast has shown already), or the
 * network message, shown now. Null when the call was abandoned.
 */
export function failureText(error: unknown, networkMessage: string): string | null {
  if (isAborted(error)) return null;
  if (error instanceof ApiError) return error.message;
  toast.show(networkMessage);
  return networkMessage;
}
