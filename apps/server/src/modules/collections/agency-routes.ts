import {
  AgencyPath,
  agencyInputSchema,
  agencyListSchema,
  agencyParamsSchema,
  agencySchema,
  collectionOrderParamsSchema,
  collectionOrderSchema,
  envelopeSchema,
  placementRequestSchema,
  recallRequestSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { Db } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { actorOf } from '../staff';
import { addAgency, agencies, changeAgency, placeWithAgency, recallFromAgency } from './agency-service';
import { collectionOrder, type BorrowerNames } from './work-service';

const tags = ['operator'];

/** Outside collection agencies (docs/decisions/249): the register, and orders placed with one and recalled. */
export function agencyRoutes(db: Db, { now, borrowerNames, sms }: { now: () => Date; borrowerNames: BorrowerNames; sms: SmsProvider }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(AgencyPath.agencies, { schema: { tags, summary: 'The register of outside collection agencies, by market', response: { 200: envelopeSchema(agencyListSchema) } } }, async () =>
      ok({ items: await agencies(db) }),
    );

    app.post(
      AgencyPath.agencies,
      { schema: { tags, summary: "Add an agency to the register: in Mexico with its REDECO registration; audited", body: agencyInputSchema, response: { 200: envelopeSchema(agencySchema) } } },
      async (request) => ok(await addAgency(db, request.body, actorOf(request), now())),
    );

    app.put(
      AgencyPath.agency,
      { schema: { tags, summary: "Change an agency's details, or stop placing orders with it; audited", params: agencyParamsSchema, body: agencyInputSchema, response: { 200: envelopeSchema(agencySchema) } } },
      async (request) => ok(await changeAgency(db, request.params.agencyId, request.body, actorOf(request), now())),
    );

    app.post(
      AgencyPath.placement,
      { schema: { tags, summary: 'Place a late order with an active agency of its market; the borrower is shown who collects and told by SMS within the market\'s contact hours; audited', params: collectionOrderParamsSchema, body: placementRequestSchema, response: { 200: envelopeSchema(collectionOrderSchema) } } },
      async (request) => {
        const at = now();
        await placeWithAgency({ db, sms, log: request.log }, request.params.orderNo, request.body, actorOf(request), at);
        return ok(await collectionOrder(db, request.params.orderNo, at, borrowerNames));
      },
    );

    app.post(
      AgencyPath.recall,
      { schema: { tags, summary: "Recall an order from its agency: the lender's own agents collect it again; audited", params: collectionOrderParamsSchema, body: recallRequestSchema, response: { 200: envelopeSchema(collectionOrderSchema) } } },
      async (request) => {
        const at = now();
        await recallFromAgency(db, request.params.orderNo, request.body.note, actorOf(request), at);
        return ok(await collectionOrder(db, request.params.orderNo, at, borrowerNames));
      },
    );
  };
}
