import {
  captchaQuerySchema,
  getSidQuerySchema,
  promoLandingSchema,
  promotionAnswerSchema,
  promotionMessage,
  promotionPlainAnswerSchema,
  PromotionCode,
  PromotionPath,
  registerRequestSchema,
  sidDataSchema,
  smsRequestSchema,
  templateQuerySchema,
  textChallengeDataSchema,
  textChallengeQuestion,
  trackClickQuerySchema,
  trackVisitQuerySchema,
} from '@lend/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webSessionCookie } from '../../plugins/borrower-auth';
import { presentLanding, trackEvent } from '../promotion-campaigns';
import type { PromotionDeps } from './promotion-deps';
import { usePromotionErrors } from './promotion-error';
import { registerVisitor } from './registration-service';
import { requestSmsCode } from './sms-service';
import { issueCaptcha, issueTextChallenge, newVisitor } from './visitor-service';

/** Per-address request caps in front of the business limits: they stop floods before any work. */
const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

const ok = (request: FastifyRequest) => ({ code: PromotionCode.Ok, message: promotionMessage(PromotionCode.Ok, request.language) });

/** The visitor calls under `/api/v2/youmi`, apart from the borrower calls, answering string codes (docs/decisions/050). */
export function promotionRoutes(deps: PromotionDeps): FastifyPluginAsyncZod {
  return async (app) => {
    usePromotionErrors(app);
    const tags = ['promotion'];

    app.get(
      PromotionPath.template,
      {
        config: perMinute(120),
        schema: { tags, summary: 'Landing template in the visitor language, with its market’s phone rule', querystring: templateQuerySchema, response: { 200: promotionAnswerSchema(promoLandingSchema) } },
      },
      async (request) => ({ ...ok(request), data: presentLanding(await deps.templates.get(request.query.templateId), request.language) }),
    );

    const tracking = [
      { path: PromotionPath.trackVisit, kind: 'visit', summary: 'Count a landing visit', querystring: trackVisitQuerySchema },
      { path: PromotionPath.trackClick, kind: 'click', summary: 'Count a Register click', querystring: trackClickQuerySchema },
    ] as const;
    for (const route of tracking) {
      app.get(
        route.path,
        { config: perMinute(120), schema: { tags, summary: route.summary, querystring: route.querystring, response: { 200: promotionPlainAnswerSchema } } },
        async (request) => {
          await trackEvent(deps, route.kind, request.query);
          return ok(request);
        },
      );
    }

    app.get(
      PromotionPath.getSid,
      {
        config: perMinute(30),
        schema: { tags, summary: 'A new visitor id (sid) for the captcha and SMS', querystring: getSidQuerySchema, response: { 200: promotionAnswerSchema(sidDataSchema) } },
      },
      async (request) => ({ ...ok(request), data: { sid: await newVisitor(deps, request.query.templateId) } }),
    );

    app.get(
      PromotionPath.captcha,
      { config: perMinute(60), schema: { tags, summary: 'The image captcha of a sid (SVG); each call draws a new one', querystring: captchaQuerySchema } },
      async (request, reply) => {
        const svg = await issueCaptcha(deps, request.query.sid);
        return reply.type('image/svg+xml; charset=utf-8').header('Cache-Control', 'no-store').send(svg);
      },
    );

    app.get(
      PromotionPath.captchaText,
      {
        config: perMinute(60),
        schema: {
          tags,
          summary: 'The alternative to the image captcha: its digits spelt out, for a screen reader; replaces the image',
          querystring: captchaQuerySchema,
          response: { 200: promotionAnswerSchema(textChallengeDataSchema) },
        },
      },
      async (request, reply) => {
        const answer = await issueTextChallenge(deps, request.query.sid);
        reply.header('Cache-Control', 'no-store');
        return { ...ok(request), data: { question: textChallengeQuestion(answer, request.language) } };
      },
    );

    app.post(
      PromotionPath.sms,
      { config: perMinute(60), schema: { tags, summary: 'Send an SMS code to a phone that passed the captcha', body: smsRequestSchema, response: { 200: promotionPlainAnswerSchema } } },
      async (request) => {
        await requestSmsCode(deps, request.body, request.ip, request.language);
        return ok(request);
      },
    );

    app.post(
      PromotionPath.register,
      { config: perMinute(30), schema: { tags, summary: 'Register the visitor as a borrower', body: registerRequestSchema, response: { 200: promotionPlainAnswerSchema } } },
      async (request, reply) => {
        const session = await registerVisitor(deps, request.body, request.language);
        // The registered visitor is signed in on the web: the landing's last step leads to their home (docs/decisions/239).
        reply.header('set-cookie', webSessionCookie(session, deps.now(), deps.secureCookie));
        return ok(request);
      },
    );
  };
}
