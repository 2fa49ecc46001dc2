import type { Page, PageQuery, SmsOutboxEntry } from '@lend/contracts';
import type { Queryable } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { listOutbox, type OutboxFilter } from './outbox-repository';

/** One page of the messages sent (to one phone, or in one status), newest first, with where each stands. */
export async function outboxPage(db: Queryable, filter: OutboxFilter, query: PageQuery): Promise<Page<SmsOutboxEntry>> {
  const page = pageRequest(query, idCursor);
  return toPage(await listOutbox(db, filter, page), page, (row) => [row.id], (row) => ({
    id: row.id,
    phone: row.phone,
    text: row.text,
    code: row.code,
    kind: row.kind,
    sentAt: row.createdAt.toISOString(),
    provider: row.provider,
    status: row.status,
    errorCode: row.errorCode,
    error: row.errorMessage,
    attempts: row.attempts,
  }));
}
