import {
  commonQuerySchema,
  envelopeSchema,
  loanConfirmRequestSchema,
  loanConfirmSchema,
  loanDetailsRequestSchema,
  loanDetailsSchema,
  loanPushRequestSchema,
  loanPushSchema,
  loanScoreRequestSchema,
  MachinePath,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Market } from '@lend/domain';
import type { Db } from '../../db/client';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit, borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { presentLoanConfirm } from './confirm-presenter';
import { confirmation, type CreditLineOf } from './confirm-service';
import { ok, orderDetailsAnswer, sendWhenWorkedOut } from './details-answer';
import type { PayoutStandingOf } from './details-service';
import { scoreOrder } from './order-service';
import type { OrderNumberSource } from './place-order';
import { pushLoan } from './push-service';
import type { RememberedDetailsAnswers } from './remembered-details-answers';

export type OrderRouteOptions = {
  /** Order numbers of new orders; the random default unless a test forces a collision. */
  newOrderNo?: OrderNumberSource | undefined;
  /** The order details answers this process remembers until the order changes. */
  detailsAnswers: RememberedDetailsAnswers;
  /** Whether a market takes card payments: the details offer paying by card there. */
  takesCards: (market: Market) => boolean;
  /** The borrower's credit decision on a product, from the credit module (docs/decisions/141). */
  creditLineOf: CreditLineOf;
  /** Where an order's payout stands, from the payouts module (docs/decisions/152). */
  payoutOf?: PayoutStandingOf | undefined;
};

/** The borrower's order calls: the offer to confirm, confirming it, the order's details and its rating. */
export function orderRoutes(db: Db, { newOrderNo, detailsAnswers, takesCards, creditLineOf, payoutOf }: OrderRouteOptions): FastifyPluginAsyncZod {
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
          creditLineOf,
          newOrderNo,
        );
        return ok(pushed);
      },
    );

    app.post(
      MachinePath.loanDetails,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: "An order's status, rows and available actions",
          querystring: commonQuerySchema,
          body: loanDetailsRequestSchema,
          response: { 200: envelopeSchema(loanDetailsSchema) },
        },
      },
      (request, reply) => {
        const question = { borrowerId: borrowerOf(request).borrowerId, orderNo: request.body.orderId, productId: request.body.productId, language: request.language };
        // Sent as serialised (and checked against the contract) when it was first worked out.
        sendWhenWorkedOut(reply, orderDetailsAnswer(db, detailsAnswers, question, takesCards, new Date(), payoutOf));
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
  };
}
