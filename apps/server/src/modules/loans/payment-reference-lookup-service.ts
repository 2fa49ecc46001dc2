import { ErrorCode, type PaymentReferenceInfo } from '@lend/contracts';
import { MARKET_SETTINGS } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { productMarket } from './loan-quote';
import { findReferencesWithOrder } from './payment-reference-lookup-repository';

/**
 * What a cash reference was issued for, at every channel that holds this value (a value is unique
 * per channel only), so the simulator can report a payment against it exactly as a provider would.
 */
export async function paymentReferenceInfo(db: Queryable, reference: string, channelCode: string | undefined): Promise<PaymentReferenceInfo[]> {
  const rows = await findReferencesWithOrder(db, reference, channelCode);
  if (rows.length === 0) throw new AppError(ErrorCode.NotFound);
  return rows.map((row) => {
    const market = productMarket({ market: row.market });
    return {
      reference: row.reference.reference,
      channel: row.reference.channelCode,
      orderNo: row.orderNo,
      market,
      currency: MARKET_SETTINGS[market].currency,
      amountMinor: row.reference.amountMinor,
      expiresAt: row.reference.expiresAt.toISOString(),
      requestType: row.reference.requestType === 2 ? 2 : 1,
    };
  });
}
