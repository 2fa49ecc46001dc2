import type { ListFilters, Page, PageQuery, PaymentException, paymentExceptionListQuerySchema, paymentListQuerySchema, Receipt, WebhookDelivery, webhookDeliveryQuerySchema } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { paymentPage } from './operator-payment-service';
import { receiptView } from './operator-payment-presenter';
import { paymentExceptionPage } from './payment-exception-service';
import { paymentExceptionView } from './payment-exception-presenter';
import { webhookDeliveryPage } from './webhook-delivery-service';

/** One page of receipts, newest first; one order's with `orderNo`. */
export async function operatorPaymentPage(db: Queryable, filters: ListFilters<typeof paymentListQuerySchema>, query: PageQuery): Promise<Page<Receipt>> {
  const page = pageRequest(query, idCursor);
  return toPage(await paymentPage(db, filters.orderNo, page), page, (row) => [row.id], receiptView);
}

/** One page of the deliveries kept for an operator, newest first, in one state. */
export async function operatorPaymentExceptionPage(db: Queryable, filters: ListFilters<typeof paymentExceptionListQuerySchema>, query: PageQuery): Promise<Page<PaymentException>> {
  const page = pageRequest(query, idCursor);
  return toPage(await paymentExceptionPage(db, filters.state, page), page, (row) => [row.id], paymentExceptionView);
}

/** One page of the providers' deliveries with their outcome, newest first. */
export function operatorWebhookDeliveryPage(db: Queryable, filters: ListFilters<typeof webhookDeliveryQuerySchema>, query: PageQuery): Promise<Page<WebhookDelivery>> {
  return webhookDeliveryPage(db, { ...filters, ...query });
}
