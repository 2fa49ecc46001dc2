import {
  cardReconcileOneResultSchema,
  cardReconcileResultSchema,
  cardRecordParamsSchema,
  envelopeSchema,
  ErrorCode,
  OperatorPath,
  OperatorRoutes,
  pageQuerySchema,
  pendingCardChargePageSchema,
  type PendingCardCharge,
} from '@lend/contracts';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MARKET_SETTINGS } from '@lend/domain';
import { AppError } from '../../errors';
import type { CardDeps } from './card-deps';
import { actorOf } from '../staff';
import { pendingChargePage, reconcileCardRepaymentByOperator, reconcileCardRepaymentsAskedBy, type PendingCharge } from './reconciler';
import { ok } from '../../plugins/envelope';

/** The reconciler, run now by the lender; `clockOverride` (demo mode only) lets it run at another instant. */
export function cardReconcileRoutes(deps: CardDeps, options: { clockOverride: boolean }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      OperatorPath.cardReconcile,
      {
        schema: {
          tags: ['operator'],
          summary: 'Settles card repayments still charging after two minutes with the provider; prints what it did. `at` (demo mode only) runs it as of another instant',
          // Optional, so a bare POST (no body at all) runs it as of now.
          body: OperatorRoutes.cardReconcile.body,
          response: { 200: envelopeSchema(cardReconcileResultSchema) },
        },
      },
      async (request) => {
        const at = request.body?.at;
        if (at !== undefined && !options.clockOverride) throw new AppError(ErrorCode.InvalidRequest, 'at');
        return ok(await reconcileCardRepaymentsAskedBy(deps, actorOf(request), at === undefined ? deps.now() : new Date(at)));
      },
    );

    app.get(
      OperatorPath.cardRepaymentsPending,
      {
        schema: {
          tags: ['operator'],
          summary: 'Card and checkout payments still waiting on the provider, oldest first, a page at a time',
          querystring: pageQuerySchema,
          response: { 200: envelopeSchema(pendingCardChargePageSchema) },
        },
      },
      async (request) => {
        const page = pageRequest(request.query, idCursor);
        return ok(toPage(await pendingChargePage(deps.db, page), page, (row) => [row.id], pendingChargeView));
      },
    );

    app.post(
      OperatorPath.cardRepaymentReconcile,
      {
        schema: {
          tags: ['operator'],
          summary: 'Asks the provider about one card payment now and settles it once; one no longer charging is answered as it stands',
          params: cardRecordParamsSchema,
          response: { 200: envelopeSchema(cardReconcileOneResultSchema) },
        },
      },
      async (request) => ok(await reconcileCardRepaymentByOperator(deps, request.params.recordNo, actorOf(request))),
    );
  };
}

function pendingChargeView(row: PendingCharge): PendingCardCharge {
  return {
    recordNo: row.recordNo,
    orderNo: row.orderNo,
    provider: row.provider,
    method: row.method,
    amountMinor: row.amountMinor,
    currency: MARKET_SETTINGS[row.market].currency,
    market: row.market,
    status: row.status,
    chargeStartedAt: row.chargeStartedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
