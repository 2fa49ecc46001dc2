import {
  companyFactsSchema,
  contactMessageReceiptSchema,
  contactMessageRequestSchema,
  envelopeSchema,
  ErrorCode,
  errorMessage,
  Limits,
  SitePath,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requireCompanyFacts } from '../company';
import { receiveContactMessage } from './contact-service';

const HOUR_MS = 60 * 60 * 1000;
const languageQuery = z.object({ language: z.string().max(8).optional() });

/** The public site's calls: no session; refusals come in the visitor's language. */
export function siteRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      SitePath.companyFacts,
      {
        schema: {
          tags: ['site'],
          summary: "The lender's public facts shown in the site's footer and pages",
          querystring: languageQuery,
          response: { 200: envelopeSchema(companyFactsSchema) },
        },
      },
      async () => {
        const facts = await requireCompanyFacts(db);
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
        config: { rateLimit: { max: Limits.contactPerIpPerHour, timeWindow: HOUR_MS } },
      },
      async (request) => {
        const receipt = await receiveContactMessage(db, request.body, { language: request.language, ip: request.ip });
        request.log.info({ contactMessageId: receipt.id }, 'contact message stored');
        return { code: ErrorCode.Ok, message: errorMessage(ErrorCode.Ok, request.language), data: receipt };
      },
    );
  };
}
