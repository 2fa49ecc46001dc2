import {
  envelopeSchema,
  OperatorPath,
  refundCreateResultSchema,
  refundCreateSchema,
  refundFollowResultSchema,
  refundListQuerySchema,
  refundPageSchema,
  refundApprovalApproveResultSchema,
  refundApprovalDeclineResultSchema,
  refundApprovalDeclineSchema,
  refundApprovalListQuerySchema,
  refundApprovalPageSchema,
  refundApprovalParamsSchema,
} from '@lend/contracts';
import type { Market } from '@lend/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../staff';
import { approveRefund, declineRefund } from './refund-approval-service';
import { operatorRefundApprovalPage, operatorRefundPage } from './refund-lists';
import { refundApprovalView, refundView } from './refund-presenter';
import { followRefundsAskedBy, refundCredit, type RefundDeps } from './refund-service';
import { ok } from '../../plugins/envelope';

/** The lender sends credit back and sees every refund. */
export function operatorRefundRoutes(deps: Omit<RefundDeps, 'log'>, { refundLimits }: { refundLimits: Readonly<Record<Market, number>> }): FastifyPluginAsyncZod {
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
      async (request) => ok(await operatorRefundPage(deps.db, request.query, request.query)),
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
        const { refund, refunds, approval, replay } = await refundCredit({ ...deps, log: request.log }, request.body, { actor: actorOf(request), refundLimits });
        if (refund) request.log.info({ orderNo: refund.orderNo, refundId: refund.id, status: refund.status, replay }, 'operator refunded credit');
        if (approval) request.log.info({ orderNo: approval.orderNo, approvalId: approval.id, replay }, 'refund above the limit waits for a second person');
        return ok({ replay, refund: refund && refundView(refund), refunds: refunds.map(refundView), approval: approval && refundApprovalView(approval) });
      },
    );

    app.get(
      OperatorPath.refundApprovals,
      {
        schema: {
          tags: ['operator'],
          summary: 'Refunds above the staff limit asked by one person, newest first (?status=pending|approved|declined), a page at a time',
          querystring: refundApprovalListQuerySchema,
          response: { 200: envelopeSchema(refundApprovalPageSchema) },
        },
      },
      async (request) => ok(await operatorRefundApprovalPage(deps.db, request.query, request.query)),
    );

    app.post(
      OperatorPath.refundApprovalApprove,
      {
        schema: {
          tags: ['operator'],
          summary: 'A different administrator approves a refund above the limit: the refund is written and sent now, once',
          params: refundApprovalParamsSchema,
          response: { 200: envelopeSchema(refundApprovalApproveResultSchema) },
        },
      },
      async (request) => {
        const { approval, refund, replay } = await approveRefund({ ...deps, log: request.log }, request.params.approvalId, actorOf(request));
        request.log.info({ orderNo: approval.orderNo, approvalId: approval.id, refundId: refund.id, replay }, 'refund above the limit approved');
        return ok({ replay, approval: refundApprovalView(approval), refund: refundView(refund) });
      },
    );

    app.post(
      OperatorPath.refundApprovalDecline,
      {
        schema: {
          tags: ['operator'],
          summary: 'A different administrator declines a refund above the limit, saying why; nothing moves',
          params: refundApprovalParamsSchema,
          body: refundApprovalDeclineSchema,
          response: { 200: envelopeSchema(refundApprovalDeclineResultSchema) },
        },
      },
      async (request) => {
        const { approval, replay } = await declineRefund(deps.db, request.params.approvalId, request.body.note, actorOf(request));
        return ok({ replay, approval: refundApprovalView(approval) });
      },
    );

    app.post(
      OperatorPath.refundsFollow,
      { schema: { tags: ['operator'], summary: 'Ask the providers where each pending refund stands now', response: { 200: envelopeSchema(refundFollowResultSchema) } } },
      async (request) => ok(await followRefundsAskedBy({ ...deps, log: request.log }, actorOf(request))),
    );
  };
}
