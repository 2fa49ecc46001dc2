import type { PayoutRunResult } from '@lend/contracts';
import { formatDate, registeredNameMatches, type Market } from '@lend/domain';
import { PayoutOutcomeUnknown, type PayoutProvider, type PayoutState } from '../../providers/payouts/payout-provider';
import { activePayoutAccount, type PayoutAccount } from '../profiles';
import type { PayoutDeps } from './payout-deps';
import { applyState } from './payout-outcome';
import { accountPaidBefore, claimQueued, dayTotal, lockMarketDay, movePayout, type PayoutRow } from './payout-repository';
import { payoutRequest, railOf } from './payout-request';

/** Payouts one pass takes at most: a long queue is worked through over several passes. */
export const SEND_BATCH = 100;

type Claimed = { payout: PayoutRow; provider: PayoutProvider; account: PayoutAccount; check: boolean };
type Outcome = keyof Omit<PayoutRunResult, 'checked'>;

/**
 * Takes the next queued payout under its row lock (other senders skip it) and, in that committed
 * transaction, marks it validating or sending BEFORE the provider is called: a crash after this
 * leaves a payout the reconciler finds, never one sent and forgotten (docs/decisions/152). A
 * payout that would take its market's day above the ceiling stays queued with why (docs/decisions/154).
 */
async function claim(deps: PayoutDeps, afterId: number, orderId: number | undefined): Promise<{ payout: PayoutRow; claimed?: Claimed } | undefined> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const payout = await claimQueued(tx, afterId, orderId);
    if (!payout) return undefined;
    const market = payout.market as Market;
    const provider = railOf(deps.rails, payout);
    const account = await activePayoutAccount(tx, payout.borrowerId);
    if (!provider || !account || account.id !== payout.payoutAccountId) {
      await movePayout(tx, payout.id, ['queued'], { status: 'held', reason: provider ? 'no-account' : 'provider-disabled' }, now);
      return { payout };
    }
    const today = formatDate(now, market);
    const limit = deps.dailyLimits[market];
    if (limit !== undefined) {
      await lockMarketDay(tx, market);
      const sent = await dayTotal(tx, market, today);
      if (sent + payout.amountMinor > limit) {
        await movePayout(tx, payout.id, ['queued'], { reason: 'daily-ceiling', detail: `${today}: ${sent} of ${limit} sent` }, now);
        return { payout };
      }
    }
    const check = provider.validateAccount !== undefined && !(await accountPaidBefore(tx, account.id));
    const moved = await movePayout(
      tx,
      payout.id,
      ['queued'],
      { status: check ? 'validating' : 'sending', reason: null, detail: null, attempts: payout.attempts + 1, sendingAt: now, sentOn: payout.sentOn ?? today },
      now,
    );
    return moved ? { payout, claimed: { payout: moved, provider, account, check } } : { payout };
  });
}

/** The bank's check of an account before its first payout: its holder must be the borrower, leniently compared. */
async function checkAccount(deps: PayoutDeps, { payout, provider, account }: Claimed): Promise<Outcome | undefined> {
  const now = deps.now();
  const request = await payoutRequest(deps.db, payout, account, payout.borrowerId);
  const verdict = (await provider.validateAccount?.(request.beneficiary, `VA${account.id}`)) ?? { status: 'valid', registeredName: null };
  if (verdict.status === 'pending') {
    await movePayout(deps.db, payout.id, ['validating'], { status: 'queued', reason: 'account-check-pending' }, now);
    return 'waiting';
  }
  const mismatch = verdict.status === 'valid' && verdict.registeredName !== null && !registeredNameMatches(verdict.registeredName, account.holderName);
  if (verdict.status === 'invalid' || mismatch) {
    const reason = verdict.status === 'invalid' ? verdict.reason : 'name-mismatch';
    const detail = verdict.status === 'invalid' ? verdict.detail : 'The bank holds the account under another name.';
    await movePayout(deps.db, payout.id, ['validating'], { status: 'rejected', reason, detail, closedAt: now }, now);
    return 'rejected';
  }
  await movePayout(deps.db, payout.id, ['validating'], { status: 'sending' }, now);
  return undefined;
}

/** Hands a payout marked sending to its provider and records the answer; an answer lost leaves it for the reconciler. */
async function send(deps: PayoutDeps, claimed: Claimed): Promise<Outcome> {
  if (claimed.check) {
    let refused: Outcome | undefined;
    try {
      refused = await checkAccount(deps, claimed);
    } catch (error) {
      // Left validating: the reconciler puts it back in the queue once it is old enough.
      deps.log.error({ err: error, payoutId: claimed.payout.id }, 'payout account check failed');
      return 'waiting';
    }
    if (refused) return refused;
  }
  deps.crashAt('before-send');
  let state: PayoutState;
  try {
    state = await claimed.provider.send(await payoutRequest(deps.db, claimed.payout, claimed.account, claimed.payout.borrowerId));
  } catch (error) {
    if (!(error instanceof PayoutOutcomeUnknown)) deps.log.error({ err: error, payoutId: claimed.payout.id }, 'payout send failed');
    return 'waiting';
  }
  deps.crashAt('after-send');
  const { payout } = await applyState(deps, claimed.payout.id, state);
  return payout.status === 'paid' ? 'paid' : payout.status === 'rejected' ? 'rejected' : 'inFlight';
}

/** One pass of the sender: every queued payout (or one order's) taken once, in the order they were queued. */
export async function sendQueuedPayouts(deps: PayoutDeps, only?: { orderId: number }): Promise<PayoutRunResult> {
  const result: PayoutRunResult = { checked: 0, paid: 0, rejected: 0, inFlight: 0, waiting: 0 };
  let afterId = 0;
  for (let taken = 0; taken < SEND_BATCH; taken += 1) {
    const next = await claim(deps, afterId, only?.orderId);
    if (!next) break;
    afterId = next.payout.id;
    result.checked += 1;
    result[next.claimed ? await send(deps, next.claimed) : 'waiting'] += 1;
  }
  return result;
}
