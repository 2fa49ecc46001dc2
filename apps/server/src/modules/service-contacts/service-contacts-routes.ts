import {
  commonQuerySchema,
  envelopeSchema,
  MachinePath,
  serviceContactsRequestSchema,
  serviceContactsSchema,
  type ServiceContacts,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ErrorCode } from '@lend/contracts';
import { AppError } from '../../errors';
import { borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { findServiceContacts } from './service-contacts-repository';

export function serviceContactsRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      MachinePath.serviceContacts,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['service'],
          summary: 'Customer-service contacts: phone is the WhatsApp number, va the telephone',
          querystring: commonQuerySchema,
          body: serviceContactsRequestSchema,
          response: { 200: envelopeSchema(serviceContactsSchema) },
        },
      },
      async () => {
        const row = await findServiceContacts(db);
        // Contacts are configuration: missing ones mean the deployment is incomplete, not that the borrower erred.
        if (!row) throw new AppError(ErrorCode.ServiceUnavailable);
        const data: ServiceContacts = { phone: row.whatsapp, va: row.telephone, email: row.email };
        return { code: ErrorCode.Ok, message: '', data };
      },
    );
  };
}
