import {
  commonQuerySchema,
  envelopeSchema,
  MachinePath,
  serviceContactsRequestSchema,
  serviceContactsSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ErrorCode } from '@lend/contracts';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { serviceContactsForBorrower } from './service-contacts-service';

export function serviceContactsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      MachinePath.serviceContacts,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['service'],
          summary: "Customer-service contacts of the borrower's market: phone is the WhatsApp number, va the telephone",
          querystring: commonQuerySchema,
          body: serviceContactsRequestSchema,
          response: { 200: envelopeSchema(serviceContactsSchema) },
        },
      },
      async (request) => {
        const data = await serviceContactsForBorrower(db, borrowerOf(request).market);
        return { code: ErrorCode.Ok, message: '', data };
      },
    );
  };
}
