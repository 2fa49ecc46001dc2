import { CollectionsPath, delinquencyBandsRequestSchema, delinquencyMarketParamsSchema, envelopeSchema, marketBandsListSchema, marketBandsSchema } from '@lend/contracts';
import { formatDate } from '@lend/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { actorOf } from '../staff';
import { changeBands, marketBandsList } from './delinquency-service';

/** Each market's delinquency buckets and their change by an administrator (docs/decisions/242). */
export function delinquencyRoutes(db: Db, { now }: { now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      CollectionsPath.bands,
      { schema: { tags: ['operator'], summary: "Each market's delinquency buckets (days past due each holds) and how many orders are late in each now", response: { 200: envelopeSchema(marketBandsListSchema) } } },
      async () => ok({ items: await marketBandsList(db) }),
    );

    app.put(
      CollectionsPath.marketBands,
      {
        schema: {
          tags: ['operator'],
          summary: "Set a market's delinquency buckets: every day past due in one, from day 1, the last open-ended; audited, and the market's late orders moved to their new buckets at once",
          params: delinquencyMarketParamsSchema,
          body: delinquencyBandsRequestSchema,
          response: { 200: envelopeSchema(marketBandsSchema) },
        },
      },
      async (request) => {
        const at = now();
        return ok(await changeBands(db, request.params.market, request.body.bands, actorOf(request), formatDate(at, request.params.market), at));
      },
    );
  };
}
