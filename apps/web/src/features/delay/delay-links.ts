import { AppRoute } from '@lend/contracts';
import { pageHref } from '../../lib/page-links';
import type { PageParams } from '../../lib/page-params';

/** requestType 2 asks the instruction screen for an extension reference; 1 is a repayment. */
export const EXTENSION_REQUEST_TYPE = '2';

type ExtensionPayment = { orderNo: string; chargeMinor: number; payCode: string };

/** The instruction screen (/carpmm) for paying the extension charge at one channel. */
export function extensionInstructionHref(payment: ExtensionPayment, page: PageParams): string {
  return pageHref(AppRoute.repaymentInstruction, page, {
    ...(page.productId ? { productId: page.productId } : {}),
    orderId: payment.orderNo,
    amount: String(payment.chargeMinor),
    payCode: payment.payCode,
    requestType: EXTENSION_REQUEST_TYPE,
  });
}

/** Customer service, with the session params so it can load the borrower's contacts. */
export function serviceHref(page: PageParams): string {
  return pageHref(AppRoute.customerService, page);
}


