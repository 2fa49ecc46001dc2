import { bankCardSchema, cardReconcileRequestSchema, cardReconcileResultSchema, envelopeSchema, ErrorCode, OperatorPath, testCardRequestSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import type { CardDeps } from './card-deps';
import { saveTestCard } from './card-service';
import { bankCardView } from './card-texts';
import { reconcileCardRepayments } from './reconciler';

const ok = <T>(data: T) => ({ code: ErrorCode.Ok, message: '', data });

/**
 * The lender's card tools: the reconciler now, and (sandbox only, never in production) test cards
 * for a borrower. `clockOverride` (demo mode only) lets the reconciler run at another instant.
 */
export function cardOperatorRoutes(deps: CardDeps, options: { testCards: boolean; clockOverride: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      OperatorPath.cardReconcile,
      {
        schema: {
          tags: ['operator'],
          summary: 'Settles card repayments still charging after two minutes with the provider; prints what it did. `at` (demo mode only) runs it as of another instant',
          // Optional, so a bare POST (no body at all) runs it as of now.
          body: cardReconcileRequestSchema.nullish(),
          response: { 200: envelopeSchema(cardReconcileResultSchema) },
        },
      },
      async (request) => {
        const at = request.body?.at;
        if (at !== undefined && !options.clockOverride) throw new AppError(ErrorCode.InvalidRequest, 'at');
        return ok(await reconcileCardRepayments(deps, at === undefined ? deps.now() : new Date(at)));
      },
    );

    if (!options.testCards) return;
    app.post(
      OperatorPath.testCards,
      {
        schema: {
          tags: ['operator'],
          summary: "Sandbox only: tokenises a published test card (approve, code, decline, insufficient, timeout) and saves it for the borrower",
          body: testCardRequestSchema,
          response: { 200: envelopeSchema(bankCardSchema) },
        },
      },
      async (request) => ok(bankCardView(await saveTestCard(deps, request.body))),
    );
  };
}
