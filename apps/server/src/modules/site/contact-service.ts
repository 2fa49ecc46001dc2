import {
  contactFormRefusal,
  contactMessageRequestSchema,
  ErrorCode,
  type ContactMessage,
  type ContactMessageListQuery,
  type ContactMessageReceipt,
  type Language,
  type Page,
} from '@lend/contracts';
import type { Db } from '../../db/client';
import { idCursor, pageRequest, toPage } from '../../db/paging';
import { AppError } from '../../errors';
import { recordAudit, type Actor } from '../staff';
import { findContactMessage, insertContactMessage, listContactMessages, saveContactAnswer, type ContactMessageRow } from './contact-repository';

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
    state: row.answeredAt ? 'answered' : 'new',
    answer:
      row.answeredAt && row.answerNote !== null && row.answeredBy !== null
        ? { note: row.answerNote, answeredAt: row.answeredAt.toISOString(), answeredBy: row.answeredBy }
        : null,
  };
}

/** One page of messages, newest first, of one state or matching a search. */
export async function recentContactMessages(db: Db, query: ContactMessageListQuery): Promise<Page<ContactMessage>> {
  const page = pageRequest(query, idCursor);
  return toPage(await listContactMessages(db, { state: query.state, q: query.q }, page), page, (row) => [row.id], toContactMessage);
}

/**
 * Marks a message answered with a note of how, audited in the same transaction; the note is
 * left out of the entry, as it may repeat what the visitor wrote about themselves.
 */
export async function answerContactMessage(db: Db, id: number, note: string, actor: Actor, now: Date): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const saved = await saveContactAnswer(tx, id, { note, by: actor.email ?? 'token', at: now });
    if (saved) {
      await recordAudit(tx, actor, { action: 'contact-message.answer', objectType: 'contact-message', objectId: id, before: { state: 'new' }, after: { state: 'answered' } }, now);
      return toContactMessage(saved);
    }
    throw new AppError((await findContactMessage(tx, id)) ? ErrorCode.ContactMessageAnswered : ErrorCode.ContactMessageNotFound);
  });
}
