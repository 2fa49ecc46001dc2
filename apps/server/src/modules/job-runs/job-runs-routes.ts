import { envelopeSchema, jobRunListQuerySchema, jobRunPageSchema, OperatorPath } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { jobRunView } from './job-runs-presenter';
import { jobRunPage } from './job-runs-service';
import { ok } from '../../plugins/envelope';

/** The scheduled jobs' recent runs, for whoever watches the servers (docs/decisions/189). */
export function jobRunOperatorRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.jobRuns,
      {
        schema: {
          tags: ['operator'],
          summary: "Recent runs of the scheduled jobs (one job's with job), newest first, a page at a time: state, attempts, server, duration, last error",
          querystring: jobRunListQuerySchema,
          response: { 200: envelopeSchema(jobRunPageSchema) },
        },
      },
      async (request) => {
        const page = pageRequest(request.query, idCursor);
        return ok(toPage(await jobRunPage(db, page, request.query.job), page, (row) => [row.id], jobRunView));
      },
    );
  };
}
