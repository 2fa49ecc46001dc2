import {
  CARD_OK_CODE,
  cardEnvelopeSchema,
  CardRepaymentPath,
  cardRepaymentResultSchema,
  COMMON_QUERY_KEYS,
  commonQuerySchema,
  repaymentCommitDataSchema,
  repaymentCommitRequestSchema,
  repaymentConfirmRequestSchema,
  repaymentRedirectDataSchema,
  repaymentRedirectRequestSchema,
  repaymentResultRequestSchema,
  repaymentWayDataSchema,
  repaymentWayRequestSchema,
} from '@lend/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit, borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { CARD_TAGS as tags, cardOk as ok, useCardScope } from '../cards';
import type { CardDeps } from './card-deps';
import { commitRepayment } from './commit-service';
import { confirmRepayment } from './confirm-service';
import { startRedirectPayment } from './redirect-service';
import { borrowerRepaymentResult } from './result-service';
import { presentWay } from './way-presenter';
import { repaymentWay } from './way-service';

/**
 * The common query the checkout returns the borrower with, without the session id: the return
 * address is stored by the provider, and a session never goes to another company's server. The web
 * view keeps the session across the checkout itself (docs/decisions/082).
 */
function returnQueryOf(request: FastifyRequest): Record<string, string> {
  const query = request.query as Record<string, unknown>;
  return Object.fromEntries(
    COMMON_QUERY_KEYS.filter((key) => key !== 'sessionId').flatMap((key) => (typeof query[key] === 'string' ? [[key, query[key]]] : [])),
  );
}

/** The card repayment calls (docs/decisions/080), in a card scope: string codes, '00' for success. */
export function cardRepaymentRoutes(deps: CardDeps): FastifyPluginAsyncZod {
  return async (app) => {
    useCardScope(app, deps.db);

    app.post(
      CardRepaymentPath.way,
      {
        config: borrowerReadLimit,
        schema: {
          tags,
          summary: "The borrower's saved cards, a fresh repayToken (30 minutes, one commit) and what to pay",
          querystring: commonQuerySchema.extend(repaymentWayRequestSchema.shape),
          response: { 200: cardEnvelopeSchema(repaymentWayDataSchema) },
        },
      },
      async (request) => ok(presentWay(await repaymentWay(deps, borrowerOf(request).borrowerId, request.query.orderId), request.language)),
    );

    app.post(
      CardRepaymentPath.commit,
      {
        config: borrowerCreateLimit,
        schema: {
          tags,
          summary: 'Starts the one repayment of a listing: an SMS code when the card needs one (needValid 1), else the charge',
          querystring: commonQuerySchema,
          body: repaymentCommitRequestSchema,
          response: { 200: cardEnvelopeSchema(repaymentCommitDataSchema) },
        },
      },
      async (request) => {
        const { body } = request;
        return ok(
          await commitRepayment(deps, {
            borrowerId: borrowerOf(request).borrowerId,
            orderNo: body.orderId,
            repayToken: body.repayToken,
            amountMinor: body.amount,
            cardId: body.cardId,
            sendMsg: body.sendMsg,
            language: request.language,
          }),
        );
      },
    );

    app.post(
      CardRepaymentPath.confirm,
      {
        config: borrowerCreateLimit,
        schema: {
          tags,
          summary: 'Checks the SMS code and charges the card once',
          querystring: commonQuerySchema,
          body: repaymentConfirmRequestSchema,
          response: { 200: cardEnvelopeSchema(repaymentCommitDataSchema) },
        },
      },
      async (request) => {
        const { body } = request;
        const input = { borrowerId: borrowerOf(request).borrowerId, orderNo: body.orderId, recordNo: body.repaymentRecordId, code: body.verifyCode };
        return ok(await confirmRepayment(deps, input));
      },
    );

    app.post(
      CardRepaymentPath.result,
      {
        config: borrowerReadLimit,
        schema: {
          tags,
          summary: 'Where one of the borrower\'s repayments stands, with its receipt once paid',
          querystring: commonQuerySchema,
          body: repaymentResultRequestSchema,
          response: { 200: cardEnvelopeSchema(cardRepaymentResultSchema) },
        },
      },
      async (request) => {
        const query = { orderNo: request.body.orderId, recordNo: request.body.repayRecordId };
        return ok(await borrowerRepaymentResult(deps.db, borrowerOf(request).borrowerId, query, deps.now()));
      },
    );

    app.post(
      CardRepaymentPath.redirect,
      {
        config: borrowerCreateLimit,
        schema: {
          tags,
          summary: "A redirect (alipay-style) payment: the provider's checkout address in `url`",
          querystring: commonQuerySchema,
          body: repaymentRedirectRequestSchema,
          response: { 200: z.object({ code: z.string(), message: z.string(), url: z.string(), data: repaymentRedirectDataSchema }) },
        },
      },
      async (request) => {
        const { body } = request;
        const started = await startRedirectPayment(deps, {
          borrowerId: borrowerOf(request).borrowerId,
          userId: body.userId,
          orderNo: body.orderId,
          amountMinor: body.amount,
          returnQuery: returnQueryOf(request),
          language: request.language,
        });
        return { code: CARD_OK_CODE, message: '', url: started.url, data: { repayRecordId: started.repayRecordId } };
      },
    );
  };
}
