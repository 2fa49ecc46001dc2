import { createNativeBridge } from './bridge';
import type { NativeHost } from './host';

export type { BridgeAction, BridgeMessage, BridgePayloads } from './messages';
export type { NativeBridge, Transport } from './bridge';

/** The one object through which the web app talks to the native app around it. */
export const nativeBridge = createNativeBridge(() => window as Window & NativeHost, {
  navigate: (url) => window.location.assign(url),
  back: () => window.history.back(),
  here: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
  debug: (text, message) => console.debug(text, message),
});
