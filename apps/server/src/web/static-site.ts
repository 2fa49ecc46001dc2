import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIXES, AppRoute, ErrorCode, isKnownPagePath } from '@lend/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../plugins/error-handler';

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

function isApiPath(pathname: string): boolean {
  return API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

export type StaticSiteOptions = { webDistDir: string; mediaDir: string; previewEnabled: boolean };

/**
 * Serves the built web app (precompressed files chosen by Accept-Encoding) and answers
 * every page address with index.html: 200 for the product's pages, 404 for the rest,
 * so the app's not-found screen shows with an honest status.
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
    });
  } else {
    app.log.warn({ webDistDir: options.webDistDir }, 'web app is not built; only the API is served');
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname);
    // A missing file (anything with an extension) is a plain 404, never the page: the
    // service-worker check relies on that.
    if (!wantsPage || !hasWeb || /\.[a-z0-9]+$/i.test(pathname)) {
      return sendError(request, reply, ErrorCode.NotFound);
    }
    const known = isKnownPagePath(pathname) && (options.previewEnabled || pathname !== AppRoute.testPreview);
    reply.code(known ? 200 : 404);
    reply.header('Cache-Control', 'no-store');
    return reply.sendFile('index.html', resolve(options.webDistDir));
  };

  // The site root is a directory to the file server; it is a page to us.
  if (hasWeb) app.get('/', { schema: { hide: true } }, sendPage);
  app.setNotFoundHandler(sendPage);
}
