import {
  collectionsPolicyUpdateRequestSchema,
  creditPolicySchema,
  creditPolicyUpdateRequestSchema,
  envelopeSchema,
  LossesPath,
  offerSchema,
  offerSetRequestSchema,
  offerWithdrawRequestSchema,
  OperatorPath,
  OperatorRoutes,
  pricingUpdateRequestSchema,
  productParamsSchema,
  productSummarySchema,
  type Offer,
  type ProductSummary,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { productMarket } from './loan-quote';
import { actorOf } from '../staff';
import { setOffer, withdrawOffer, type EffectiveOffer } from './offer-service';
import { changeCollectionsPolicy, changeCreditPolicy, changePricing } from './product-config-service';
import { allProducts, borrowerAndProduct, collectionsPolicyOf, type ProductRow } from './product-service';
import { ok } from '../../plugins/envelope';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function productSummary(product: ProductRow): ProductSummary {
  return {
    id: product.id,
    code: product.code,
    name: product.name,
    market: productMarket(product),
    active: product.active,
    logoUrl: product.logoUrl,
    repayUrl: product.repayUrl,
    pricing: product.pricing,
    // A policy saved before its schema last changed reads as none, as the apply call treats it.
    creditPolicy: creditPolicySchema.safeParse(product.creditPolicy).data ?? null,
    collectionsPolicy: collectionsPolicyOf(product),
  };
}

function offerSummary(userId: number, productId: number, offer: EffectiveOffer): Offer {
  return {
    userId,
    productId,
    status: offer.status,
    amountMinor: offer.amountMinor,
    termDays: offer.termDays,
    couponMinor: offer.couponMinor,
    revisedAt: iso(offer.revisedAt),
  };
}

/** The lender's products and each borrower's offer on them. */
export function operatorProductRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.products,
      { schema: { tags: ['operator'], summary: 'Every product with its pricing', response: { 200: envelopeSchema(OperatorRoutes.products.data) } } },
      async () => ok((await allProducts(db)).map(productSummary)),
    );

    app.put(
      OperatorPath.productPricing,
      {
        schema: {
          tags: ['operator'],
          summary: "Change a product's pricing (amounts, terms, rates in ppm); audited with the pricing before and after",
          params: productParamsSchema,
          body: pricingUpdateRequestSchema,
          response: { 200: envelopeSchema(productSummarySchema) },
        },
      },
      async (request) => ok(productSummary(await changePricing(db, request.params.productId, request.body.pricing, actorOf(request)))),
    );

    app.put(
      OperatorPath.productCreditPolicy,
      {
        schema: {
          tags: ['operator'],
          summary: "Change a product's credit thresholds (docs/decisions/141); audited with the policy before and after",
          params: productParamsSchema,
          body: creditPolicyUpdateRequestSchema,
          response: { 200: envelopeSchema(productSummarySchema) },
        },
      },
      async (request) => ok(productSummary(await changeCreditPolicy(db, request.params.productId, request.body.creditPolicy, actorOf(request)))),
    );

    app.put(
      LossesPath.productCollectionsPolicy,
      {
        schema: {
          tags: ['operator'],
          summary: "Change a product's write-off day and settlement limit (docs/decisions/244); audited with the policy before and after",
          params: productParamsSchema,
          body: collectionsPolicyUpdateRequestSchema,
          response: { 200: envelopeSchema(productSummarySchema) },
        },
      },
      async (request) => ok(productSummary(await changeCollectionsPolicy(db, request.params.productId, request.body.collectionsPolicy, actorOf(request)))),
    );

    app.post(
      OperatorPath.offerSet,
      {
        schema: {
          tags: ['operator'],
          summary: "Set a borrower's offer on a product (amount, term, coupon in minor units)",
          body: offerSetRequestSchema,
          response: { 200: envelopeSchema(offerSchema) },
        },
      },
      async (request) => {
        const { userId, productId, amountMinor, termDays, couponMinor } = request.body;
        const { product } = await borrowerAndProduct(db, userId, productId);
        return ok(offerSummary(userId, productId, await setOffer(db, userId, product, { amountMinor, termDays, couponMinor }, actorOf(request))));
      },
    );

    app.post(
      OperatorPath.offerWithdraw,
      {
        schema: {
          tags: ['operator'],
          summary: "Withdraw a borrower's offer on a product",
          body: offerWithdrawRequestSchema,
          response: { 200: envelopeSchema(offerSchema) },
        },
      },
      async (request) => {
        const { userId, productId } = request.body;
        const { product } = await borrowerAndProduct(db, userId, productId);
        return ok(offerSummary(userId, productId, await withdrawOffer(db, userId, product, actorOf(request))));
      },
    );
  };
}
