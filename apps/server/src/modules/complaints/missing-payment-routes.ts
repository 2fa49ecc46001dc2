import { commonQuerySchema, envelopeSchema, MachinePath, missingPaymentFiledSchema, missingPaymentRequestSchema } from '@lend/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { borrowerOf } from '../../plugins/borrower-auth';
import { borrowerCreateLimit } from '../../plugins/borrower-rate-limit';
import { missingPaymentDetail, presentMissingPaymentFiled } from './missing-payment-presenter';
import { reportMissingPayment } from './missing-payment-service';
import { ok } from '../../plugins/envelope';

/** The payments screen's "my payment does not show": a complaint with the reference and the date. */
export function missingPaymentRoutes(db: Db): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      MachinePath.paymentMissing,
      {
        config: borrowerCreateLimit,
        schema: {
          tags: ['complaints'],
          summary: 'Report a payment the order does not show (reference, date paid, optional ticket photo): files a complaint and answers its folio',
          querystring: commonQuerySchema,
          body: missingPaymentRequestSchema,
          response: { 200: envelopeSchema(missingPaymentFiledSchema) },
        },
      },
      async (request) => {
        const { orderId, productId, reference, paidOn, ticketImage } = request.body;
        const detail = missingPaymentDetail(request.language, { reference, paidOn });
        const report = { orderNo: orderId, productId, paidOn, ticketImage, detail };
        return ok(presentMissingPaymentFiled(await reportMissingPayment(db, borrowerOf(request).borrowerId, report), request.language));
      },
    );
  };
}
