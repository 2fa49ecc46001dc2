import { withParams } from '../url-params';
import type { BridgeMessage } from './messages';

export { withParams };

export type WebFallbackEnv = {
  navigate: (url: string) => void;
  back: () => void;
  debug: (text: string, message: BridgeMessage) => void;
};

/** What a plain browser does for each action when no native host is there. */
export function runInBrowser(message: BridgeMessage, env: WebFallbackEnv): void {
  switch (message.action) {
    case 'openPage':
      return env.navigate(message.payload.url);
    case 'openPageWithParams':
      return env.navigate(withParams(message.payload.url, message.payload.params));
    case 'closeWebView':
      return env.back();
    case 'goHome':
      return env.navigate('/');
    case 'callTelephone':
      return env.navigate(`tel:${message.payload.phone}`);
    case 'goToMine':
    case 'goToLogin':
    case 'goToRate':
    case 'confirmTrackingEvent':
    case 'recordProductClick':
    case 'startBankFlow':
    case 'endBankFlow':
    case 'closeDialog':
      return env.debug('native bridge: no host, ignored', message);
  }
}
