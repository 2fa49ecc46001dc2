import {
  contactFormRefusal,
  contactMessageRequestSchema,
  type ContactMessage,
  type ContactMessageReceipt,
  type Language,
  type Page,
  type PageQuery,
} from '@lend/contracts';
import type { Db } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { AppError } from '../../errors';
import { insertContactMessage, listContactMessages, type ContactMessageRow } from './contact-repository';

/**
 * Stores a visitor's message after the same checks the page makes, so a refusal reads the same
 * from either side; a refused message leaves nothing behind.
 */
export async function receiveContactMessage(
  db: Db,
  input: unknown,
  sender: { language: Language; ip: string },
): Promise<ContactMessageReceipt> {
  const fields = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {};
  const refusal = contactFormRefusal(fields);
  if (refusal) throw new AppError(refusal.code, refusal.field);
  const message = contactMessageRequestSchema.parse(fields);
  const row = await insertContactMessage(db, { ...message, ...sender });
  return { id: row.id, receivedAt: row.createdAt.toISOString() };
}

function toContactMessage(row: ContactMessageRow): ContactMessage {
  return {
    id: row.id,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    message: row.message,
    language: row.language === 'en' ? 'en' : 'es',
    receivedAt: row.createdAt.toISOString(),
  };
}

/** One page of messages, newest first. */
export async function recentContactMessages(db: Db, query: PageQuery): Promise<Page<ContactMessage>> {
  const page = pageRequest(query, idCursor);
  return toPage(await listContactMessages(db, page), page, (row) => [row.id], toContactMessage);
}
