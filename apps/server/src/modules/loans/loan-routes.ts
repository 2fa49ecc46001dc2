import {
  commonQuerySchema,
  contractDetailRequestSchema,
  contractDetailSchema,
  delayDetailRequestSchema,
  delayDetailSchema,
  envelopeSchema,
  ErrorCode,
  loanConfirmRequestSchema,
  loanConfirmSchema,
  loanDetailsRequestSchema,
  loanDetailsSchema,
  loanPushRequestSchema,
  loanPushSchema,
  installmentDetailRequestSchema,
  installmentDetailSchema,
  loanScoreRequestSchema,
  MachinePath,
  repayInstructionRequestSchema,
  repayInstructionSchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit, borrowerReadLimit } from '../../plugins/borrower-rate-limit';
import { presentLoanConfirm } from './confirm-presenter';
import { confirmation } from './confirm-service';
import { draftContract, signedContract } from './contract-service';
import { ok, orderDetailsAnswer, sendSerialised } from './details-answer';
import type { RememberedDetailsAnswers } from './remembered-details-answers';
import type { CashPaymentProvider } from '../../providers/payments/cash-payments';
import type { OrderNumberSource } from './place-order';
import { pushLoan } from './push-service';
import { extensionDue } from './extension-service';
import { delayDetailAnswer } from './extension-presenter';
import { installmentDetailAnswer, repayInstructionAnswer } from './repayment-presenter';
import { installmentDue, paymentInstruction } from './repayment-service';
import { scoreOrder } from './score-service';


export type LoanRouteOptions = {
  payments: CashPaymentProvider;
  /** Order numbers of new orders; the random default unless a test forces a collision. */
  newOrderNo?: OrderNumberSource | undefined;
  /** The order details answers this process remembers until the order changes. */
  detailsAnswers: RememberedDetailsAnswers;
};

/** The borrower's loan calls (spec §7 'Loan screens' and contract detail). */
export function loanRoutes(db: Db, { payments, newOrderNo, detailsAnswers }: LoanRouteOptions): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      MachinePath.loanConfirm,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: 'The offer to confirm: amounts, plan, annual cost (CAT/APR) and contract; isType=1 after the reload countdown',
          querystring: commonQuerySchema,
          body: loanConfirmRequestSchema,
          response: { 200: envelopeSchema(loanConfirmSchema) },
        },
      },
      async (request) =>
        ok(
          presentLoanConfirm(
            await confirmation(db, borrowerOf(request).borrowerId, request.body.productId, { reload: request.body.isType === '1' }),
            request.language,
          ),
        ),
    );

    app.post(
      MachinePath.loanPush,
      {
        config: borrowerCreateLimit,
        schema: {
          tags: ['loans'],
          summary: 'Confirm the offer: creates the order under review once, with its contract',
          querystring: commonQuerySchema,
          body: loanPushRequestSchema,
          response: { 200: envelopeSchema(loanPushSchema) },
        },
      },
      async (request) => {
        const { body } = request;
        const pushed = await pushLoan(
          db,
          {
            borrowerId: borrowerOf(request).borrowerId,
            productId: body.productId,
            amountMinor: body.amount,
            periods: body.periods,
            termUnit: body.termUnit,
            agreement: body.agreement,
          },
          { language: request.language, clientIp: request.ip, userAgent: request.headers['user-agent'] ?? '', at: new Date() },
          newOrderNo,
        );
        return ok(pushed);
      },
    );

    app.post(
      MachinePath.loanDetails,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: "An order's status, rows and available actions",
          querystring: commonQuerySchema,
          body: loanDetailsRequestSchema,
          response: { 200: envelopeSchema(loanDetailsSchema) },
        },
      },
      async (request, reply) => {
        const question = { borrowerId: borrowerOf(request).borrowerId, orderNo: request.body.orderId, productId: request.body.productId, language: request.language };
        // Sent as serialised (and checked against the contract) when it was first worked out.
        return sendSerialised(reply, await orderDetailsAnswer(db, detailsAnswers, question));
      },
    );

    app.post(
      MachinePath.loanScore,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: "The borrower's rating (1 to 5) of an order, stored once",
          querystring: commonQuerySchema,
          body: loanScoreRequestSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (request) => {
        await scoreOrder(db, borrowerOf(request).borrowerId, request.body.orderId, request.body.score);
        return ok(null);
      },
    );

    app.get(
      MachinePath.contractDetail,
      {
        config: borrowerReadLimit,
        schema: {
          tags: ['loans'],
          summary: "An order's signed contract (orderNo), or the draft for the current offer (productId)",
          querystring: commonQuerySchema.extend(contractDetailRequestSchema.shape),
          response: { 200: envelopeSchema(contractDetailSchema) },
        },
      },
      async (request) => {
        const { orderNo, productId } = request.query;
        const borrowerId = borrowerOf(request).borrowerId;
        if (orderNo !== undefined && productId === undefined) return ok(await signedContract(db, borrowerId, orderNo));
        if (productId !== undefined && orderNo === undefined) {
          return ok(await draftContract(db, borrowerId, productId, request.language));
        }
        throw new AppError(ErrorCode.InvalidRequest, 'orderNo');
      },
    );

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
        return ok(installmentDetailAnswer(await installmentDue(db, payments, borrowerOf(request).borrowerId, query), request.language));
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
  };
}
