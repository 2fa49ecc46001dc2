import { COMMON_QUERY_KEYS, DEFAULT_MERCHANT_NUMBER, FORM_CLIENT_HEADER_KEYS, MACHINE_BASE, type PageOnlyParamKey, type ScreenRequest } from '@lend/contracts';

/**
 * Address params a first call sends: the page's own, the repayment instruction's, and the
 * complaint a complaint's details show.
 */
export type CallParamKey = PageOnlyParamKey | 'amount' | 'payCode' | 'requestType' | 'problemId';

/**
 * A screen's first borrower call, described as data so that the page's HTML can start it before
 * any module has loaded (scripts/borrower-shells.mjs writes it into the page as a tiny inline
 * script), and the screen's api module can send the very same call when there is nothing to reuse.
 */
export type PrefetchableCall = {
  /** Relative to MACHINE_BASE (contracts' MachinePath). */
  path: string;
  /** A GET call carries its values in its path's query; any other call is a form POST. */
  method?: 'GET';
  /** Page params the call sends (as its form body, or a GET's query), in this order, when the address has them. */
  bodyKeys: readonly CallParamKey[];
  /** The call's own name for a page param where the two differ (the contract's `orderNo` is the page's `orderId`). */
  paramNames?: Readonly<Partial<Record<CallParamKey, string>>>;
  /** Without these in the address the screen makes no call, so neither does the page. */
  requiredKeys?: readonly CallParamKey[];
  /** Values the call always sends, after the page params (customer service's `overall`). */
  fixedBody?: Readonly<Record<string, string>>;
};

/** The values a call sends: its body keys that have a value, in the call's order and by its names for them, then its fixed values. */
export type CallValues = Partial<Record<CallParamKey, string | undefined>>;

export function callBody(call: PrefetchableCall, values: CallValues): Record<string, string> {
  const body: Record<string, string> = {};
  for (const key of call.bodyKeys) {
    const value = values[key];
    if (value) body[call.paramNames?.[key] ?? key] = value;
  }
  return { ...body, ...call.fixedBody };
}

/** Where a call goes, relative to MACHINE_BASE: a GET call's values join its path as a query. */
export function callPath(call: PrefetchableCall, values: CallValues): string {
  if (call.method !== 'GET') return call.path;
  const query = new URLSearchParams(callBody(call, values)).toString();
  return query ? `${call.path}?${query}` : call.path;
}


/**
 * What makes two requests the same: method, address, body and headers (in any order): the page
 * and the client compute it alike.
 */
export function prefetchKey(request: ScreenRequest): string {
  const headers = Object.keys(request.headers)
    .map((name) => [name.toLowerCase(), request.headers[name]])
    .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
  return JSON.stringify([request.method, request.url, request.body ?? '', headers]);
}

/** Where the page's inline script leaves the calls it started, keyed by `prefetchKey`. */
export const PREFETCH_STORE = '__lendPrefetch';

/** Everything needed to build a form call as the form client would, from contracts. */
export type PrefetchPlan = {
  /** The call's path relative to MACHINE_BASE, which also names its answer in the page. */
  path: string;
  method: 'GET' | 'POST';
  url: string;
  queryKeys: readonly string[];
  queryDefaults: Readonly<Record<string, string>>;
  headerKeys: readonly string[];
  fixedHeaders: Readonly<Record<string, string>>;
  bodyKeys: readonly string[];
  paramNames: Readonly<Record<string, string>>;
  requiredKeys: readonly string[];
  fixedBody: Readonly<Record<string, string>>;
};

/** `fixedHeaders`: what the form client sends whatever the address (lib/http). */
export function prefetchPlan(call: PrefetchableCall, fixedHeaders: Readonly<Record<string, string>>): PrefetchPlan {
  return {
    path: call.path,
    method: call.method ?? 'POST',
    url: `${MACHINE_BASE}${call.path}`,
    queryKeys: COMMON_QUERY_KEYS,
    queryDefaults: { merchantNumber: DEFAULT_MERCHANT_NUMBER },
    headerKeys: FORM_CLIENT_HEADER_KEYS,
    fixedHeaders,
    bodyKeys: call.bodyKeys,
    paramNames: call.paramNames ?? {},
    requiredKeys: call.requiredKeys ?? [],
    fixedBody: call.fixedBody ?? {},
  };
}

/** The address's value of a param, read as `readPageParams` reads it (trimmed, empty is absent), or the plan's default. */
function addressReader(plan: PrefetchPlan, address: URLSearchParams) {
  return (name: string) => {
    const value = (address.get(name) ?? '').trim();
    return value === '' ? plan.queryDefaults[name] : value;
  };
}

/**
 * What the plan's call sends of its own on an address (its form body, or a GET's query), encoded
 * as the form client encodes it, or null when the address lacks a required param.
 */
export function planValues(plan: PrefetchPlan, search: string): string | null {
  const read = addressReader(plan, new URLSearchParams(search));
  if (plan.requiredKeys.some((name) => read(name) === undefined)) return null;
  const values = new URLSearchParams();
  for (const name of plan.bodyKeys) {
    const value = read(name);
    if (value !== undefined) values.set(plan.paramNames[name] ?? name, value);
  }
  for (const name of Object.keys(plan.fixedBody)) values.set(name, plan.fixedBody[name] ?? '');
  return values.toString();
}

/**
 * The request the form client sends for the plan on an address (its query string), or null when
 * the address lacks a required param. The page's inline script sends it, and the server builds the
 * same request to render the screen with its answer (docs/decisions/097).
 */
