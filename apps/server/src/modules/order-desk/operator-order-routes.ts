import {
  envelopeSchema,
  OperatorPath,
  orderActionRequestSchema,
  orderListQuerySchema,
  orderListSchema,
  orderRejectRequestSchema,
  orderSummarySchema,
} from '@lend/contracts';
import { OrderEvent } from '@lend/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { applyOperatorEvent, type OrderRow, type OrderStepHooks } from '../orders';
import { productById } from '../products';
import { ok } from '../../plugins/envelope';
import { actorOf } from '../staff';
import { operatorOrderPage, orderSummary, summaryProduct, type BorrowerNames } from './order-list';

/** The lender's side of the order lifecycle: the orders' list and its steps (approve, reject). */
export function operatorOrderRoutes(db: Db, options: { hooks?: OrderStepHooks; borrowerNames: BorrowerNames }): FastifyPluginAsyncZod {
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
      async (request) => ok(await operatorOrderPage(db, options.borrowerNames, request.query, request.query)),
    );

    const respond = async (order: OrderRow, event: string, log: FastifyBaseLogger) => {
      log.info({ orderNo: order.orderNo, status: order.statusCode }, `operator ${event}`);
      return ok(orderSummary(order, summaryProduct(await productById(db, order.productId))));
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
