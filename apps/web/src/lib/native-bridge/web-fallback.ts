import type { BridgeMessage } from './messages';

export type WebFallbackEnv = {
  navigate: (url: string) => void;
  back: () => void;
  debug: (text: string, message: BridgeMessage) => void;
};

/** Adds params to a URL's query; for hash routes the query lives at the end of the fragment. */
export function withParams(url: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  if (!query) return url;
  const hashAt = url.indexOf('#');
  const isHashRoute = hashAt !== -1 && url.startsWith('#/', hashAt);
  if (hashAt === -1 || isHashRoute) return `${url}${url.includes('?', hashAt === -1 ? 0 : hashAt) ? '&' : '?'}${query}`;
  const head = url.slice(0, hashAt);
  return `${head}${head.includes('?') ? '&' : '?'}${query}${url.slice(hashAt)}`;
}

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
      return env.debug('native bridge: no host, ignored', message);
  }
}
