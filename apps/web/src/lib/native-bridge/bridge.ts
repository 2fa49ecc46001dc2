import type { NativeHost } from './host';
import type { BridgeMessage, BridgePayloads } from './messages';
import { runInBrowser, type WebFallbackEnv } from './web-fallback';

export type Transport = 'android' | 'ios' | 'web';

/** Detected on every call: a host may inject its object after the page has started. */
export function detectTransport(host: NativeHost): Transport {
  if (typeof host.AndroidBridge?.postMessage === 'function') return 'android';
  if (typeof host.webkit?.messageHandlers?.nativeBridge?.postMessage === 'function') return 'ios';
  return 'web';
}

export function sendMessage(message: BridgeMessage, host: NativeHost, fallback: WebFallbackEnv): Transport {
  const transport = detectTransport(host);
  if (transport === 'android') host.AndroidBridge?.postMessage(JSON.stringify(message));
  else if (transport === 'ios') host.webkit?.messageHandlers?.nativeBridge?.postMessage(message);
  else runInBrowser(message, fallback);
  return transport;
}

const none: Record<string, never> = {};

export function createNativeBridge(host: () => NativeHost, fallback: WebFallbackEnv) {
  const send = <A extends keyof BridgePayloads>(action: A, payload: BridgePayloads[A]) =>
    sendMessage({ action, payload } as BridgeMessage, host(), fallback);
  return {
    transport: () => detectTransport(host()),
    openPage: (url: string) => send('openPage', { url }),
    openPageWithParams: (url: string, params: Record<string, string>) => send('openPageWithParams', { url, params }),
    closeWebView: () => send('closeWebView', none),
    goHome: () => send('goHome', none),
    goToMine: () => send('goToMine', none),
    goToLogin: () => send('goToLogin', none),
    callTelephone: (phone: string) => send('callTelephone', { phone }),
    goToRate: () => send('goToRate', none),
    confirmTrackingEvent: (event: string, data: Record<string, string | number | boolean> = {}) =>
      send('confirmTrackingEvent', { event, data }),
    recordProductClick: (productId: string) => send('recordProductClick', { productId }),
    startBankFlow: () => send('startBankFlow', none),
    endBankFlow: () => send('endBankFlow', none),
    /** Dismisses the dialog the host shows the web view in (the card repayment); the app stays open. */
    closeDialog: () => send('closeDialog', none),
  };
}

export type NativeBridge = ReturnType<typeof createNativeBridge>;
