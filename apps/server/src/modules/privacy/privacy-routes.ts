import {
  accountDeletedSchema,
  arcoRequestBodySchema,
  arcoRequestSchema,
  borrowerDataSchema,
  commonQuerySchema,
  emptyBodySchema,
  envelopeSchema,
  messagePreferenceBodySchema,
  messageSwitchesSchema,
  privacyOverviewSchema,
  PrivacyPath,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit, borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import type { FileStorage } from '../../providers/storage/storage';
import type { CashPaymentProviders } from '../../providers/payments/create-cash-payment-provider';
import { deleteAccount } from './account-deletion';
import { fileArcoRequest } from './arco-service';
import { borrowerData, privacyOverview, setOwnMessagePreference } from './privacy-service';
import { ok } from '../../plugins/envelope';

const tags = ['privacy'];

/** The privacy centre's calls; every one acts on the session's borrower and no other. */
export function privacyRoutes(db: Db, storage: FileStorage, cashPayments: CashPaymentProviders): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      PrivacyPath.overview,
      {
        config: borrowerReadLimit,
        schema: { tags, summary: 'Message switches, ARCO requests, and whether a loan is open', querystring: commonQuerySchema, body: emptyBodySchema, response: { 200: envelopeSchema(privacyOverviewSchema) } },
      },
      async (request) => ok(await privacyOverview(db, borrowerOf(request).borrowerId)),
    );

    app.post(
      PrivacyPath.myData,
      {
        config: borrowerReadLimit,
        schema: { tags, summary: "The borrower's data, as one JSON document", querystring: commonQuerySchema, body: emptyBodySchema, response: { 200: envelopeSchema(borrowerDataSchema) } },
      },
      async (request) => ok(await borrowerData(db, borrowerOf(request).borrowerId, new Date())),
    );

    app.post(
      PrivacyPath.messagePreference,
      {
        config: borrowerCreateLimit,
        schema: { tags, summary: 'Turn one kind of message on or off (recorded)', querystring: commonQuerySchema, body: messagePreferenceBodySchema, response: { 200: envelopeSchema(messageSwitchesSchema) } },
      },
      async (request) => ok(await setOwnMessagePreference(db, borrowerOf(request).borrowerId, request.body.topic, request.body.enabled, new Date())),
    );

    app.post(
      PrivacyPath.arcoRequest,
      {
        config: borrowerCreateLimit,
        schema: {
          tags,
          summary: "File a rights request of the borrower's market (Mexico's ARCO rights, India's DPDP Act rights): a folio and the date it is answered by",
          querystring: commonQuerySchema,
          body: arcoRequestBodySchema,
          response: { 200: envelopeSchema(arcoRequestSchema) },
        },
      },
      async (request) => {
        const filed = await fileArcoRequest(db, borrowerOf(request), request.body, new Date());
        request.log.info({ folio: filed.folio, kind: filed.kind }, 'privacy request filed');
        return ok(filed);
      },
    );

    app.post(
      PrivacyPath.deleteAccount,
      {
        config: borrowerCreateLimit,
        schema: { tags, summary: 'Delete the account: refused while a loan is open', querystring: commonQuerySchema, body: emptyBodySchema, response: { 200: envelopeSchema(accountDeletedSchema) } },
      },
      async (request) => {
        const { borrowerId } = borrowerOf(request);
        const deleted = await deleteAccount(db, { storage, cashPayments, log: request.log }, borrowerId, new Date());
        request.log.info({ borrowerId, sessionsEnded: deleted.sessionsEnded }, 'account deleted');
        return ok(deleted);
      },
    );
  };
}
