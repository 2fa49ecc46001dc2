import { borrowerOrderMoneyRequestSchema, borrowerPaymentsSchema, borrowerPayoffSchema, commonQuerySchema, envelopeSchema, MachinePath } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { borrowerPayoff, borrowerPayoffView } from '../repayment';
import { borrowerPaymentsView } from './borrower-payment-presenter';
import { borrowerReceipts, type CardsOfPayments } from './borrower-payment-service';
import { ok } from '../../plugins/envelope';

/** The borrower's receipts and payoff of one of their orders; `cardsOf` names the card each card payment was charged to. */
export function paymentRoutes(db: Db, { cardsOf }: { cardsOf?: CardsOfPayments | undefined } = {}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      MachinePath.installmentPayments,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: "The order's receipts, newest first, with what each paid and the balance it left; the settlement date once settled",
          querystring: commonQuerySchema,
          body: borrowerOrderMoneyRequestSchema,
          response: { 200: envelopeSchema(borrowerPaymentsSchema) },
        },
      },
      async (request) => {
        const query = { orderNo: request.body.orderId, productId: request.body.productId };
        return ok(borrowerPaymentsView(request.language, await borrowerReceipts(db, borrowerOf(request).borrowerId, query, cardsOf)));
      },
    );

    app.post(
      MachinePath.installmentPayoff,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: 'What settles the order today, or from when early repayment is allowed and why',
          querystring: commonQuerySchema,
          body: borrowerOrderMoneyRequestSchema,
          response: { 200: envelopeSchema(borrowerPayoffSchema) },
        },
      },
      async (request) => {
        const query = { orderNo: request.body.orderId, productId: request.body.productId };
        return ok(borrowerPayoffView(request.language, await borrowerPayoff(db, borrowerOf(request).borrowerId, query)));
      },
    );
  };
}
