import { resolve } from 'node:path';
import formBody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Limits, MACHINE_BASE, OPERATOR_BASE, OperatorPath, healthResponseSchema } from '@lend/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { REDACT_PATHS, requestSerializer } from './logging';
import { previewRoutes } from './modules/dev/preview-routes';
import { loanRoutes } from './modules/loans/loan-routes';
import { operatorLoanRoutes } from './modules/loans/operator-loan-routes';
import { operatorAuth } from './modules/operator/operator-auth';
import { operatorSessionRoutes } from './modules/operator/session-routes';
import { serviceContactsRoutes } from './modules/service-contacts/service-contacts-routes';
import { borrowerAuth } from './plugins/borrower-auth';
import { errorHandler } from './plugins/error-handler';
import { rateLimits } from './plugins/rate-limits';
import { requestLanguage } from './plugins/request-language';
import { sandboxCashPayments } from './providers/payments/cash-payments';
import { registerStaticSite } from './web/static-site';

export type AppOptions = {
  config: Config;
  database: Database;
  operatorToken: string;
  logger?: FastifyServerOptions['logger'];
};

/** Files the server serves itself under /media/: product and payment-channel logos. */
const mediaDir = resolve(import.meta.dirname, '../assets');

/** External plugins, then our plugins, then routes; one error handler answers every failure. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const db = database.db;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
      serializers: { req: requestSerializer },
    },
    bodyLimit: Limits.bodyBytesMax,
    trustProxy: config.isProduction,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(helmet, {
    referrerPolicy: { policy: 'no-referrer' },
    contentSecurityPolicy: {
      directives: {
        'img-src': ["'self'", 'data:', 'blob:'],
        'frame-ancestors': ["'self'"],
        // Served over plain HTTP in development and behind TLS termination in production.
        'upgrade-insecure-requests': null,
      },
    },
  });
  await app.register(formBody, { bodyLimit: Limits.bodyBytesMax });
  await app.register(requestLanguage);
  await app.register(errorHandler);
  await app.register(rateLimits, { redisUrl: config.redisUrl });

  if (config.demo) {
    await app.register(swagger, {
      openapi: { info: { title: 'Lending API', version: '1.0.0' } },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/docs' });
  }

  app.get('/healthz', { schema: { hide: true, response: { 200: healthResponseSchema } } }, async () => ({
    status: 'ok' as const,
  }));

  const machine: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('preHandler', borrowerAuth(db));
    await scope.register(serviceContactsRoutes(db));
    await scope.register(loanRoutes(db, sandboxCashPayments));
  };
  await app.register(machine, { prefix: MACHINE_BASE });

  const operator: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('preHandler', operatorAuth(options.operatorToken));
    scope.get(OperatorPath.health, { schema: { tags: ['operator'], response: { 200: healthResponseSchema } } }, async () => ({
      status: 'ok' as const,
    }));
    await scope.register(operatorSessionRoutes(db));
    await scope.register(operatorLoanRoutes(db, { clockOverride: config.demo }));
  };
  await app.register(operator, { prefix: OPERATOR_BASE });

  if (config.demo) await app.register(previewRoutes(db));

  await registerStaticSite(app, { webDistDir: config.webDistDir, mediaDir, previewEnabled: config.demo });
  return app;
}
