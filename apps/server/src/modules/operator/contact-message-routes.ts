import { contactMessageListQuerySchema, contactMessageListSchema, envelopeSchema, ErrorCode, OperatorPath } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { recentContactMessages } from '../site';

export function operatorContactMessageRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.contactMessages,
      {
        schema: {
          tags: ['operator'],
          summary: 'Messages left through the site contact form, newest first, a page at a time (limit, cursor)',
          querystring: contactMessageListQuerySchema,
          response: { 200: envelopeSchema(contactMessageListSchema) },
        },
      },
      async (request) => ({
        code: ErrorCode.Ok,
        message: '',
        data: await recentContactMessages(db, request.query),
      }),
    );
  };
}
