import type { Market } from '@lend/domain';
import type { Queryable } from '../../db/client';
import { withOrderLabels } from '../orders';
import { withBorrowerPhones } from '../sessions';
import { findComplaintsRepliedSince } from './replied-complaint-repository';

/**
 * A complaint the lender answered, as the borrower reminders read it (docs/decisions/094): one
 * reply per complaint, so the complaint's id names the reply. The market is the complaint's
 * order's product market (as the complaint screens show its dates), which decides the language.
 */
export type RepliedComplaint = { id: number; folio: string; replyText: string; orderNo: string; borrowerId: number; phone: string; market: Market };

export async function complaintsRepliedSince(db: Queryable, since: Date, page: { afterId: number; limit: number }): Promise<RepliedComplaint[]> {
  const replied = await findComplaintsRepliedSince(db, since, page.afterId, page.limit);
  const rows = await withOrderLabels(db, await withBorrowerPhones(db, replied));
  return rows.map(({ id, folio, replyText, orderNo, borrowerId, phone, market }) => ({ id, folio, replyText, orderNo, borrowerId, phone, market }));
}
