import {
  envelopeSchema,
  ledgerCheckResultSchema,
  ledgerViewSchema,
  manualPaymentRequestSchema,
  manualPaymentResultSchema,
  OperatorPath,
  operatorPayoffSchema,
  orderNoParamsSchema,
  paymentIdParamsSchema,
  paymentListQuerySchema,
  paymentExceptionListQuerySchema,
  paymentExceptionPageSchema,
  paymentExceptionParamsSchema,
  paymentExceptionResolveRequestSchema,
  paymentExceptionSchema,
  paymentPageSchema,
  receiptSchema,
  webhookDeliveryPageSchema,
  webhookDeliveryQuerySchema,
} from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { actorOf } from '../staff';
import { ledgerCheck, orderLedger, orderPayoff, receiptById, recordManualPayment } from './operator-payment-service';
import { operatorPaymentExceptionPage, operatorPaymentPage, operatorWebhookDeliveryPage } from './operator-payment-lists';
import { resolvePaymentException } from './payment-exception-resolution';
import { paymentExceptionView } from './payment-exception-presenter';
import { ledgerCheckView, ledgerView, operatorPayoffView, receiptView } from './operator-payment-presenter';
import { ok } from '../../plugins/envelope';

/** The lender's view of the money: receipts, manual transfers, each order's ledger and payoff, and the books' check. */
export function operatorPaymentRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      OperatorPath.payments,
      {
        schema: {
          tags: ['operator'],
          summary: "Receipts, newest first, a page at a time (limit, cursor); one order's with ?orderNo=",
          querystring: paymentListQuerySchema,
          response: { 200: envelopeSchema(paymentPageSchema) },
        },
      },
      async (request) => ok(await operatorPaymentPage(db, request.query, request.query)),
    );

    app.get(
      OperatorPath.paymentExceptions,
      {
        schema: {
          tags: ['operator'],
          summary:
            'Provider deliveries kept instead of applied (an event id reused with other content, an impossible payment time), newest first, a page at a time; ?state=open (the default), resolved or all',
          querystring: paymentExceptionListQuerySchema,
          response: { 200: envelopeSchema(paymentExceptionPageSchema) },
        },
      },
      async (request) => ok(await operatorPaymentExceptionPage(db, request.query, request.query)),
    );

    app.post(
      OperatorPath.paymentExceptionResolve,
      {
        schema: {
          tags: ['operator'],
          summary: 'Close a kept delivery with what was done about it (applied by hand, returned to the payer, no money moved) and a note; moves no money',
          params: paymentExceptionParamsSchema,
          body: paymentExceptionResolveRequestSchema,
          response: { 200: envelopeSchema(paymentExceptionSchema) },
        },
      },
      async (request) => {
        const resolved = await resolvePaymentException(db, actorOf(request), request.params.id, request.body);
        request.log.info({ paymentExceptionId: resolved.id, resolution: resolved.resolution }, 'operator resolved a payment exception');
        return ok(paymentExceptionView(resolved));
      },
    );

    app.get(
      OperatorPath.webhookDeliveries,
      {
        schema: {
          tags: ['operator'],
          summary: "Providers' payment deliveries with their outcome (applied, duplicate, refused, unknown), newest first; ?outcome= and ?provider= filter",
          querystring: webhookDeliveryQuerySchema,
          response: { 200: envelopeSchema(webhookDeliveryPageSchema) },
        },
      },
      async (request) => ok(await operatorWebhookDeliveryPage(db, request.query, request.query)),
    );

    app.get(
      OperatorPath.payment,
      { schema: { tags: ['operator'], summary: 'One receipt', params: paymentIdParamsSchema, response: { 200: envelopeSchema(receiptSchema) } } },
      async (request) => ok(receiptView(await receiptById(db, request.params.id))),
    );

    app.post(
      OperatorPath.payments,
      {
        schema: {
          tags: ['operator'],
          summary: 'Record a transfer the lender received outside a provider; the same order and reference note are applied once',
          body: manualPaymentRequestSchema,
          response: { 200: envelopeSchema(manualPaymentResultSchema) },
        },
      },
      async (request) => {
        const { receipt, replay } = await recordManualPayment(db, request.body, actorOf(request));
        // The payment id, not the receipt number: its long run of digits reads like a card number in the log.
        request.log.info({ orderNo: receipt.orderNo, paymentId: receipt.id, replay }, 'operator recorded a transfer');
        return ok({ replay, receipt: receiptView(receipt) });
      },
    );

    app.get(
      OperatorPath.orderLedger,
      {
        schema: {
          tags: ['operator'],
          summary: "An order's ledger entries with their postings, and each account's balance",
          params: orderNoParamsSchema,
          response: { 200: envelopeSchema(ledgerViewSchema) },
        },
      },
      async (request) => ok(ledgerView(await orderLedger(db, request.params.orderNo))),
    );

    app.get(
      OperatorPath.orderPayoff,
      {
        schema: {
          tags: ['operator'],
          summary: 'What settles an order today, or from when early repayment is allowed and why',
          params: orderNoParamsSchema,
          response: { 200: envelopeSchema(operatorPayoffSchema) },
        },
      },
      async (request) => ok(operatorPayoffView(await orderPayoff(db, request.params.orderNo))),
    );

    app.get(
      OperatorPath.ledgerCheck,
      {
        schema: {
          tags: ['operator'],
          summary: 'Check the books: every entry balances and each order agrees with its ledger; reports, never fixes',
          response: { 200: envelopeSchema(ledgerCheckResultSchema) },
        },
      },
      async () => ok(ledgerCheckView(await ledgerCheck(db))),
    );
  };
}
