import { captchaAnswerQuerySchema, captchaAnswerSchema, envelopeSchema, ErrorCode, OperatorPath, smsOutboxPageSchema, smsOutboxQuerySchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { outboxPage } from '../../providers/sms/outbox-page';
import type { PromotionDeps } from './promotion-deps';
import { currentCaptchaAnswer } from './visitor-service';
import { ok } from '../../plugins/envelope';

/** Operator side of the landing: the SMS outbox and (demo mode only) captcha answers. */
export function promotionOperatorRoutes(deps: PromotionDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['operator'];
    app.get(
      OperatorPath.smsOutbox,
      {
        schema: {
          tags,
          summary: 'Messages sent, to a phone (`phone`) and/or in a status (`status=failed` lists the sends that failed), newest first, with the gateway’s status and error, a page at a time',
          querystring: smsOutboxQuerySchema,
          response: { 200: envelopeSchema(smsOutboxPageSchema) },
        },
      },
      async (request) => ok(await outboxPage(deps.db, { phone: request.query.phone, status: request.query.status }, request.query)),
    );

    // Demo mode only: on any other server this route does not exist at all.
    if (deps.captchaLog) {
      app.get(
        OperatorPath.captchaAnswer,
        { schema: { tags, summary: 'Test aid: the answer of a sid’s current captcha', querystring: captchaAnswerQuerySchema, response: { 200: envelopeSchema(captchaAnswerSchema) } } },
        async (request) => {
          const answer = await currentCaptchaAnswer(deps, request.query.sid);
          if (answer === undefined) throw new AppError(ErrorCode.NotFound);
          return ok({ answer });
        },
      );
    }
  };
}
