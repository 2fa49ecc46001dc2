import {
  collectionOrderParamsSchema,
  collectionOrderSchema,
  envelopeSchema,
  LossesPath,
  paymentPlanParamsSchema,
  paymentPlanRequestSchema,
  settlementParamsSchema,
  settlementRequestSchema,
  writeOffRequestSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { actorOf } from '../staff';
import { offerPaymentPlan, withdrawPaymentPlan } from './payment-plan-service';
import { decideSettlement, offerSettlement, withdrawSettlement } from './settlement-service';
import { collectionOrder, type BorrowerNames } from './work-service';
import { writeOffByOfficer } from './write-off-service';

/** What the lender gives up on a late order: a credit officer's write-off (docs/decisions/244), settlements (245) and payment plans (250). */
export function collectionLossRoutes(db: Db, { now, borrowerNames }: { now: () => Date; borrowerNames: BorrowerNames }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      LossesPath.writeOff,
      {
        schema: {
          tags: ['operator'],
          summary: "A credit officer writes a late order off now, with the reason: what it owes leaves the books as a loss, the borrower still owes it, and what they pay since is a recovery; audited",
          params: collectionOrderParamsSchema,
          body: writeOffRequestSchema,
          response: { 200: envelopeSchema(collectionOrderSchema) },
        },
      },
      async (request) => {
        const at = now();
        await writeOffByOfficer(db, request.params.orderNo, request.body.note, actorOf(request), at);
        return ok(await collectionOrder(db, request.params.orderNo, at, borrowerNames));
      },
    );

    app.post(
      LossesPath.settlements,
      {
        schema: {
          tags: ['operator'],
          summary: 'A credit officer offers to close a late order for less than it owes, paid by a day within 30 days; waiving more than the product allows one officer waits for a second person; audited',
          params: collectionOrderParamsSchema,
          body: settlementRequestSchema,
          response: { 200: envelopeSchema(collectionOrderSchema) },
        },
      },
      async (request) => {
        const at = now();
        await offerSettlement(db, request.params.orderNo, request.body, actorOf(request), at);
        return ok(await collectionOrder(db, request.params.orderNo, at, borrowerNames));
      },
    );

    const decisions = [
      { path: LossesPath.settlementApprove, summary: 'Another person than the officer who offered it approves a settlement awaiting approval: it is offered to the borrower; audited', act: 'approve' },
      { path: LossesPath.settlementDecline, summary: 'Another person than the officer who offered it declines a settlement awaiting approval; audited', act: 'decline' },
      { path: LossesPath.settlementWithdraw, summary: 'An operator withdraws a settlement the borrower has not accepted; audited', act: 'withdraw' },
    ] as const;
    for (const { path, summary, act } of decisions) {
      app.post(path, { schema: { tags: ['operator'], summary, params: settlementParamsSchema, response: { 200: envelopeSchema(collectionOrderSchema) } } }, async (request) => {
        const at = now();
        const { orderNo, settlementId } = request.params;
        if (act === 'withdraw') await withdrawSettlement(db, orderNo, settlementId, actorOf(request), at);
        else await decideSettlement(db, orderNo, settlementId, act, actorOf(request), at);
        return ok(await collectionOrder(db, orderNo, at, borrowerNames));
      });
    }

    app.post(
      LossesPath.paymentPlans,
      {
        schema: {
          tags: ['operator'],
          summary: 'A credit officer offers a payment plan on a late order: 2 to the product’s most installments, weekly or fortnightly, no new interest, late charges as the product says; the borrower accepts it in the app; audited',
          params: collectionOrderParamsSchema,
          body: paymentPlanRequestSchema,
          response: { 200: envelopeSchema(collectionOrderSchema) },
        },
      },
      async (request) => {
        const at = now();
        await offerPaymentPlan(db, request.params.orderNo, request.body, actorOf(request), at);
        return ok(await collectionOrder(db, request.params.orderNo, at, borrowerNames));
      },
    );

    app.post(
      LossesPath.paymentPlanWithdraw,
      { schema: { tags: ['operator'], summary: 'An operator withdraws a payment plan the borrower has not accepted; audited', params: paymentPlanParamsSchema, response: { 200: envelopeSchema(collectionOrderSchema) } } },
      async (request) => {
        const at = now();
        await withdrawPaymentPlan(db, request.params.orderNo, request.params.planId, actorOf(request), at);
        return ok(await collectionOrder(db, request.params.orderNo, at, borrowerNames));
      },
    );
  };
}
