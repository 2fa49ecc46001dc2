import {
  CONTACT_RESULT_PARAM,
  CONTACT_SENT,
  ContactErrorCode,
  companyFactsSchema,
  contactMessageReceiptSchema,
  contactMessageRequestSchema,
  envelopeSchema,
  ErrorCode,
  errorMessage,
  LanguageFlag,
  Limits,
  SitePath,
  SiteRoute,
  siteMarketOf,
  type Language,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { requireCompanyFacts } from '../company';
import { receiveContactMessage } from './contact-service';

const HOUR_MS = 60 * 60 * 1000;
const languageQuery = z.object({ language: z.string().max(8).optional() });
/** The facts' market: `?market=IN`, else the language's (docs/decisions/230). */
const factsQuery = languageQuery.extend({ market: z.string().max(8).optional() });
/** One count per address for the message however it comes, JSON or a form posted without script. */
const contactRateLimit = { max: Limits.contactPerIpPerHour, timeWindow: HOUR_MS, groupId: 'contact-message' };
const CONTACT_REFUSALS: readonly number[] = Object.values(ContactErrorCode);

/** The contact page in the visitor's language with the result flag, as its prerendered address reads it. */
function contactPageAddress(language: Language, flag: string): string {
  const query = new URLSearchParams();
  if (language === 'en') query.set('language', LanguageFlag.English);
  query.set(CONTACT_RESULT_PARAM, flag);
  return `${SiteRoute.contact}?${query.toString()}`;
}

/** The public site's calls: no session; refusals come in the visitor's language. */
export function siteRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      SitePath.companyFacts,
      {
        schema: {
          tags: ['site'],
          summary: "The lender's public facts in a market (`?market=MX|IN`, else the language's), shown in the site's footer and pages",
          querystring: factsQuery,
          response: { 200: envelopeSchema(companyFactsSchema) },
        },
      },
      async (request) => {
        const facts = await requireCompanyFacts(db, siteMarketOf(request.query.market, request.language));
        return { code: ErrorCode.Ok, message: '', data: facts };
      },
    );

    app.post(
      SitePath.contactMessages,
      {
        schema: {
          tags: ['site'],
          summary: 'Store a message from the contact form (rate-limited per address)',
          querystring: languageQuery,
          body: contactMessageRequestSchema,
          response: { 200: envelopeSchema(contactMessageReceiptSchema) },
        },
        // The service gives each refusal its own code and message, so the generic one is not wanted.
        attachValidation: true,
        config: { rateLimit: contactRateLimit },
      },
      async (request) => {
        const receipt = await receiveContactMessage(db, request.body, { language: request.language, ip: request.ip });
        request.log.info({ contactMessageId: receipt.id }, 'contact message stored');
        return { code: ErrorCode.Ok, message: errorMessage(ErrorCode.Ok, request.language), data: receipt };
      },
    );

    // The same form posted by the browser itself, before the page's script runs (docs/decisions/151):
    // the same checks and count, answered by the contact page with the result, never the fields.
    app.post(
      SitePath.contactForm,
      {
        schema: {
          tags: ['site'],
          summary: 'Store a message from the contact form posted without script; answers 303 to the contact page with the result',
          querystring: languageQuery,
          consumes: ['application/x-www-form-urlencoded'],
        },
        config: { rateLimit: contactRateLimit },
        errorHandler: (error, request, reply) => {
          if (error.statusCode !== 429) throw error;
          return reply.redirect(contactPageAddress(request.language, String(ContactErrorCode.ContactTooManyMessages)), 303);
        },
      },
      async (request, reply) => {
        let flag = CONTACT_SENT;
        try {
          const receipt = await receiveContactMessage(db, request.body, { language: request.language, ip: request.ip });
          request.log.info({ contactMessageId: receipt.id }, 'contact message stored');
        } catch (error) {
          if (error instanceof AppError && CONTACT_REFUSALS.includes(error.code)) {
            flag = String(error.code);
          } else {
            request.log.error({ err: error }, 'contact message posted without script not stored');
            flag = String(ContactErrorCode.ContactNotSent);
          }
        }
        return reply.redirect(contactPageAddress(request.language, flag), 303);
      },
    );
  };
}
