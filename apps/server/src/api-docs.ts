import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

const DOCS_PREFIX = '/docs';

/** Headers of the inner answer that describe that one connection, not the content. */
const HOP_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'date', 'keep-alive']);

type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema' | 'constraints'>;

function notServedHere(): never {
  throw new Error('the API description app only describes routes');
}

/**
 * The API description (`/docs`, demo mode): the app notes every route as it is registered, and the
 * description and its pages are made on the first call to `/docs`, in an app of their own holding
 * the same routes and schemas, so a start does not load or run the OpenAPI generator and its UI.
 * Call before any route is registered.
 */
export function registerLazyApiDocs(app: FastifyInstance): void {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    // Fastify adds a HEAD route beside every GET; the description leaves them out, as before.
    if (route.method === 'HEAD' || route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) return;
    routes.push({ method: route.method, url: route.url, schema: route.schema, ...(route.constraints ? { constraints: route.constraints } : {}) });
  });

  let docsApp: Promise<FastifyInstance> | undefined;
  app.addHook('onClose', async () => {
    if (docsApp) await (await docsApp).close();
  });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    docsApp ??= buildDocsApp(routes);
    const answer = await (await docsApp).inject({ method: request.method === 'HEAD' ? 'HEAD' : 'GET', url: request.url, headers: request.headers });
    reply.code(answer.statusCode);
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_HEADERS.has(name)) reply.header(name, value);
    }
    return reply.send(answer.rawPayload);
  };
  app.get(DOCS_PREFIX, { schema: { hide: true } }, handler);
  app.get(`${DOCS_PREFIX}/*`, { schema: { hide: true } }, handler);
}

async function buildDocsApp(routes: readonly DocumentedRoute[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([import('@fastify/swagger'), import('@fastify/swagger-ui')]);
  const docs = Fastify({ logger: false, exposeHeadRoutes: true });
  docs.setValidatorCompiler(validatorCompiler);
  docs.setSerializerCompiler(serializerCompiler);
  await docs.register(swagger, { openapi: { info: { title: 'Lending API', version: '1.0.0' } }, transform: jsonSchemaTransform });
  await docs.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  for (const route of routes) docs.route({ ...route, handler: notServedHere });
  await docs.ready();
  return docs;
}
