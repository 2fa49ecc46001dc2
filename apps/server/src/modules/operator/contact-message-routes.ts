import {
  contactMessageAnswerBodySchema,
  contactMessageListQuerySchema,
  contactMessageListSchema,
  contactMessageParamsSchema,
  contactMessageSchema,
  envelopeSchema,
  ErrorCode,
  OperatorPath,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { answerContactMessage, recentContactMessages } from '../site';
import { actorOf } from '../staff';

export function operatorContactMessageRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.contactMessages,
      {
        schema: {
          tags: ['operator'],
          summary: 'Messages left through the site contact form, newest first, a page at a time (state, q: part of the e-mail or phone, limit, cursor)',
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

    app.post(
      OperatorPath.contactMessageAnswer,
      {
        schema: {
          tags: ['operator'],
          summary: 'Mark a contact message answered, with a note of how',
          params: contactMessageParamsSchema,
          body: contactMessageAnswerBodySchema,
          response: { 200: envelopeSchema(contactMessageSchema) },
        },
      },
      async (request) => ({
        code: ErrorCode.Ok,
        message: '',
        data: await answerContactMessage(db, request.params.messageId, request.body.note, actorOf(request), new Date()),
      }),
    );
  };
}
