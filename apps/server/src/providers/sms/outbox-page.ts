import type { Page, PageQuery, SmsOutboxEntry } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { listOutbox } from './outbox-repository';

/** One page of what the sandbox delivered to a phone, newest first. */
export async function outboxPage(db: Queryable, phone: string, query: PageQuery): Promise<Page<SmsOutboxEntry>> {
  const page = pageRequest(query, idCursor);
  return toPage(await listOutbox(db, phone, page), page, (row) => [row.id], (row) => ({
    id: row.id,
    phone: row.phone,
    text: row.text,
    code: row.code,
    kind: row.kind,
    sentAt: row.createdAt.toISOString(),
  }));
}
