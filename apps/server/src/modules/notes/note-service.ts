import { ErrorCode, Limits, type NoteSubjectKind, type StaffNote, type StaffNoteList } from '@lend/contracts';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { complaintExists } from '../complaints';
import { orderByNumber } from '../orders';
import { borrowerById } from '../sessions';
import { recordAudit, type Actor } from '../staff';
import { insertNote, notesOfSubject, type NoteRow } from './note-repository';

/** What a note is written on: its kind and the subject's id as the table keeps it (a user id, an order number, a problem id). */
export type NoteSubject = { kind: NoteSubjectKind; id: string };

/** The subject as a call names it: a borrower's user id, an order's number, a complaint's problem id. */
export type NamedSubject = { kind: 'borrower'; userId: number } | { kind: 'order'; orderNo: string } | { kind: 'complaint'; problemId: number };

/** The subject the call names, as stored, or its kind's not-found refusal: a note is never written on nothing. */
async function existingSubject(db: Queryable, named: NamedSubject): Promise<NoteSubject> {
  switch (named.kind) {
    case 'borrower':
      if (!(await borrowerById(db, named.userId))) throw new AppError(ErrorCode.BorrowerNotFound);
      return { kind: 'borrower', id: String(named.userId) };
    case 'order': {
      // The number as the order keeps it, typed in either case.
      const order = (await orderByNumber(db, named.orderNo)) ?? (await orderByNumber(db, named.orderNo.toUpperCase()));
      if (!order) throw new AppError(ErrorCode.OrderNotFound);
      return { kind: 'order', id: order.orderNo };
    }
    case 'complaint':
      if (!(await complaintExists(db, named.problemId))) throw new AppError(ErrorCode.ComplaintNotFound);
      return { kind: 'complaint', id: String(named.problemId) };
  }
}

const noteView = (row: NoteRow): StaffNote => ({ id: row.id, authorEmail: row.authorEmail, writtenAt: row.createdAt.toISOString(), text: row.body });

async function notesOf(db: Queryable, subject: NoteSubject): Promise<StaffNoteList> {
  return { items: (await notesOfSubject(db, subject.kind, subject.id, Limits.staffNotesReadMax)).map(noteView) };
}

/** A subject's notes, newest first: the newest `Limits.staffNotesReadMax` of them (docs/decisions/236). */
export async function subjectNotes(db: Queryable, named: NamedSubject): Promise<StaffNoteList> {
  return notesOf(db, await existingSubject(db, named));
}

/**
 * Adds a note by a named person on the staff, and its audit entry holding the text, in one
 * transaction (docs/decisions/162, 236); answers the subject's notes with it. The token is no
 * author: the roles table refuses it first, and so does this.
 */
export async function addNote(db: Db, named: NamedSubject, text: string, actor: Actor, now: Date): Promise<StaffNoteList> {
  if (actor.kind !== 'staff' || actor.staffId === null || actor.email === null) throw new AppError(ErrorCode.StaffRoleRefused);
  const { staffId, email } = actor;
  return db.transaction(async (tx) => {
    const subject = await existingSubject(tx, named);
    const note = await insertNote(tx, { subjectKind: subject.kind, subjectId: subject.id, staffId, authorEmail: email, body: text, createdAt: now });
    await recordAudit(tx, actor, { action: 'note.add', objectType: subject.kind, objectId: subject.id, after: { noteId: note.id, text } }, now);
    return notesOf(tx, subject);
  });
}
