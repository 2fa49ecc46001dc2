import { commonQuerySchema, envelopeSchema, loanDetailsRequestSchema, loanDetailsSchema, MachinePath } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Market } from '@lend/domain';
import type { Db } from '../../db/client';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import type { PayoutStandingOf } from '../orders';
import type { RememberedProducts } from '../products';
import { orderDetailsAnswer, sendWhenWorkedOut } from './details-answer';
import type { RememberedDetailsAnswers } from './remembered-details-answers';

export type OrderDetailsRouteOptions = {
  /** The order details answers this process remembers until the order changes. */
  detailsAnswers: RememberedDetailsAnswers;
  /** Whether a market takes card payments: the details offer paying by card there. */
  takesCards: (market: Market) => boolean;
  /** Where an order's payout stands, from the payouts module (docs/decisions/152). */
  payoutOf?: PayoutStandingOf | undefined;
  /** The products this process remembers until a change notice (docs/decisions/210). */
  products: RememberedProducts;
};

/** The borrower's order details screen. */
export function orderDetailsRoutes(db: Db, { detailsAnswers, takesCards, payoutOf, products }: OrderDetailsRouteOptions): FastifyPluginAsyncZod {
  return async (app) => {
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
        sendWhenWorkedOut(reply, orderDetailsAnswer(db, detailsAnswers, question, takesCards, new Date(), { payoutOf, productOf: products.productById }));
      },
    );
  };
}
