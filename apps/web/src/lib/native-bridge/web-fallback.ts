import { AppRoute, SIGN_IN_NEXT_PARAM } from '@lend/contracts';
import { withParams } from '../url-params';
import type { BridgeMessage } from './messages';

export { withParams };

export type WebFallbackEnv = {
  navigate: (url: string) => void;
  back: () => void;
  /** The page's own address (path, query and hash), to come back to after signing in. */
  here: () => string;
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
    case 'goToLogin':
      // A phone's browser signs in on the web and comes back here (docs/decisions/239).
      return env.navigate(withParams(AppRoute.signIn, { [SIGN_IN_NEXT_PARAM]: env.here() }));
    case 'goToMine':
    case 'goToRate':
    case 'confirmTrackingEvent':
    case 'recordProductClick':
    case 'startBankFlow':
    case 'endBankFlow':
    case 'closeDialog':
      return env.debug('native bridge: no host, ignored', message);
  }
}
