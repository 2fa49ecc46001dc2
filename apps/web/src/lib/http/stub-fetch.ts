import { vi } from 'vitest';

/** One call a stubbed `fetch` received. */
export type FetchCall = { url: string; init: RequestInit };

/**
 * For unit tests: replaces `fetch` with `respond` and records every call in order. Undo with
 * `vi.unstubAllGlobals()`.
 */
export function stubFetch(respond: (call: FetchCall) => Response | Promise<Response>): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return respond({ url, init });
    }),
  );
  return calls;
}
