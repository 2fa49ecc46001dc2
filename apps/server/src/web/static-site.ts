import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  AppRoute,
  BACKOFFICE_HTML,
  BACKOFFICE_PATH,
  CONTACT_RESULT_PARAM,
  contactResultMessages,
  ErrorCode,
  isApiPath,
  isKnownPagePath,
  marketPageKey,
  Prerender,
  SITE_MARKET_PARAM,
  siteMarketFromQuery,
  siteMarketOf,
  WEB_APP_MANIFEST_PATH,
  type CompanyFacts,
  type PhoneMarket,
  type SiteMarket,
  type ScreenRequest,
} from '@lend/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../plugins/error-handler';
import { allowingScripts, loadBorrowerShells, screenRendererLoader, type BorrowerShells, type ScreenRenderer } from './borrower-shells';
import { encode, loadPrerenderedPages, preferredEncoding } from './prerendered-pages';
import { loadWebAppManifests } from './web-app-manifest';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Hashed build assets never change, so browsers keep them a year; HTML is always fetched anew. */
function cacheHeaders(reply: FastifyReply, path: string) {
  if (path.includes('/assets/')) {
    reply.header('Cache-Control', `public, max-age=${YEAR_SECONDS}, immutable`);
  } else if (/\.html(\.br|\.gz)?$/.test(path)) {
    reply.header('Cache-Control', 'no-store');
  } else {
    reply.header('Cache-Control', 'no-cache');
  }
}

export type StaticSiteOptions = {
  webDistDir: string;
  /** Images the server serves itself under `/media/` (product logos, promotion banners). */
  mediaDir: string;
  previewEnabled: boolean;
  /** The lender's facts, filled into the prerendered site pages. */
  /** The lender's facts of a market, for the pages of that market (docs/decisions/230). */
  companyFacts: (market: SiteMarket) => Promise<CompanyFacts | null>;
  /** The market of the borrower whose live web session the request's cookie carries, else null (docs/decisions/239, 240). */
  webSessionMarket: (request: FastifyRequest) => Promise<PhoneMarket | null>;
};

const withoutTrailingSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

type EnvelopeLike = { code?: unknown; data?: unknown };

/**
 * The screen's page rendered with its first call's answer, or null when the page keeps its frame:
 * the screen has no such call or the address lacks what it needs, the call is refused (a wrong or
 * expired session, an order that is not the borrower's: the browser then shows the refusal exactly
 * as it does today), or the screen cannot render here. The call goes through the borrower API
 * itself, with the address's session and headers, so it is checked, limited and answered exactly
 * as the browser's own call would be.
 */
async function screenWithData(
  app: FastifyInstance,
  request: FastifyRequest,
  page: string,
  shells: BorrowerShells,
  renderer: ScreenRenderer | null,
): Promise<{ html: string; scriptHashes: readonly string[] } | null> {
  if (!renderer || request.method !== 'GET' || !shells.rendersWithData(page)) return null;
  const mark = request.url.indexOf('?');
  const search = mark === -1 ? '' : request.url.slice(mark);
  let call: ScreenRequest | null;
  try {
    call = renderer.firstCall(page, search);
  } catch (error) {
    request.log.warn({ err: error, page }, 'borrower screen has no first call on the server; its frame is sent');
    return null;
  }
  if (!call) return null;
  const answer = await app.inject({
    method: call.method === 'GET' ? 'GET' : 'POST',
    url: call.url,
    // A web session rides in its cookie (docs/decisions/239): the page is rendered as the browser's own call would be answered.
    headers: { ...call.headers, 'user-agent': request.headers['user-agent'] ?? '', ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) },
    ...(call.body === undefined ? {} : { payload: call.body }),
    remoteAddress: request.ip,
  });
  let envelope: EnvelopeLike;
  try {
    envelope = answer.json<EnvelopeLike>();
  } catch {
    return null;
  }
  if (answer.statusCode !== 200 || envelope.code !== 0) return null;
  try {
    return shells.screenPage(page, request.language, renderer.render(page, search, request.language, envelope.data));
  } catch (error) {
    request.log.warn({ err: error, page }, 'borrower screen not rendered on the server; its frame is sent');
    return null;
  }
}

/**
 * Serves the built web app (precompressed files chosen by Accept-Encoding) and answers
 * every page address with index.html: 200 for the product's pages, 404 for the rest,
 * so the app's not-found screen shows with an honest status. Site pages the build prerendered
 * are answered with their own HTML in the visitor's language, filled with the company facts.
 */
