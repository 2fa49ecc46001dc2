import type { ListFilters, OperatorComplaint, operatorComplaintListQuerySchema, Page, PageQuery } from '@lend/contracts';
import type { Db } from '../../db/client';
import { presentOperatorComplaint } from './complaint-operator-presenter';
import { complaintsForOperator } from './complaint-operator-service';

/** One page of complaints as the operator reads them, filtered and ordered as asked (docs/decisions/168). */
export async function operatorComplaintPage(db: Db, filters: ListFilters<typeof operatorComplaintListQuerySchema>, query: PageQuery): Promise<Page<OperatorComplaint>> {
  const page = await complaintsForOperator(db, { ...filters, ...query });
  return { ...page, items: page.items.map(presentOperatorComplaint) };
}
