import { bankCardSchema, bindCardRequestSchema, CARD_OK_CODE, cardEnvelopeSchema, cardFormDataSchema, CardRepaymentPath, commonQuerySchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { borrowerAuth, borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit, borrowerReadLimit, requireBorrowerLimit } from '../../plugins/borrower-rate-limit';
import { useCardErrors } from './card-error';
import { bankCardView } from './card-presenter';
import { bindCard, cardForm, type SavedCardDeps } from './card-service';

const ok = <T>(data: T) => ({ code: CARD_OK_CODE, message: '', data });

const tags = ['card repayment'];

/**
 * The card screen's saving of a card (docs/decisions/080), under `CARD_REPAYMENT_BASE` next to the
 * repayment calls: the session in the query, a per-borrower cap on each, and the card envelope.
 */
export function savedCardRoutes(deps: SavedCardDeps): FastifyPluginAsyncZod {
  return async (app) => {
    useCardErrors(app);
    app.addHook('preHandler', borrowerAuth(deps.db));
    app.addHook('onRoute', requireBorrowerLimit);

    app.post(
      CardRepaymentPath.cardForm,
      {
        config: borrowerReadLimit,
        schema: {
          tags,
          summary: "Where the browser sends a card to be tokenised: the provider's address and public key",
          querystring: commonQuerySchema,
          response: { 200: cardEnvelopeSchema(cardFormDataSchema) },
        },
      },
      async () => ok(cardForm(deps)),
    );

    app.post(
      CardRepaymentPath.bindCard,
      {
        config: borrowerCreateLimit,
        schema: {
          tags,
          summary: 'Saves the card behind a provider token; the same token again answers the same card',
          querystring: commonQuerySchema,
          body: bindCardRequestSchema,
          response: { 200: cardEnvelopeSchema(bankCardSchema) },
        },
      },
      async (request) => ok(bankCardView(await bindCard(deps, borrowerOf(request).borrowerId, request.body.token))),
    );
  };
}