export function prefetchRequest(plan: PrefetchPlan, search: string): ScreenRequest | null {
  const own = planValues(plan, search);
  if (own === null) return null;
  const address = new URLSearchParams(search);
  const read = addressReader(plan, address);
  const query = new URLSearchParams();
  for (const name of plan.queryKeys) {
    const value = read(name);
    if (value !== undefined) query.set(name, value);
  }
  const headers: Record<string, string> = { ...plan.fixedHeaders };
  for (const name of plan.headerKeys) {
    const value = address.get(name);
    if (value) headers[name] = value;
  }
  // A GET call's own values come first in its query, the common ones after (as `machineUrl` joins them).
  const queryText = [plan.method === 'GET' ? own : '', query.toString()].filter((part) => part !== '').join('&');
  const url = plan.url + (queryText ? `?${queryText}` : '');
  return plan.method === 'GET' ? { method: 'GET', url, headers, body: undefined } : { method: 'POST', url, headers, body: own };
}

/** The first of a screen's calls whose values the address has, as `prefetchRequest` builds it. */
export function firstRequestOf(plans: readonly PrefetchPlan[], search: string): { plan: PrefetchPlan; request: ScreenRequest } | null {
  for (const plan of plans) {
    const request = prefetchRequest(plan, search);
    if (request) return { plan, request };
  }
  return null;
}

/** A call's answer as the page received it (status and body), or null when it failed in transport. */
export type PrefetchedAnswer = { status: number; text: string } | null;

/** One call the page started: its answer, and that answer once it has come. */
type PrefetchedCall = { answer: Promise<PrefetchedAnswer>; settled?: { value: PrefetchedAnswer } };

function prefetchStore(create: boolean): Record<string, PrefetchedCall> | undefined {
  const store: unknown = Reflect.get(window, PREFETCH_STORE);
  if (typeof store === 'object' && store !== null) return store as Record<string, PrefetchedCall>;
  if (!create) return undefined;
  const created: Record<string, PrefetchedCall> = {};
  Object.defineProperty(window, PREFETCH_STORE, { value: created, configurable: true });
  return created;
}

/**
 * Sends the request as the client would, before any module has loaded (the page's inline
 * scripts: a borrower screen's first call, the promotion landing's two), and leaves its answer
 * under the request's key for the client to take.
 */
export function startPrefetch(request: ScreenRequest): Promise<PrefetchedAnswer> {
  const call: PrefetchedCall = {
    answer: fetch(request.url, { method: request.method, headers: request.headers, body: request.body, credentials: 'same-origin' }).then(
      async (response) => ({ status: response.status, text: await response.text() }),
      () => null,
    ),
  };
  void call.answer.then((value) => {
    call.settled = { value };
  });
  const store = prefetchStore(true);
  if (store) store[prefetchKey(request)] = call;
  return call.answer;
}

/**
 * A borrower screen's page: starts the screen's first call when its address has what the call
 * needs; a screen whose call depends on the address lists its calls, the first that fits is sent.
 */
export function prefetchFirstCall(plans: readonly PrefetchPlan[], search: string): void {
  const first = firstRequestOf(plans, search);
  if (first) void startPrefetch(first.request);
}

/**
 * A screen rendered by the server with its first call's answer carries that answer in the page
 * (a JSON data block, never run), so the browser renders the same screen from it at once and
 * does not ask again. Keyed by the call's path and form body: the page's own address decides both.
 */
export const EMBEDDED_ANSWERS_ID = 'lend-answers';

export type EmbeddedAnswers = Readonly<Record<string, unknown>>;

export const embeddedAnswerKey = (path: string, body: string) => `${path}?${body}`;

let embedded: EmbeddedAnswers | null | undefined;

function readEmbeddedAnswers(): EmbeddedAnswers | null {
  if (typeof document === 'undefined') return null;
  const text = document.getElementById(EMBEDDED_ANSWERS_ID)?.textContent;
  if (!text) return null;
  try {
    const answers: unknown = JSON.parse(text);
    return typeof answers === 'object' && answers !== null ? (answers as EmbeddedAnswers) : null;
  } catch {
    return null;
  }
}

/** The `data` of a code-0 answer the page carries for this call, if any. */
export function embeddedAnswer(key: string): unknown {
  if (embedded === undefined) embedded = readEmbeddedAnswers();
  return embedded && Object.hasOwn(embedded, key) ? embedded[key] : undefined;
}

/**
 * The server's render sets the answers for one synchronous render and clears them after (null);
 * undefined has them read from the page's data block on next use. In the browser the screens that
 * used them have rendered once they are forgotten, so a later visit within the app asks the server.
 */
export function provideEmbeddedAnswers(answers: EmbeddedAnswers | null | undefined): void {
  embedded = answers;
}

export function forgetEmbeddedAnswers(): void {
  embedded = null;
}

/** The page's answer to this request if it has come, without taking it. */
export function settledPrefetch(request: ScreenRequest): { value: PrefetchedAnswer } | undefined {
  return prefetchStore(false)?.[prefetchKey(request)]?.settled;
}

/**
 * Each call the page started is taken once, by the first request that is the same; a first call the
 * page did not make drops them all. Either way a later call, or another visit within the app, asks
 * the server.
 */
export function takePrefetched(request: ScreenRequest): Promise<PrefetchedAnswer> | undefined {
  const store = prefetchStore(false);
  if (!store) return undefined;
  const key = prefetchKey(request);
  const call = store[key];
  if (call) Reflect.deleteProperty(store, key);
  else Reflect.deleteProperty(window, PREFETCH_STORE);
  return call?.answer;
}
