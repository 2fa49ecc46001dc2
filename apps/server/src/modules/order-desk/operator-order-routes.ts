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
import { MARKET_SETTINGS, OrderEvent, type Market } from '@lend/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { applyOperatorEvent, orderPage, type OrderRow, type OrderStepHooks } from '../orders';
import { productById, productMarket } from '../products';
import { ok } from '../../plugins/envelope';
import { actorOf } from '../staff';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What an order's summary shows of its product. */
export type SummaryProduct = { code: string; name: string; market: Market };

/** The product as a summary shows it, from its row; an order's product is never removed. */
export function summaryProduct(product: { code: string; name: string; market: string } | undefined): SummaryProduct {
  if (!product) throw new Error('order without its product');
  return { code: product.code, name: product.name, market: productMarket(product) };
}

/** Each borrower's legal name by id ('' when they gave none yet), asked of the module that holds profiles. */
export type BorrowerNames = (db: Db, borrowerIds: readonly number[]) => Promise<Map<number, string>>;

export function orderSummary(order: OrderRow, product: SummaryProduct, borrowerName: string | null = null): OrderSummary {
  return {
    orderNo: order.orderNo,
    userId: order.borrowerId,
    productId: order.productId,
    productCode: product.code,
    productName: product.name,
    market: product.market,
    currency: MARKET_SETTINGS[product.market].currency,
    borrowerName,
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
      async (request) => {
        const page = pageRequest(request.query, idCursor);
        const { userId, status, orderNo } = request.query;
        const rows = await orderPage(db, { borrowerId: userId, status, orderNo }, page);
        const names = await options.borrowerNames(db, [...new Set(rows.map((order) => order.borrowerId))]);
        return ok(
          toPage(
            rows,
            page,
            (order) => [order.id],
            (order) => orderSummary(order, { code: order.productCode, name: order.productName, market: order.market }, names.get(order.borrowerId) ?? ''),
          ),
        );
      },
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
