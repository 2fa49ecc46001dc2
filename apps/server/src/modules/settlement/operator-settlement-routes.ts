import { envelopeSchema, OperatorPath, pageQuerySchema, settlementReportPageSchema, settlementRunResultSchema, settlementRunSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settlementReportView } from './settlement-presenter';
import { actorOf } from '../staff';
import { runSettlementAskedBy, type SettlementDeps } from './settlement-service';
import { operatorSettlementReportPage } from './settlement-lists';
import { ok } from '../../plugins/envelope';

/** The providers' settlements matched against the books: the reports, and a day run now. */
export function operatorSettlementRoutes(deps: Omit<SettlementDeps, 'log'>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.settlementReports,
      {
        schema: {
          tags: ['operator'],
          summary: 'Settlement reports, newest first, a page at a time (limit, cursor): matched lines, mismatches both ways, fees',
          querystring: pageQuerySchema,
          response: { 200: envelopeSchema(settlementReportPageSchema) },
        },
      },
      async (request) => ok(await operatorSettlementReportPage(deps.db, {}, request.query)),
    );

    app.post(
      OperatorPath.settlementReports,
      {
        schema: {
          tags: ['operator'],
          summary: "Match one day's settlement of every provider (or the one named) against the ledger now, and store each report",
          body: settlementRunSchema,
          response: { 200: envelopeSchema(settlementRunResultSchema) },
        },
      },
      async (request) => ok({ reports: (await runSettlementAskedBy({ ...deps, log: request.log }, actorOf(request), request.body.day, request.body.provider)).map(settlementReportView) }),
    );
  };
}
