import { ErrorCode, type PaymentReferenceInfo } from '@lend/contracts';
import { MARKET_SETTINGS, type Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { orderOutline } from '../orders';
import { findReferencesWithValue } from './payment-channel-repository';

/**
 * What a cash reference was issued for, at every channel that holds this value (a value is unique
 * per channel only), so the simulator can report a payment against it exactly as a provider would.
 */
export async function paymentReferenceInfo(db: Queryable, reference: string, channelCode: string | undefined): Promise<PaymentReferenceInfo[]> {
  const rows = await findReferencesWithValue(db, reference, channelCode);
  if (rows.length === 0) throw new AppError(ErrorCode.NotFound);
  const orders = new Map<number, { orderNo: string; market: Market }>();
  for (const orderId of new Set(rows.map((row) => row.orderId))) orders.set(orderId, await orderOutline(db, orderId));
  return rows.flatMap((row) => {
    const order = orders.get(row.orderId);
    if (!order) return [];
    return [
      {
        reference: row.reference,
        channel: row.channelCode,
        orderNo: order.orderNo,
        market: order.market,
        currency: MARKET_SETTINGS[order.market].currency,
        amountMinor: row.amountMinor,
        expiresAt: row.expiresAt.toISOString(),
        requestType: row.requestType === 2 ? 2 : 1,
      },
    ];
  });
}
