import { ErrorCode, MISSING_PAYMENT_COMPLAINT, type Language, type MissingPaymentFiled } from '@lend/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerPaidOutOrder } from '../orders/index';
import { fileComplaint } from './complaint-service';
import { missingPaymentText } from './missing-payment-texts';

export type MissingPaymentReport = {
  orderNo: string;
  productId?: number | undefined;
  reference: string;
  /** The market date the borrower says they paid. */
  paidOn: string;
  /** Stored names of uploaded images (a photo of the ticket). */
  ticketImage: string[];
};

/**
 * Files "a payment I made does not show" as a complaint of its own type, with the reference and
 * the date in its text in the borrower's language, through the one complaint filing path. The
 * date must fall between the payout and the market's today: no payment can be made outside them.
 */
export async function reportMissingPayment(
  db: Db,
  borrowerId: number,
  language: Language,
  report: MissingPaymentReport,
  now = new Date(),
): Promise<MissingPaymentFiled> {
  const order = await borrowerPaidOutOrder(db, borrowerId, { orderNo: report.orderNo, productId: report.productId }, now);
  if (report.paidOn < order.paidOutOn || report.paidOn > order.today) throw new AppError(ErrorCode.MissingPaymentDateInvalid);
  const saved = await fileComplaint(
    db,
    borrowerId,
    {
      ...MISSING_PAYMENT_COMPLAINT,
      orderNo: order.orderNo,
      problemDetail: missingPaymentText(language, 'detail', { reference: report.reference, date: report.paidOn }),
      problemImage: report.ticketImage,
    },
    now,
  );
  return { ...saved, message: missingPaymentText(language, 'filed', { folio: saved.folio }) };
}
