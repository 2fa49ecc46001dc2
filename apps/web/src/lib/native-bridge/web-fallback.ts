import { AppRoute, NativeApp, SIGN_IN_NEXT_PARAM } from '@lend/contracts';
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

/** The page's language flag, to keep on the page it sends the borrower to. */
function languageOf(address: string): Record<string, string> {
  const language = new URLSearchParams(address.split('#')[0]?.split('?')[1] ?? '').get('language');
  return language ? { language } : {};
}

/** What a plain browser does for each action when no native host is there. */
export function runInBrowser(message: BridgeMessage, env: WebFallbackEnv): void {
  switch (message.action) {
    case 'openPage':
      return env.navigate(message.payload.url);
    case 'openPageWithParams':
      // The app's own product screen has its web twin: applying for the product, or its standing decision (docs/decisions/241).
      if (message.payload.url === NativeApp.productSchemeUrl) return env.navigate(withParams(AppRoute.apply, { ...message.payload.params, ...languageOf(env.here()) }));
      return env.navigate(withParams(message.payload.url, message.payload.params));
    case 'closeWebView':
      return env.back();
    case 'goHome':
      // A phone's browser has the borrower's home on the web, in the language of the page (docs/decisions/241).
      return env.navigate(withParams(AppRoute.webHome, languageOf(env.here())));
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
