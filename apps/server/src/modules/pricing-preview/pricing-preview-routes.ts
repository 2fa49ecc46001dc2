import { envelopeSchema, loanConfirmSchema, OperatorPath, pricingPreviewRequestSchema, productParamsSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { presentLoanConfirm } from '../orders';
import { productToConfigure } from '../products';
import { previewConfirmation } from './pricing-preview-service';
import { ok } from '../../plugins/envelope';

/**
 * The back office's preview of a pricing before it is saved (docs/decisions/177): the borrower's
 * confirmation screen for a sample loan, priced, dated and worded by the very code the
 * confirmation uses, in the language the call names.
 */
export function pricingPreviewRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      OperatorPath.productPricingPreview,
      {
        schema: {
          tags: ['operator'],
          summary: "The borrower's confirmation figures for a sample amount and term under a pricing not yet saved",
          params: productParamsSchema,
          body: pricingPreviewRequestSchema,
          response: { 200: envelopeSchema(loanConfirmSchema) },
        },
      },
      async (request) => {
        const { pricing, amountMinor, termDays } = request.body;
        const product = await productToConfigure(db, request.params.productId);
        return ok(presentLoanConfirm(previewConfirmation({ ...product, pricing }, { amountMinor, termDays }, new Date()), request.language));
      },
    );
  };
}
