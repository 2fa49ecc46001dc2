import type { creditReferralListQuerySchema, ListFilters, OperatorCreditDecision, Page, PageQuery } from '@lend/contracts';
import type { Db } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { presentOperatorDecision } from './credit-presenter';
import { referralsAwaitingReview } from './credit-service';

/** One page of the referred applications waiting for a credit officer, oldest first; one with `decisionId`. */
export async function referralPage(db: Db, filters: ListFilters<typeof creditReferralListQuerySchema>, query: PageQuery): Promise<Page<OperatorCreditDecision>> {
  const page = pageRequest(query, idCursor);
  return toPage(await referralsAwaitingReview(db, filters.decisionId, page), page, (row) => [row.id], presentOperatorDecision);
}
