import {
  envelopeSchema,
  ErrorCode,
  OperatorPath,
  refundCreateResultSchema,
  refundCreateSchema,
  refundFollowResultSchema,
  refundListQuerySchema,
  refundPageSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { actorOf } from '../staff';
import { refundView } from './refund-presenter';
import { followRefundsAskedBy, refundCredit, refundPage, type RefundDeps } from './refund-service';

const ok = <T>(data: T) => ({ code: ErrorCode.Ok, message: '', data });

/** The lender sends credit back and sees every refund. */
export function operatorRefundRoutes(deps: Omit<RefundDeps, 'log'>, { refundLimitMinor }: { refundLimitMinor: number }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.refunds,
      {
        schema: {
          tags: ['operator'],
          summary: "Refunds, newest first, a page at a time (limit, cursor); one order's with ?orderNo=",
          querystring: refundListQuerySchema,
          response: { 200: envelopeSchema(refundPageSchema) },
        },
      },
      async (request) => {
        const page = pageRequest(request.query, idCursor);
        return ok(toPage(await refundPage(deps.db, request.query.orderNo, page), page, (row) => [row.id], refundView));
      },
    );

    app.post(
      OperatorPath.refunds,
      {
        schema: {
          tags: ['operator'],
          summary: "Send an order's credit back through the provider that took the money, or record a transfer made outside a provider (outside, note)",
          body: refundCreateSchema,
          response: { 200: envelopeSchema(refundCreateResultSchema) },
        },
      },
      async (request) => {
        const { refund, replay } = await refundCredit({ ...deps, log: request.log }, request.body, { actor: actorOf(request), refundLimitMinor });
        request.log.info({ orderNo: refund.orderNo, refundId: refund.id, status: refund.status, replay }, 'operator refunded credit');
        return ok({ replay, refund: refundView(refund) });
      },
    );

    app.post(
      OperatorPath.refundsFollow,
      { schema: { tags: ['operator'], summary: 'Ask the providers where each pending refund stands now', response: { 200: envelopeSchema(refundFollowResultSchema) } } },
      async (request) => ok(await followRefundsAskedBy({ ...deps, log: request.log }, actorOf(request))),
    );
  };
}
