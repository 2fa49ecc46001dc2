import { ErrorCode, MISSING_PAYMENT_COMPLAINT, type ComplaintSaved } from '@lend/contracts';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { borrowerPaidOutOrder } from '../orders';
import { fileComplaint } from './complaint-service';

export type MissingPaymentReport = {
  orderNo: string;
  productId?: number | undefined;
  /** The market date the borrower says they paid. */
  paidOn: string;
  /** Stored names of uploaded images (a photo of the ticket). */
  ticketImage: string[];
  /** The complaint's text, written for the borrower by the presenter in their language. */
  detail: string;
};

/**
 * Files "a payment I made does not show" as a complaint of its own type, with the reference and
 * the date in its text, through the one complaint filing path. The date must fall between the
 * payout and the market's today: no payment can be made outside them.
 */
export async function reportMissingPayment(
  db: Db,
  borrowerId: number,
  report: MissingPaymentReport,
  now = new Date(),
): Promise<ComplaintSaved> {
  const order = await borrowerPaidOutOrder(db, borrowerId, { orderNo: report.orderNo, productId: report.productId }, now);
  if (report.paidOn < order.paidOutOn || report.paidOn > order.today) throw new AppError(ErrorCode.MissingPaymentDateInvalid);
  return fileComplaint(
    db,
    borrowerId,
    {
      ...MISSING_PAYMENT_COMPLAINT,
      orderNo: order.orderNo,
      problemDetail: report.detail,
      problemImage: report.ticketImage,
    },
    now,
  );
}
