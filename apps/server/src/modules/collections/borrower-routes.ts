import {
  borrowerPaymentPlanAcceptSchema,
  borrowerPaymentPlanRequestSchema,
  borrowerPaymentPlanSchema,
  BorrowerPaymentPlanPath,
  borrowerPlanRequestSchema,
  BorrowerPlanPath,
  borrowerPromiseRequestSchema,
  BorrowerCollectionsPath,
  borrowerPromisesRequestSchema,
  borrowerPromisesSchema,
  borrowerSettlementAcceptSchema,
  borrowerSettlementRequestSchema,
  borrowerSettlementSchema,
  commonQuerySchema,
  envelopeSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit, borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { ok } from '../../plugins/envelope';
import { acceptPaymentPlan, borrowerPaymentPlan } from './payment-plan-service';
import { requestPlan } from './plan-request-service';
import { acceptSettlement, borrowerSettlement } from './settlement-service';
import { borrowerPromise, borrowerPromises } from './work-service';

/** The borrower's promises to pay on their late orders (docs/decisions/243), the settlement offered them (245), their requests for a payment plan (248) and the plan offered them (250). */
export function borrowerCollectionRoutes(db: Db, { now }: { now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      BorrowerCollectionsPath.promises,
      {
        config: borrowerReadLimit,
        schema: { tags: ['loans'], summary: 'The order’s promises to pay and what a new one may be: whether it is late, what is owed, the days a promise may fall on', querystring: commonQuerySchema, body: borrowerPromisesRequestSchema, response: { 200: envelopeSchema(borrowerPromisesSchema) } },
      },
      async (request) => ok(await borrowerPromises(db, borrowerOf(request).borrowerId, request.body.orderId, now()), request.language),
    );

    app.post(
      BorrowerCollectionsPath.promise,
      {
        config: borrowerCreateLimit,
        schema: {
          tags: ['loans'],
          summary: "The borrower promises to pay an amount up to what is owed on a day from today to the market's limit; kept or broken by the money that arrives",
          querystring: commonQuerySchema,
          body: borrowerPromiseRequestSchema,
          response: { 200: envelopeSchema(borrowerPromisesSchema) },
        },
      },
      async (request) => ok(await borrowerPromise(db, borrowerOf(request).borrowerId, request.body, now()), request.language),
    );

    app.post(
      BorrowerCollectionsPath.settlement,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: 'The settlement offered on the late order, in the borrower’s language: what to pay by when to close it, what is waived, and the text’s hash to accept it by',
          querystring: commonQuerySchema,
          body: borrowerSettlementRequestSchema,
          response: { 200: envelopeSchema(borrowerSettlementSchema) },
        },
      },
      async (request) => ok(await borrowerSettlement(db, borrowerOf(request).borrowerId, request.body.orderId, request.language, now()), request.language),
    );

    app.post(
      BorrowerCollectionsPath.settlementAccept,
      {
        config: borrowerCreateLimit,
        schema: {
          tags: ['loans'],
          summary: 'The borrower accepts the settlement whose text they were shown (its hash); the text, time, address and browser are kept as a contract’s signature is',
          querystring: commonQuerySchema,
          body: borrowerSettlementAcceptSchema,
          response: { 200: envelopeSchema(borrowerSettlementSchema) },
        },
      },
      async (request) => {
        const evidence = { language: request.language, clientIp: request.ip, userAgent: request.headers['user-agent'] ?? '' };
        return ok(await acceptSettlement(db, borrowerOf(request).borrowerId, request.body, evidence, now()), request.language);
      },
    );
    app.post(
      BorrowerPlanPath.planRequest,
      {
        config: borrowerCreateLimit,
        schema: {
          tags: ['loans'],
          summary: 'The borrower asks for a payment plan on their late loan: what they can pay each week or fortnight, and why; one waits for an answer at a time',
          querystring: commonQuerySchema,
          body: borrowerPlanRequestSchema,
          response: { 200: envelopeSchema(borrowerPromisesSchema) },
        },
      },
      async (request) => {
        const { borrowerId } = borrowerOf(request);
        const at = now();
        await requestPlan(db, borrowerId, request.body, at);
        return ok(await borrowerPromises(db, borrowerId, request.body.orderId, at), request.language);
      },
    );

    app.post(
      BorrowerPaymentPlanPath.plan,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: 'The payment plan offered on the late order, or in force, in the borrower’s language: its schedule, total, what is waived, the cost box (Mexico’s CAT, India’s revised Key Facts Statement) and the text’s hash to accept it by',
          querystring: commonQuerySchema,
          body: borrowerPaymentPlanRequestSchema,
          response: { 200: envelopeSchema(borrowerPaymentPlanSchema) },
        },
      },
      async (request) => ok(await borrowerPaymentPlan(db, borrowerOf(request).borrowerId, request.body.orderId, request.language, now()), request.language),
    );

    app.post(
      BorrowerPaymentPlanPath.planAccept,
      {
        config: borrowerCreateLimit,
        schema: {
          tags: ['loans'],
          summary: 'The borrower accepts the payment plan whose text they were shown (its hash): the unpaid installments become the plan’s; the text, time, address and browser are kept as a contract’s signature is',
          querystring: commonQuerySchema,
          body: borrowerPaymentPlanAcceptSchema,
          response: { 200: envelopeSchema(borrowerPaymentPlanSchema) },
        },
      },
      async (request) => {
        const evidence = { language: request.language, clientIp: request.ip, userAgent: request.headers['user-agent'] ?? '' };
        return ok(await acceptPaymentPlan(db, borrowerOf(request).borrowerId, request.body, evidence, now()), request.language);
      },
    );
  };
}
