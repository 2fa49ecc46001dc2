import { ErrorCode, type PayoutStatus } from '@lend/contracts';
import { MARKET_SETTINGS } from '@lend/domain';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { lockOrderForMoney, type OrderRow } from '../orders';
import { productById, productMarket } from '../products';
import { activePayoutAccount } from '../profiles';
import type { PayoutDeps } from './payout-deps';
import { insertPayout, movePayout, payoutsOfBorrower, payoutsOfOrder, IN_FLIGHT, type PayoutRow } from './payout-repository';

const DISBURSING = 151;

/** What the borrower receives: the principal less the commission kept at payout, the contract's net disbursed. */
export const netDisbursed = (order: Pick<OrderRow, 'principalMinor' | 'commissionMinor'>) => order.principalMinor - order.commissionMinor;

/**
 * Queues an approved order's payout to the borrower's active account, in the approval's
 * transaction (docs/decisions/152). Without an account, or with the market's payouts disabled, it
 * waits `held` with the reason, for an operator to see. The partial unique index keeps one live
 * payout per order, so this never adds a second.
 */
export async function queuePayout(deps: Pick<PayoutDeps, 'rails'>, tx: Tx, order: OrderRow, now: Date): Promise<PayoutRow | undefined> {
  const product = await productById(tx, order.productId);
  if (!product) throw new Error(`order ${order.orderNo} has no product`);
  const market = productMarket(product);
  const attempt = (await payoutsOfOrder(tx, order.id)).length + 1;
  const account = await activePayoutAccount(tx, order.borrowerId);
  const provider = deps.rails.get(market);
  const status: PayoutStatus = account && provider ? 'queued' : 'held';
  return insertPayout(tx, {
    orderId: order.id,
    borrowerId: order.borrowerId,
    market,
    provider: provider?.name ?? 'disabled',
    amountMinor: netDisbursed(order),
    currency: MARKET_SETTINGS[market].currency,
    payoutAccountId: account?.id ?? null,
    accountLast4: account ? account.accountNumber.slice(-4) : null,
    idempotencyKey: `PO${order.id}-${attempt}`,
    status,
    reason: status === 'queued' ? null : provider ? 'no-account' : 'provider-disabled',
    createdAt: now,
    updatedAt: now,
  });
}

/** Whether the borrower's account may change while an order awaits payout: only once the bank refused the payout to it. */
export async function releasesAccount(tx: Tx, borrowerId: number): Promise<boolean> {
  const mine = await payoutsOfBorrower(tx, borrowerId);
  if (mine.some((payout) => payout.status === 'queued' || (IN_FLIGHT as readonly string[]).includes(payout.status))) return false;
  const latest = mine[0];
  return latest !== undefined && (latest.status === 'rejected' || latest.status === 'reversed' || latest.status === 'held');
}

/**
 * A new account was saved (docs/decisions/152): an approved order whose payout waits for an account
 * takes it, and one whose payout the bank refused gets a new payout to it.
 */
export async function accountReplaced(deps: Pick<PayoutDeps, 'rails'>, tx: Tx, borrowerId: number, now: Date): Promise<void> {
  const latestByOrder = new Map<number, PayoutRow>();
  for (const payout of await payoutsOfBorrower(tx, borrowerId)) if (!latestByOrder.has(payout.orderId)) latestByOrder.set(payout.orderId, payout);
  for (const payout of latestByOrder.values()) {
    const locked = await lockOrderForMoney(tx, payout.orderId);
    if (!locked || locked.order.statusCode !== DISBURSING || payout.reversalParkedAt) continue;
    if (payout.status === 'rejected' || payout.status === 'reversed' || (payout.status === 'held' && payout.reason === 'no-account')) {
      await requeue(deps, tx, payout, locked.order, now);
    }
  }
}

async function requeue(deps: Pick<PayoutDeps, 'rails'>, tx: Tx, payout: PayoutRow, order: OrderRow, now: Date): Promise<void> {
  if (payout.status === 'held') {
    const account = await activePayoutAccount(tx, order.borrowerId);
    if (!account) return;
    await movePayout(tx, payout.id, ['held'], { status: 'queued', reason: null, payoutAccountId: account.id, accountLast4: account.accountNumber.slice(-4) }, now);
    return;
  }
  await queuePayout(deps, tx, order, now);
}

/**
 * An approved order rejected by an operator (docs/decisions/152): a payout not yet sent ends with
 * it; one with the provider, or paid, refuses the rejection, as that money may already be gone.
 */
export async function cancelForRejection(tx: Tx, order: OrderRow, now: Date): Promise<void> {
  if (order.statusCode !== DISBURSING) return;
  const [latest] = await payoutsOfOrder(tx, order.id);
  if (!latest || latest.status === 'rejected' || latest.status === 'reversed') return;
  if (latest.status !== 'queued' && latest.status !== 'held') throw new AppError(ErrorCode.PayoutInFlight);
  await movePayout(tx, latest.id, ['queued', 'held'], { status: 'rejected', reason: 'order-rejected', closedAt: now }, now);
}
