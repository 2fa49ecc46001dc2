import { COLLECTION_RULES, errorMessage, ErrorCode, isErrorCodeValue, type Language } from '@lend/contracts';
import { addDays, formatDate, type IsoDate, type Market } from '@lend/domain';

/** Where the collections workspace lives in the hash location: the queue, and an order's file below it. */
export const COLLECTIONS_PATH = '/collections';

export const collectionFileHref = (orderNo: string): string => `#${COLLECTIONS_PATH}/${orderNo}`;

/**
 * The `{field}` of a conduct rule's refusal, from the rules the server enforces (docs/decisions/243):
 * the market's hours for 9300, its daily cap for 9301, its weekly cap for 9302.
 */
function ruleField(code: number, market: Market): string | undefined {
  const rules = COLLECTION_RULES[market];
  if (code === ErrorCode.CollectionOutsideHours) return `${rules.fromHour}:00–${rules.toHour}:00`;
  if (code === ErrorCode.CollectionDailyCap) return String(rules.perDay);
  if (code === ErrorCode.CollectionWeeklyCap) return String(rules.perWeek);
  return undefined;
}

/**
 * Why a contact may not be made now, in the reader's language: the collection file's
 * `contactAllowed.reason` is the refusal's error code as a string (docs/decisions/243); a reason
 * that is not a known code is shown as the server wrote it.
 */
export function contactReasonText(reason: string, market: Market, language: Language): string {
  const code = Number(reason);
  if (!isErrorCodeValue(code)) return reason;
  return errorMessage(code, language, ruleField(code, market));
}

/**
 * The dates a promise may fall on, in the market's calendar (docs/decisions/243): from the
 * market's today to `promiseMaxDays` after it, as the server checks them.
 */
export function promiseWindow(market: Market, now: Date): { from: IsoDate; to: IsoDate } {
  const from = formatDate(now, market);
  return { from, to: addDays(from, COLLECTION_RULES[market].promiseMaxDays) };
}

/** Which field of the promise form a refusal belongs next to: the date (9304), the amount (9305), or the form (others). */
export function promiseRefusalField(code: number | null): 'date' | 'amount' | 'form' {
  if (code === ErrorCode.PromiseDateOutOfRange) return 'date';
  if (code === ErrorCode.PromiseAmountOutOfRange) return 'amount';
  return 'form';
}
