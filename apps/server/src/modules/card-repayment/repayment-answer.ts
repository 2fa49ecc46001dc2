import { CardRepaymentStatus, ErrorCode, type CardRepaymentResult, type RepaymentCommitData } from '@lend/contracts';
import { CardOutcome } from '../cards';
import type { CardDeps } from './card-deps';
import type { CardRepaymentRow } from './card-repayment-repository';
import type { ChargeAttempt } from './charge-service';
import { repaymentResult } from './result-service';

/** The code each state of a record that did not end in a payment answers with. */
const REFUSAL_BY_STATUS = {
  [CardRepaymentStatus.Charging]: ErrorCode.CardChargePending,
  [CardRepaymentStatus.Declined]: ErrorCode.CardDeclined,
  [CardRepaymentStatus.InsufficientFunds]: ErrorCode.CardInsufficientFunds,
  [CardRepaymentStatus.Failed]: ErrorCode.CardProviderUnavailable,
  [CardRepaymentStatus.Cancelled]: ErrorCode.CardProviderUnavailable,
} as const;

function refusalOf(row: CardRepaymentRow, attempt: ChargeAttempt['kind'] | undefined) {
  if (attempt === 'unavailable') return ErrorCode.CardProviderUnavailable;
  if (row.status === CardRepaymentStatus.AwaitingCode || row.status === CardRepaymentStatus.Paid) return undefined;
  return REFUSAL_BY_STATUS[row.status as keyof typeof REFUSAL_BY_STATUS] ?? ErrorCode.CardProviderUnavailable;
}

/**
 * What a commit or a confirm answers for a record: '00' while it waits for its code or once paid;
 * otherwise the code of where it stands (declined, no funds, still being confirmed, provider
 * unreachable), with the record in `data` so the screen can follow it.
 */
export async function repaymentAnswer(
  deps: Pick<CardDeps, 'db' | 'now'>,
  row: CardRepaymentRow,
  attempt?: ChargeAttempt['kind'],
): Promise<RepaymentCommitData> {
  const result: CardRepaymentResult = await repaymentResult(deps.db, row, deps.now());
  const data = { needValid: row.status === CardRepaymentStatus.AwaitingCode ? (1 as const) : (0 as const), repayRecordId: row.recordNo, result };
  const refusal = refusalOf(row, attempt);
  if (refusal !== undefined) throw new CardOutcome(refusal, data);
  return data;
}
