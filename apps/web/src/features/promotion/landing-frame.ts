import { HashRoute, JSON_CLIENT_HEADER_KEYS, PROMOTION_BASE, PromotionCode, PromotionPath } from '@lend/contracts';
import { BASE_HEADERS } from '../../lib/http/request';
import { PAGE_FRAME_ID, PAGE_FRAME_MARKER } from '../../lib/page-frame';

/**
 * The promotion landing painted by the site root's page before any module has loaded
 * (docs/decisions/098). Campaign links are `/#/downloadTemplate?…`: the server sends the site
 * root's page and never sees the hash, so the page itself asks for the template and a visitor sid,
 * paints the banner and the template's texts into a frame it carries, and leaves both answers for
 * the landing screen, which takes them instead of asking again.
 */

/** Where the page leaves its answers, keyed by the call's address. */
export const LANDING_STORE = '__lendLanding';
/** The frame's parts the page fills, by this attribute's value. */
export const LANDING_FRAME_SLOT = 'data-slot';

export type LandingFramePlan = {
  store: string;
  frameId: string;
  marker: string;
  slot: string;
  routes: readonly string[];
  templateUrl: string;
  sidUrl: string;
  headerKeys: readonly string[];
  fixedHeaders: Readonly<Record<string, string>>;
  okCode: string;
};

/** One call the page made: its answer (the reply's JSON whatever the status, null when none), and that answer once it came. */
export type PageCall = { answer: Promise<unknown>; settled: boolean; value?: unknown };

export function landingFramePlan(): LandingFramePlan {
  return {
    store: LANDING_STORE,
    frameId: PAGE_FRAME_ID,
    marker: PAGE_FRAME_MARKER,
    slot: LANDING_FRAME_SLOT,
    routes: [HashRoute.downloadTemplate, HashRoute.agreementTemplate],
    templateUrl: `${PROMOTION_BASE}${PromotionPath.template}`,
    sidUrl: `${PROMOTION_BASE}${PromotionPath.getSid}`,
    headerKeys: JSON_CLIENT_HEADER_KEYS,
    fixedHeaders: BASE_HEADERS,
    okCode: PromotionCode.Ok,
  };
}

/**
 * Runs inline in the site root's page, before any module: on a landing address with a template
 * id, sends the template and sid calls as the promotion client would (same addresses, same
 * headers), and once both have answered and the page is parsed (`parsed`) paints the banner and
 * texts into the frame. Resolves when there is nothing more for the frame to paint: with the
 * banner's address once it has loaded, else (it failed, or an answer the landing screen will
 * explain) with nothing; undefined on any other address. Must stay self-contained: the page carries its source.
 */
export function startLandingFrame(plan: LandingFramePlan, parsed: Promise<void>): Promise<string | undefined> | undefined {
  const hash = location.hash;
  const mark = hash.indexOf('?');
  const route = (mark === -1 ? hash : hash.slice(0, mark)).slice(1);
  if (plan.routes.indexOf(route) === -1) return undefined;
  // The address query as the app reads it: the hash route's query wins over the search string.
  const address = new URLSearchParams(location.search);
  new URLSearchParams(mark === -1 ? '' : hash.slice(mark)).forEach((value, key) => address.set(key, value));
  const id = (address.get('id') ?? '').trim();
  if (!/^\d{1,10}$/.test(id)) return undefined;
  const query = new URLSearchParams({ templateId: id });
  const language = address.get('language');
  if (language) query.set('language', language);
  const headers: Record<string, string> = {};
  for (const name of Object.keys(plan.fixedHeaders)) headers[name] = plan.fixedHeaders[name] ?? '';
  for (const name of plan.headerKeys) {
    const value = address.get(name);
    if (value) headers[name] = value;
  }
  const calls: Record<string, PageCall> = {};
  const ask = (url: string): Promise<unknown> => {
    const answer = fetch(url, { headers, credentials: 'same-origin' })
      .then((response) => response.json() as Promise<unknown>)
      .catch(() => null);
    const call: PageCall = { answer, settled: false };
    void answer.then((value) => {
      call.value = value;
      call.settled = true;
    });
    calls[url] = call;
    return answer;
  };
  Object.defineProperty(window, plan.store, { value: calls, configurable: true });
  document.documentElement.setAttribute(plan.marker, '');
  type Reply = { code?: unknown; data?: Record<string, unknown> | null } | null;
  type Landing = { bannerUrl: string; title: string; headline: string; body: string; colours: Record<string, string> };
  return Promise.all([ask(`${plan.templateUrl}?${query}`), ask(`${plan.sidUrl}?${query}`), parsed]).then(
    ([template, visitor]) =>
      new Promise<string | undefined>((done) => {
        const ok = (reply: Reply) => reply !== null && reply.code === plan.okCode && typeof reply.data === 'object' && reply.data !== null;
        const frame = document.getElementById(plan.frameId);
        if (!ok(template as Reply) || !ok(visitor as Reply) || !frame) return done(undefined);
        const landing = (template as { data: Landing }).data;
        const slot = (name: string) => frame.querySelector<HTMLElement>(`[${plan.slot}="${name}"]`);
        const colours: Record<string, string> = { bg: 'background', text: 'text', button: 'button', 'button-text': 'buttonText' };
        for (const name of Object.keys(colours)) slot('landing')?.style.setProperty(`--promo-${name}`, landing.colours[colours[name] ?? ''] ?? '');
        const banner = slot('banner');
        const texts: Record<string, string> = { title: landing.title, headline: landing.headline, body: landing.body };
        for (const name of Object.keys(texts)) {
          const element = slot(name);
          if (!element) continue;
          element.textContent = texts[name] ?? '';
          element.hidden = !texts[name];
        }
        const hero = slot('hero');
        const loading = slot('loading');
        if (!banner || !hero || !loading) return done(undefined);
        banner.addEventListener('load', () => done((banner as HTMLImageElement).src), { once: true });
        banner.addEventListener('error', () => done(undefined), { once: true });
        banner.setAttribute('src', landing.bannerUrl);
        hero.hidden = false;
        loading.hidden = true;
      }),
    () => undefined,
  );
}

/** The page's script for the frame: the function above with its plan. */
export const landingFrameSource = () => `function(parsed){return(${startLandingFrame.toString()})(${JSON.stringify(landingFramePlan())},parsed)}`;

function pageCalls(): Record<string, PageCall> | undefined {
  if (typeof window === 'undefined') return undefined;
  const calls: unknown = Reflect.get(window, LANDING_STORE);
  return typeof calls === 'object' && calls !== null ? (calls as Record<string, PageCall>) : undefined;
}

/** The page's answer to this address if it has come, without taking it. */
export function settledPageAnswer(url: string): { value: unknown } | undefined {
  const call = pageCalls()?.[url];
  return call?.settled ? { value: call.value } : undefined;
}

/** The page's call to this address, answered or not; each is taken once, so a later call asks the server. */
export function takePageCall(url: string): Promise<unknown> | undefined {
  const calls = pageCalls();
  const call = calls?.[url];
  if (!calls || !call) return undefined;
  Reflect.deleteProperty(calls, url);
  return call.answer;
}
