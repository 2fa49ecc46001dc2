import {
  channelFeesRequestSchema,
  channelFeesSchema,
  commonQuerySchema,
  delayDetailRequestSchema,
  delayDetailSchema,
  envelopeSchema,
  installmentDetailRequestSchema,
  installmentDetailSchema,
  MachinePath,
  repayInstructionRequestSchema,
  repayInstructionSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit, borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import type { CashPaymentProviders } from '../../providers/payments/create-cash-payment-provider';
import { delayDetailAnswer } from './extension-presenter';
import { extensionDue } from './extension-service';
import { channelFeesAnswer, installmentDetailAnswer, repayInstructionAnswer } from './repayment-presenter';
import { channelFees, installmentDue, paymentInstruction, type TakesCards } from './repayment-service';
import { ok } from '../../plugins/envelope';

/** The borrower's repayment screens: what to pay now, the extension on offer, and a reference to pay with. */
export function repaymentRoutes(db: Db, { payments, takesCards }: { payments: CashPaymentProviders; takesCards: TakesCards }): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      MachinePath.installmentDetail,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: 'What to repay now and by when, the next installment, and where to pay with this order\'s references',
          querystring: commonQuerySchema,
          body: installmentDetailRequestSchema,
          response: { 200: envelopeSchema(installmentDetailSchema) },
        },
      },
      async (request) => {
        const query = { orderNo: request.body.orderId, productId: request.body.productId };
        return ok(installmentDetailAnswer(await installmentDue(db, payments, takesCards, borrowerOf(request).borrowerId, query), request.language));
      },
    );

    app.post(
      MachinePath.delayDetail,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: "The extension on offer now: its charge, the new date, the plan after it, and where to pay with this order's extension references",
          querystring: commonQuerySchema,
          body: delayDetailRequestSchema,
          response: { 200: envelopeSchema(delayDetailSchema) },
        },
      },
      async (request) => {
        const query = { orderNo: request.body.orderId, productId: request.body.productId };
        return ok(delayDetailAnswer(await extensionDue(db, payments, borrowerOf(request).borrowerId, query), request.language));
      },
    );

    app.post(
      MachinePath.repayInstruction,
      {
        config: borrowerCreateLimit,
        schema: {
          tags: ['loans'],
          summary: 'A payment reference at one channel: requestType 1 repays (up to what is owed), 2 pays the extension charge',
          querystring: commonQuerySchema,
          body: repayInstructionRequestSchema,
          response: { 200: envelopeSchema(repayInstructionSchema) },
        },
      },
      async (request) => {
        const { body } = request;
        const issued = await paymentInstruction(db, payments, borrowerOf(request).borrowerId, {
          orderNo: body.orderId,
          productId: body.productId,
          amountMinor: body.amount,
          payCode: body.payCode,
          requestType: body.requestType === '2' ? 2 : 1,
        });
        return ok(repayInstructionAnswer(issued, request.language));
      },
    );

    app.post(
      MachinePath.channelFees,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: "Each place to pay in the order's market: what it charges per payment and the amounts it takes",
          querystring: commonQuerySchema,
          body: channelFeesRequestSchema,
          response: { 200: envelopeSchema(channelFeesSchema) },
        },
      },
      async (request) => {
        const query = { orderNo: request.body.orderId, productId: request.body.productId };
        return ok(channelFeesAnswer(await channelFees(db, borrowerOf(request).borrowerId, query), request.language));
      },
    );
  };
}
