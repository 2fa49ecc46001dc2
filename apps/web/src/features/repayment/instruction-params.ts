import { AppRoute, RequestType } from '@lend/contracts';
import { pageHref } from '../../lib/page-links';
import type { PageParams } from '../../lib/page-params';

type RequestTypeValue = (typeof RequestType)[keyof typeof RequestType];

/** What `/carpmm` reads from its address (docs/decisions/076): the order, the amount in minor units, the place and the purpose. */
export type InstructionRequest = {
  orderId: string;
  productId?: string | undefined;
  amount: number;
  payCode: string;
  requestType: RequestTypeValue;
};

const isRequestType = (value: string | null): value is RequestTypeValue => value === RequestType.Channel || value === RequestType.Delay;

/** The instruction request of an address, or null when it lacks something the call needs. */
export function readInstructionRequest(query: URLSearchParams): InstructionRequest | null {
  const orderId = query.get('orderId')?.trim() ?? '';
  const payCode = query.get('payCode')?.trim() ?? '';
  const amountText = query.get('amount')?.trim() ?? '';
  const requestType = query.get('requestType');
  const amount = Number(amountText);
  if (!orderId || !payCode || !/^\d+$/.test(amountText) || amount <= 0 || !isRequestType(requestType)) return null;
  const productId = query.get('productId')?.trim();
  return { orderId, ...(productId ? { productId } : {}), amount, payCode, requestType };
}

/** The instruction page for paying `amount` (minor units) at one place, as a repayment (requestType 1). */
export function repaymentInstructionHref(page: PageParams, order: { orderId: string; productId?: string | undefined }, amount: number, payCode: string): string {
  return pageHref(AppRoute.repaymentInstruction, page, {
    orderId: order.orderId,
    ...(order.productId ? { productId: order.productId } : {}),
    amount: String(amount),
    payCode,
    requestType: RequestType.Channel,
  });
}
