import {
  envelopeSchema,
  OperatorPath,
  orderActionRequestSchema,
  orderListQuerySchema,
  orderListSchema,
  orderRejectRequestSchema,
  orderSummarySchema,
  type OrderSummary,
} from '@lend/contracts';
import { OrderEvent } from '@lend/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { applyOperatorEvent, orderPage, type OrderRow, type OrderStepHooks } from '../orders';
import { productById } from '../products';
import { ok } from '../../plugins/envelope';
import { actorOf } from '../staff';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function orderSummary(order: OrderRow, productCode: string): OrderSummary {
  return {
    orderNo: order.orderNo,
    userId: order.borrowerId,
    productId: order.productId,
    productCode,
    status: order.statusCode,
    principalMinor: order.principalMinor,
    disbursalMinor: order.disbursalMinor,
    discountMinor: order.discountMinor,
    totalRepayableMinor: order.totalRepayableMinor,
    penaltyMinor: order.penaltyMinor,
    penaltyPaidMinor: order.penaltyPaidMinor,
    creditMinor: order.creditMinor,
    extensionsUsed: order.extensionsUsed,
    termDays: order.termDays,
    periods: order.periods,
    dueDate: order.dueDate,
    score: order.score,
    createdAt: order.createdAt.toISOString(),
    approvedAt: iso(order.approvedAt),
    disbursedAt: iso(order.disbursedAt),
    settledAt: iso(order.settledAt),
  };
}

/** The lender's side of the order lifecycle: the orders' list and its steps (approve, reject). */
export function operatorOrderRoutes(db: Db, options: { hooks?: OrderStepHooks }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.orders,
      {
        schema: {
          tags: ['operator'],
          summary: "Orders, oldest first, a page at a time (limit, cursor); one borrower's with ?userId=, one status's with ?status=, one order with ?orderNo=",
          querystring: orderListQuerySchema,
          response: { 200: envelopeSchema(orderListSchema) },
        },
      },
      async (request) => {
        const page = pageRequest(request.query, idCursor);
        const { userId, status, orderNo } = request.query;
        const rows = await orderPage(db, { borrowerId: userId, status, orderNo }, page);
        return ok(toPage(rows, page, (order) => [order.id], (order) => orderSummary(order, order.productCode)));
      },
    );

    const respond = async (order: OrderRow, event: string, log: FastifyBaseLogger) => {
      log.info({ orderNo: order.orderNo, status: order.statusCode }, `operator ${event}`);
      const product = await productById(db, order.productId);
      return ok(orderSummary(order, product?.code ?? ''));
    };
    app.post(
      OperatorPath.orderApprove,
      { schema: { tags: ['operator'], summary: 'Approve an order under review (21 → 151)', body: orderActionRequestSchema, response: { 200: envelopeSchema(orderSummarySchema) } } },
      async (request) => respond(await applyOperatorEvent(db, request.body.orderNo, OrderEvent.Approve, actorOf(request), options.hooks), OrderEvent.Approve, request.log),
    );
    app.post(
      OperatorPath.orderReject,
      {
        schema: {
          tags: ['operator'],
          summary: 'Reject an order under review or not yet paid out (21 or 151 → 110); the reason, when given, is kept in the audit entry',
          body: orderRejectRequestSchema,
          response: { 200: envelopeSchema(orderSummarySchema) },
        },
      },
      async (request) => respond(await applyOperatorEvent(db, request.body.orderNo, OrderEvent.Reject, actorOf(request), options.hooks, request.body.reason), OrderEvent.Reject, request.log),
    );
  };
}
