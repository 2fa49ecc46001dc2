import type { IsoDate, MinorUnits } from '@lend/domain';
import type { Db } from '../../db/client';
import type { CashPaymentProviders } from '../../providers/payments/create-cash-payment-provider';
import type { OrderRow } from '../orders';
import { payoffSituation } from './payoff-service';
import { referencesAtEveryChannel, type ChannelReference } from './reference-issuer';

/** What settles an order today, offered beside its installment, with the references to pay exactly that. */
export type PayoffOffer = {
  payoffMinor: MinorUnits;
  rebateMinor: MinorUnits;
  outstandingMinor: MinorUnits;
  /** The look-up period's last day while this is its exit (docs/decisions/150), else null. */
  lookUpUntil: IsoDate | null;
  channels: ChannelReference[];
};

/**
 * The payoff worth offering today: only once the market's rule allows early repayment and only
 * when it costs less than everything owed (otherwise paying everything is the same thing).
 */
export async function payoffOffer(db: Db, providers: CashPaymentProviders, order: OrderRow, now: Date): Promise<PayoffOffer | null> {
  const { quote, market, outstandingMinor } = await payoffSituation(db, order, now);
  if (!quote.allowed || quote.payoffMinor >= outstandingMinor) return null;
  return {
    payoffMinor: quote.payoffMinor,
    rebateMinor: quote.rebateMinor,
    outstandingMinor,
    lookUpUntil: quote.lookUpUntil,
    channels: await referencesAtEveryChannel(db, providers, order, market, 1, quote.payoffMinor, now),
  };
}

/** Whether an amount is today's payoff, which the borrower did not choose freely. */
export async function isPayoffAmount(db: Db, order: OrderRow, amountMinor: MinorUnits, now: Date): Promise<boolean> {
  const { quote } = await payoffSituation(db, order, now);
  return quote.allowed && quote.payoffMinor === amountMinor;
}
