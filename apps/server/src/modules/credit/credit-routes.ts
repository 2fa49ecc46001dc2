import {
  commonQuerySchema,
  creditApplicationSchema,
  creditApplyRequestSchema,
  creditStandingSchema,
  creditApproveRequestSchema,
  creditDeclineRequestSchema,
  CreditPath,
  creditReferralListQuerySchema,
  creditReferralListSchema,
  creditReferralParamsSchema,
  envelopeSchema,
  operatorCreditDecisionSchema,
  OperatorCreditPath,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit, borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { actorOf } from '../staff';
import { presentApplication, presentOperatorDecision, presentStanding } from './credit-presenter';
import { applyForCredit, approveReferral, declineReferral, standingApplication } from './credit-service';
import { referralPage } from './referral-list';
import { ok } from '../../plugins/envelope';

/** The borrower's application for a product (docs/decisions/141). */
export function creditRoutes(db: Db, { now }: { now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      CreditPath.apply,
      {
        config: borrowerCreateLimit,
        schema: {
          tags: ['credit'],
          summary:
            "Apply for a product of the borrower's market: the scorecard's decision (approved with a ceiling, referred to a credit officer, or declined with reasons and the day to apply again), stored once",
          querystring: commonQuerySchema,
          body: creditApplyRequestSchema,
          response: { 200: envelopeSchema(creditApplicationSchema) },
        },
      },
      async (request) => ok(presentApplication(await applyForCredit(db, borrowerOf(request).borrowerId, request.body.productId, now()), request.language), request.language),
    );

    app.post(
      CreditPath.decision,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['credit'],
          summary: "The product, whether the borrower's profile is complete, and their standing decision on it without applying; null when none stands (never applied, a decline whose wait ended, or facts changed since)",
          querystring: commonQuerySchema,
          body: creditApplyRequestSchema,
          response: { 200: envelopeSchema(creditStandingSchema) },
        },
      },
      async (request) => {
        const { product, profileComplete, decision } = await standingApplication(db, borrowerOf(request).borrowerId, request.body.productId, now());
        return ok(presentStanding(product, profileComplete, decision, request.language), request.language);
      },
    );
  };
}

/** A credit officer's calls under the operator token: referred applications and their decision. */
export function creditOperatorRoutes(db: Db, { now }: { now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorCreditPath.referrals,
      {
        schema: {
          tags: ['operator'],
          summary: 'Referred applications waiting for a credit officer, oldest first, a page at a time (limit, cursor), with their inputs and reasons; one with ?decisionId=',
          querystring: creditReferralListQuerySchema,
          response: { 200: envelopeSchema(creditReferralListSchema) },
        },
      },
      async (request) => ok(await referralPage(db, request.query, request.query), 'en'),
    );
    app.post(
      OperatorCreditPath.approve,
      {
        schema: {
          tags: ['operator'],
          summary: 'Approve a referred application with a ceiling no higher than the rules allowed; the officer and reason are kept',
          params: creditReferralParamsSchema,
          body: creditApproveRequestSchema,
          response: { 200: envelopeSchema(operatorCreditDecisionSchema) },
        },
      },
      async (request) => ok(presentOperatorDecision(await approveReferral(db, request.params.decisionId, request.body, actorOf(request), now())), 'en'),
    );
    app.post(
      OperatorCreditPath.decline,
      {
        schema: {
          tags: ['operator'],
          summary: "Decline a referred application with a reason; the borrower may apply again after the product's wait",
          params: creditReferralParamsSchema,
          body: creditDeclineRequestSchema,
          response: { 200: envelopeSchema(operatorCreditDecisionSchema) },
        },
      },
      async (request) => ok(presentOperatorDecision(await declineReferral(db, request.params.decisionId, request.body, actorOf(request), now())), 'en'),
    );
  };
}
