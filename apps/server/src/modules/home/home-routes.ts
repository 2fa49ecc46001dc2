import {
  commonQuerySchema,
  envelopeSchema,
  HomePath,
  homeResponseSchema,
  productDetailRequestSchema,
  productDetailResponseSchema,
  productListResponseSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import type { CreditLineOf } from '../orders';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { presentHome, presentProductDetail } from './home-presenter';
import { homeOf, productDetailOf, type BorrowerGate } from './home-service';
import { ok } from '../../plugins/envelope';

export type HomeRouteOptions = {
  now: () => Date;
  /** Rules that stop a borrower from borrowing on every product, beyond their loans (docs/decisions/133). */
  gates?: readonly BorrowerGate[] | undefined;
  /** The borrower's credit decision on each product (docs/decisions/141). */
  creditLineOf: CreditLineOf;
};

/** The native app's home and product calls: only the products of the borrower's own market. */
export function homeRoutes(db: Db, { now, gates = [], creditLineOf }: HomeRouteOptions): FastifyPluginAsyncZod {
  const rules = { gates, creditLineOf };
  return async (app) => {
    app.post(
      HomePath.home,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['home'],
          summary: "The borrower's market and, for each of its products, what they may borrow now (amounts, terms, CAT or APR) or why not",
          querystring: commonQuerySchema,
          response: { 200: envelopeSchema(homeResponseSchema) },
        },
      },
      async (request) => ok(presentHome(await homeOf(db, borrowerOf(request).borrowerId, rules, now()), request.language), request.language),
    );

    app.post(
      HomePath.products,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['home'],
          summary: "The products of the borrower's market, each with what they may borrow on it now or why not",
          querystring: commonQuerySchema,
          response: { 200: envelopeSchema(productListResponseSchema) },
        },
      },
      async (request) =>
        ok({ items: presentHome(await homeOf(db, borrowerOf(request).borrowerId, rules, now()), request.language).products }, request.language),
    );

    app.post(
      HomePath.productDetail,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['home'],
          summary: "One product of the borrower's market with the confirmation screen's figures; another market's product is refused (8001)",
          querystring: commonQuerySchema,
          body: productDetailRequestSchema,
          response: { 200: envelopeSchema(productDetailResponseSchema) },
        },
      },
      async (request) =>
        ok(presentProductDetail(await productDetailOf(db, borrowerOf(request).borrowerId, request.body.productId, rules, now()), request.language), request.language),
    );
  };
}
