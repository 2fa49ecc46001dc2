import { errorMessage, type Language, type RepaymentWayData } from '@lend/contracts';
import type { RepaymentWay } from './way-service';

/** The listing as the card screen reads it: why nothing may be paid now, in the borrower's language. */
export function presentWay(way: RepaymentWay, language: Language): RepaymentWayData {
  const { unavailable } = way;
  return { ...way, unavailable: unavailable === null ? null : { code: String(unavailable), message: errorMessage(unavailable, language) } };
}
