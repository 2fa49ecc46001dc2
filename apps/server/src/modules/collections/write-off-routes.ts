import { collectionOrderParamsSchema, collectionOrderSchema, envelopeSchema, LossesPath, writeOffRequestSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ok } from '../../plugins/envelope';
import { actorOf } from '../staff';
import { collectionOrder, type BorrowerNames } from './work-service';
import { writeOffByOfficer } from './write-off-service';

/** What the lender gives up on a late order (docs/decisions/244): a credit officer's write-off. */
export function collectionLossRoutes(db: Db, { now, borrowerNames }: { now: () => Date; borrowerNames: BorrowerNames }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      LossesPath.writeOff,
      {
        schema: {
          tags: ['operator'],
          summary: "A credit officer writes a late order off now, with the reason: what it owes leaves the books as a loss, the borrower still owes it, and what they pay since is a recovery; audited",
          params: collectionOrderParamsSchema,
          body: writeOffRequestSchema,
          response: { 200: envelopeSchema(collectionOrderSchema) },
        },
      },
      async (request) => {
        const at = now();
        await writeOffByOfficer(db, request.params.orderNo, request.body.note, actorOf(request), at);
        return ok(await collectionOrder(db, request.params.orderNo, at, borrowerNames));
      },
    );
  };
}
