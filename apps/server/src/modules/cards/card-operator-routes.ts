import { bankCardSchema, cardReconcileResultSchema, envelopeSchema, ErrorCode, OperatorPath, testCardRequestSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CardDeps } from './card-deps';
import { saveTestCard } from './card-service';
import { bankCardView } from './card-texts';
import { reconcileCardRepayments } from './reconciler';

const ok = <T>(data: T) => ({ code: ErrorCode.Ok, message: '', data });

/** The lender's card tools: the reconciler now, and (sandbox only, never in production) test cards for a borrower. */
export function cardOperatorRoutes(deps: CardDeps, options: { testCards: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      OperatorPath.cardReconcile,
      {
        schema: {
          tags: ['operator'],
          summary: 'Settles card repayments still charging after two minutes with the provider; prints what it did',
          response: { 200: envelopeSchema(cardReconcileResultSchema) },
        },
      },
      async () => ok(await reconcileCardRepayments(deps, deps.now())),
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
