import { ErrorCode, PRIVACY_ANSWER_DAYS, PRIVACY_REQUEST_KINDS_BY_MARKET, type PhoneMarket, type PrivacyRequestKind } from '@lend/contracts';
import { addDays, formatDate } from '@lend/domain';
import { AppError } from '../../errors';

/**
 * The day by which a request received at `receivedAt` is answered: the market's calendar days
 * after the market's date of receipt. Mexico: 20 days from the Mexico City date (docs/decisions/096);
 * India: 30 days from the India date, within the DPDP Rules' 90 (docs/decisions/231).
 */
export function privacyAnswerDue(receivedAt: Date, market: PhoneMarket): string {
  return addDays(formatDate(receivedAt, market), PRIVACY_ANSWER_DAYS[market]);
}

/** Refuses a kind of request the borrower's market's law does not give: each market names its own. */
export function assertKindOfMarket(kind: PrivacyRequestKind, market: PhoneMarket): void {
  if (PRIVACY_REQUEST_KINDS_BY_MARKET[market].includes(kind)) return;
  throw new AppError(market === 'IN' ? ErrorCode.PrivacyKindNotOfIndia : ErrorCode.PrivacyKindNotOfMexico);
}
