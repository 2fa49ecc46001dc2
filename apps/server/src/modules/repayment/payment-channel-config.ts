import { ErrorCode, type PaymentChannelConfig, type PaymentChannelUpdateRequest } from '@lend/contracts';
import type { Market } from '@lend/domain';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../staff';
import { listMarketChannels, lockChannel, saveChannelSettings, type PaymentChannelRow } from './payment-channel-repository';

/**
 * An administrator's view and changes of a market's payment channels (docs/decisions/178): what a
 * channel charges, the smallest and largest payment it takes, and whether borrowers are offered
 * it. A change and its audit entry commit together (docs/decisions/162). References already issued
 * keep the amounts they were issued for.
 */

const settings = (row: PaymentChannelRow) => ({ active: row.active, feeMinor: row.feeMinor, minAmountMinor: row.minAmountMinor, maxAmountMinor: row.maxAmountMinor });

export function channelConfig(row: PaymentChannelRow): PaymentChannelConfig {
  return {
    code: row.code,
    market: row.market === 'IN' ? 'IN' : 'MX',
    kind: row.kind === 'bank' ? 'bank' : 'store',
    name: row.name,
    sort: row.sort,
    ...settings(row),
  };
}

export async function marketChannels(db: Queryable, market: Market): Promise<PaymentChannelRow[]> {
  return listMarketChannels(db, market);
}

export function changeChannel(db: Db, code: string, values: PaymentChannelUpdateRequest, actor: Actor, now = new Date()): Promise<PaymentChannelRow> {
  return db.transaction(async (tx) => {
    const before = await lockChannel(tx, code);
    if (!before) throw new AppError(ErrorCode.PaymentChannelNotFound);
    const after = await saveChannelSettings(tx, code, values);
    await recordAudit(tx, actor, { action: 'payment-channel.change', objectType: 'payment-channel', objectId: code, before: settings(before), after: settings(after) }, now);
    return after;
  });
}

/** A market's payment channels as the back office lists them, offered or not, in the borrowers' order. */
export async function operatorPaymentChannelList(db: Db, filters: { market: Market }): Promise<{ items: PaymentChannelConfig[] }> {
  return { items: (await marketChannels(db, filters.market)).map(channelConfig) };
}
