/** Where this browser keeps the id the server knows it by, as the native app keeps its device id. */
const DEVICE_KEY = 'lend.deviceId';
/** What every browser's device id starts with, so the sessions list tells a browser from an app. */
export const BROWSER_DEVICE_PREFIX = 'web-';

/**
 * This browser's device id (docs/decisions/239): made once and kept, so a code asked for here is
 * judged only here and the sessions list names the browser. Without storage (a private window
 * that refuses it) the id lasts as long as the page.
 */
export function browserDeviceId(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = safeStorage()): string {
  const kept = storage?.getItem(DEVICE_KEY);
  if (kept && /^web-[0-9a-f-]{36}$/.test(kept)) return kept;
  const made = `${BROWSER_DEVICE_PREFIX}${globalThis.crypto.randomUUID()}`;
  try {
    storage?.setItem(DEVICE_KEY, made);
  } catch {
    // Storage full or refused: the id still serves this page.
  }
  return made;
}

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}
