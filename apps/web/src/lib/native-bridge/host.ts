import type { BridgeMessage } from './messages';

/** What the Android host injects: a string channel carrying JSON. */
export type AndroidBridgeObject = { postMessage: (json: string) => void };
/** What WKWebView exposes for the handler the iOS host registers as `nativeBridge`. */
export type WebkitHandler = { postMessage: (message: BridgeMessage) => void };

/** The parts of `window` a native host may add; only this folder may read them. */
export type NativeHost = {
  AndroidBridge?: AndroidBridgeObject;
  webkit?: { messageHandlers?: { nativeBridge?: WebkitHandler } };
};
