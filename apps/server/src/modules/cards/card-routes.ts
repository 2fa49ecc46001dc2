import { bankCardSchema, bindCardRequestSchema, cardEnvelopeSchema, cardFormDataSchema, CardRepaymentPath, commonQuerySchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit, borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { CARD_TAGS as tags, cardOk as ok, useCardScope } from './card-error';
import { bankCardView } from './card-presenter';
import { bindCard, cardForm, type SavedCardDeps } from './card-service';

/** The card screen's saving of a card (docs/decisions/080), in a card scope next to the repayment calls. */
export function savedCardRoutes(deps: SavedCardDeps): FastifyPluginAsyncZod {
  return async (app) => {
    useCardScope(app, deps.db);

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
      async (request) => ok(await cardForm(deps, borrowerOf(request).borrowerId)),
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
