import {
  commonQuerySchema,
  envelopeSchema,
  loanConfirmRequestSchema,
  loanConfirmSchema,
  loanPushRequestSchema,
  loanPushSchema,
  loanScoreDismissRequestSchema,
  loanScoreRequestSchema,
  MachinePath,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit, borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { presentLoanConfirm } from './confirm-presenter';
import { confirmation, type CreditLineForOrder, type CreditLineOf } from './confirm-service';
import { dismissOrderRating, scoreOrder } from './order-service';
import type { AgreementRecorder, OrderNumberSource } from './place-order';
import { pushLoan } from './push-service';
import { ok } from '../../plugins/envelope';

export type OrderRouteOptions = {
  /** Order numbers of new orders; the random default unless a test forces a collision. */
  newOrderNo?: OrderNumberSource | undefined;
  /** The borrower's credit decision on a product, from the credit module (docs/decisions/141). */
  creditLineOf: CreditLineOf;
  /** The same, held in the order's transaction and refused when the borrower's facts changed (docs/decisions/215). */
  creditLineForOrder: CreditLineForOrder;
  /** Keeps the contract an order is placed with, from the contracts module (docs/decisions/210). */
  recordAgreement: AgreementRecorder;
};

/** The borrower's order calls: the offer to confirm, confirming it, and its rating. */
export function orderRoutes(db: Db, { newOrderNo, creditLineOf, creditLineForOrder, recordAgreement }: OrderRouteOptions): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      MachinePath.loanConfirm,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: 'The offer to confirm: amounts, plan, annual cost (CAT/APR) and contract; isType=1 after the reload countdown',
          querystring: commonQuerySchema,
          body: loanConfirmRequestSchema,
          response: { 200: envelopeSchema(loanConfirmSchema) },
        },
      },
      async (request) =>
        ok(
          presentLoanConfirm(
            await confirmation(db, borrowerOf(request).borrowerId, request.body.productId, { reload: request.body.isType === '1', creditLineOf }),
            request.language,
          ),
        ),
    );

    app.post(
      MachinePath.loanPush,
      {
        config: borrowerCreateLimit,
        schema: {
          tags: ['loans'],
          summary: 'Confirm the offer: creates the order under review once, with its contract',
          querystring: commonQuerySchema,
          body: loanPushRequestSchema,
          response: { 200: envelopeSchema(loanPushSchema) },
        },
      },
      async (request) => {
        const { body } = request;
        const pushed = await pushLoan(
          db,
          {
            borrowerId: borrowerOf(request).borrowerId,
            productId: body.productId,
            amountMinor: body.amount,
            periods: body.periods,
            termUnit: body.termUnit,
            agreement: body.agreement,
          },
          { language: request.language, clientIp: request.ip, userAgent: request.headers['user-agent'] ?? '', at: new Date() },
          { creditLineForOrder, recordAgreement },
          newOrderNo,
        );
        return ok(pushed);
      },
    );

    app.post(
      MachinePath.loanScore,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: "The borrower's rating (1 to 5) of an order, stored once",
          querystring: commonQuerySchema,
          body: loanScoreRequestSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await scoreOrder(db, borrowerOf(request).borrowerId, request.body.orderId, request.body.score);
        return ok(null);
      },
    );

    app.post(
      MachinePath.loanScoreDismiss,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: 'The borrower closed the rating question of an order without rating: it is not asked again',
          querystring: commonQuerySchema,
          body: loanScoreDismissRequestSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await dismissOrderRating(db, borrowerOf(request).borrowerId, request.body.orderId);
        return ok(null);
      },
    );
  };
}
