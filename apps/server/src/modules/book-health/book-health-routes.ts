import {
  BookHealthPath,
  bookMonthsQuerySchema,
  bookProductMonthsQuerySchema,
  bookProductQuerySchema,
  efficiencyReportSchema,
  envelopeSchema,
  parReportSchema,
  promisesReportSchema,
  rollRateReportSchema,
  vintageReportSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { collectionsEfficiency, portfolioAtRisk, promisesKept, rollRates, vintageCurves } from './book-health-service';

/** The book's health for collections' agents and supervisors (docs/decisions/247); each report's CSV is the list exports'. */
export function bookHealthRoutes(db: Db, { now }: { now: () => Date }): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['operator'];
    app.get(
      BookHealthPath.par,
      { schema: { tags, summary: "Portfolio at risk: each product's outstanding principal and the part 1, 30, 60 and 90 days past due", querystring: bookProductQuerySchema, response: { 200: envelopeSchema(parReportSchema) } } },
      async (request) => ok(await portfolioAtRisk(db, request.query, now())),
    );
    app.get(
      BookHealthPath.vintages,
      { schema: { tags, summary: 'Vintage curves: per month of payout, the share of its principal 30+ days past due at each month on book', querystring: bookProductQuerySchema, response: { 200: envelopeSchema(vintageReportSchema) } } },
      async (request) => ok(await vintageCurves(db, request.query, now())),
    );
    app.get(
      BookHealthPath.rollRates,
      { schema: { tags, summary: "Roll rates: orders in each bucket at a month's end, by their bucket (or cured) at the next", querystring: bookMonthsQuerySchema, response: { 200: envelopeSchema(rollRateReportSchema) } } },
      async (request) => ok(await rollRates(db, request.query, now())),
    );
    app.get(
      BookHealthPath.efficiency,
      { schema: { tags, summary: 'Collections efficiency: per month, money collected on late orders over the installments late in it', querystring: bookProductMonthsQuerySchema, response: { 200: envelopeSchema(efficiencyReportSchema) } } },
      async (request) => ok(await collectionsEfficiency(db, request.query, now())),
    );
    app.get(
      BookHealthPath.promises,
      { schema: { tags, summary: 'Promises to pay per agent: made, kept, partly kept, broken, and the amounts', querystring: bookMonthsQuerySchema, response: { 200: envelopeSchema(promisesReportSchema) } } },
      async (request) => ok(await promisesKept(db, request.query, now())),
    );
  };
}
