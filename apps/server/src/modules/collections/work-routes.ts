import {
  collectionAssignRequestSchema,
  collectionAssignResultSchema,
  collectionContactRequestSchema,
  collectionMarketRequestSchema,
  collectionOrderParamsSchema,
  collectionOrderSchema,
  collectionTakenSchema,
  collectionQueuePageSchema,
  collectionQueueQuerySchema,
  CollectionsWorkPath,
  envelopeSchema,
  promiseRequestSchema,
  promiseSchema,
  promisesCheckResultSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { actorOf } from '../staff';
import { agentPromise, assignEvenly, assignOrders, checkPromises, collectionOrder, collectionQueue, recordContact, takeNext, type BorrowerNames, type PaidSince } from './work-service';

const tags = ['operator'];

/** The collections workspace (docs/decisions/243): the queue, taking and assigning, contacts and promises. */
export function collectionWorkRoutes(db: Db, { now, paidSince, borrowerNames }: { now: () => Date; paidSince: PaidSince; borrowerNames: BorrowerNames }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      CollectionsWorkPath.queue,
      { schema: { tags, summary: "A market's late orders to work, a page at a time: by bucket and assignee (me, unassigned, an agent), sorted by days past due, amount owed or next promise", querystring: collectionQueueQuerySchema, response: { 200: envelopeSchema(collectionQueuePageSchema) } } },
      async (request) => ok(await collectionQueue(db, request.query, actorOf(request), borrowerNames)),
    );

    app.post(
      CollectionsWorkPath.takeNext,
      { schema: { tags, summary: 'The calling agent takes the latest late order nobody works; two agents at once never take the same one; null when none is left', body: collectionMarketRequestSchema, response: { 200: envelopeSchema(collectionTakenSchema) } } },
      async (request) => ok(await takeNext(db, request.body.market, request.body.bucket, actorOf(request), now(), borrowerNames)),
    );

    app.post(
      CollectionsWorkPath.assign,
      { schema: { tags, summary: 'A supervisor gives late orders to an active agent, or frees them (agentId null); audited', body: collectionAssignRequestSchema, response: { 200: envelopeSchema(collectionAssignResultSchema) } } },
      async (request) => ok({ assigned: await assignOrders(db, request.body.orderNos, request.body.agentId, actorOf(request), now()) }),
    );

    app.post(
      CollectionsWorkPath.assignEvenly,
      { schema: { tags, summary: "A supervisor shares a market's unassigned late orders evenly among the active agents; audited", body: collectionMarketRequestSchema, response: { 200: envelopeSchema(collectionAssignResultSchema) } } },
      async (request) => ok({ assigned: await assignEvenly(db, request.body.market, request.body.bucket, actorOf(request), now()) }),
    );

    app.get(
      CollectionsWorkPath.order,
      { schema: { tags, summary: "A late order's collection file: how late, who works it, its contacts and promises, and whether the rules allow a contact now", params: collectionOrderParamsSchema, response: { 200: envelopeSchema(collectionOrderSchema) } } },
      async (request) => ok(await collectionOrder(db, request.params.orderNo, now(), borrowerNames)),
    );

    app.post(
      CollectionsWorkPath.contacts,
      {
        schema: {
          tags,
          summary: "Record a contact (channel, outcome, note): refused out of the market's hours in the borrower's time zone and over its caps per day and week",
          params: collectionOrderParamsSchema,
          body: collectionContactRequestSchema,
          response: { 200: envelopeSchema(collectionOrderSchema) },
        },
      },
      async (request) => ok(await recordContact(db, request.params.orderNo, request.body, actorOf(request), now(), borrowerNames)),
    );

    app.post(
      CollectionsWorkPath.promises,
      { schema: { tags, summary: "Take a promise to pay: an amount up to what is owed, a date from today to the market's limit; audited", params: collectionOrderParamsSchema, body: promiseRequestSchema, response: { 200: envelopeSchema(promiseSchema) } } },
      async (request) => ok(await agentPromise(db, request.params.orderNo, request.body, actorOf(request), now())),
    );

    app.post(
      CollectionsWorkPath.promisesCheck,
      { schema: { tags, summary: 'Decide the promises whose day has passed by the money applied since each was made: kept, partly kept or broken', response: { 200: envelopeSchema(promisesCheckResultSchema) } } },
      async () => ok(await checkPromises(db, paidSince, now())),
    );
  };
}