export async function registerStaticSite(app: FastifyInstance, options: StaticSiteOptions) {
  await app.register(fastifyStatic, {
    root: options.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    cacheControl: false,
    setHeaders: (reply: FastifyReply) => reply.header('Cache-Control', 'public, max-age=86400'),
  });

  const hasWeb = existsSync(join(options.webDistDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: resolve(options.webDistDir),
      prefix: '/',
      preCompressed: true,
      cacheControl: false,
      index: false,
      setHeaders: cacheHeaders,
      // Page templates are only ever sent filled in (below); the back office only at its own address.
      allowedPath: (pathName: string) => !pathName.startsWith(Prerender.folder) && pathName !== `/${BACKOFFICE_HTML}`,
    });
  } else {
    app.log.warn({ webDistDir: options.webDistDir }, 'web app is not built; only the API is served');
  }

  const prerendered = hasWeb ? loadPrerenderedPages(options.webDistDir) : null;
  const shells = hasWeb ? loadBorrowerShells(options.webDistDir) : null;
  const screenRenderer = shells ? screenRendererLoader(options.webDistDir) : async () => null;
  // Loaded once the server listens, so that neither the start nor the first borrower waits for it.
  if (shells) {
    app.addHook('onListen', (done) => {
      setTimeout(() => void screenRenderer().catch((error: unknown) => app.log.error({ err: error }, 'borrower screen renderer did not load')), 200).unref();
      done();
    });
  }

  /** A market's own page of a page that differs by market (`/Loan?market=MX`, docs/decisions/147), else the page. */
  const prerenderedTemplate = (page: string, url: string, has: (key: string) => boolean): string => {
    const market = siteMarketFromQuery(new URLSearchParams(url.split('?')[1] ?? '').get(SITE_MARKET_PARAM));
    const key = market ? marketPageKey(page, market) : page;
    return has(key) ? key : page;
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname);
    // A missing file (anything with an extension) is a plain 404, never the page: the
    // service-worker check relies on that.
    if (!wantsPage || !hasWeb || /\.[a-z0-9]+$/i.test(pathname)) {
      return sendError(request, reply, ErrorCode.NotFound);
    }
    const page = withoutTrailingSlash(pathname);
    const template = prerendered ? prerenderedTemplate(page, request.url, prerendered.has) : page;
    if (prerendered?.has(template)) {
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const contactResult = contactResultMessages(new URLSearchParams(request.url.split('?')[1] ?? '').get(CONTACT_RESULT_PARAM), request.language);
      const year = String(new Date().getUTCFullYear());
      const market = siteMarketOf(new URLSearchParams(request.url.split('?')[1] ?? '').get(SITE_MARKET_PARAM), request.language);
      const body = prerendered.render(template, request.language, await options.companyFacts(market), year, encoding, contactResult);
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('Content-Security-Policy', allowingScripts(policy, prerendered.scriptHashes(template, request.language)));
      reply.header('Cache-Control', 'no-store').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(body);
    }
    const known = isKnownPagePath(pathname) && (options.previewEnabled || page !== AppRoute.testPreview);
    // A borrower screen's own page: its frame painted at once, its scripts and first call started together.
    if (known && shells?.has(page)) {
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const rendered = await screenWithData(app, request, page, shells, await screenRenderer().catch(() => null));
      const policy = reply.getHeader('content-security-policy');
      if (rendered !== null) {
        if (typeof policy === 'string') reply.header('Content-Security-Policy', allowingScripts(policy, rendered.scriptHashes));
        reply.header('Cache-Control', 'no-store').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
        if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
        return reply.send(encode(rendered.html, encoding, true));
      }
      const shell = shells.page(page, request.language, encoding);
      if (typeof policy === 'string') reply.header('Content-Security-Policy', allowingScripts(policy, shell.scriptHashes));
      reply.header('Cache-Control', 'no-store').header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      return reply.send(shell.body);
    }
    reply.code(known ? 200 : 404);
    reply.header('Cache-Control', 'no-store');
    return reply.sendFile('index.html', resolve(options.webDistDir));
  };

  // The back office's one page (docs/decisions/166): never cached, never framed, never indexed.
  if (hasWeb && existsSync(join(options.webDistDir, BACKOFFICE_HTML))) {
    const sendBackoffice = async (_request: FastifyRequest, reply: FastifyReply) => {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string') reply.header('Content-Security-Policy', policy.replace(/frame-ancestors [^;]*/, "frame-ancestors 'none'"));
      reply.header('X-Frame-Options', 'DENY').header('X-Robots-Tag', 'noindex, nofollow').header('Cache-Control', 'no-store');
      return reply.sendFile(BACKOFFICE_HTML, resolve(options.webDistDir));
    };
    app.get(BACKOFFICE_PATH, { schema: { hide: true } }, sendBackoffice);
    app.get(`${BACKOFFICE_PATH}/`, { schema: { hide: true } }, sendBackoffice);
  }

  // The web app's manifest (docs/decisions/240): the signed-in borrower's market, else the market of
  // the language the page asked in. It names no borrower, but differs by their cookie: revalidated on
  // each use, and kept apart per cookie by any cache on the way.
  const manifests = hasWeb ? loadWebAppManifests(options.webDistDir) : null;
  if (hasWeb) {
    app.get(WEB_APP_MANIFEST_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (!manifests) return sendError(request, reply, ErrorCode.NotFound);
      const market = (await options.webSessionMarket(request)) ?? siteMarketOf(null, request.language);
      reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie').type('application/manifest+json; charset=utf-8');
      return reply.send(manifests[market]);
    });
  }

  // The site root is a directory to the file server; it is a page to us.
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendPage);
  app.setNotFoundHandler(sendPage);
}
