import {
  createSessionRequestSchema,
  createSessionResponseSchema,
  envelopeSchema,
  ErrorCode,
  OperatorPath,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { actorOf } from '../staff';
import { openBorrowerSession } from './borrower-service';

export function operatorSessionRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      OperatorPath.createSession,
      {
        schema: {
          tags: ['operator'],
          summary: 'Open a borrower session, creating the borrower if the phone is new',
          body: createSessionRequestSchema,
          response: { 200: envelopeSchema(createSessionResponseSchema) },
        },
      },
      async (request) => {
        const session = await openBorrowerSession(db, request.body, actorOf(request), new Date());
        request.log.info({ userId: session.userId }, 'operator opened a borrower session');
        return {
          code: ErrorCode.Ok,
          message: '',
          data: { userId: session.userId, sessionId: session.sessionId, expiresAt: session.expiresAt.toISOString() },
        };
      },
    );
  };
}
