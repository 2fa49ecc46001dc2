import type { NoteSubjectKind } from '@lend/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { staffNotes } from '../../db/schema';

export type NoteRow = typeof staffNotes.$inferSelect;
export type NoteInsert = Omit<typeof staffNotes.$inferInsert, 'id'>;

/** Writes one note; the table takes no UPDATE or DELETE (docs/decisions/236). */
export async function insertNote(db: Queryable, values: NoteInsert): Promise<NoteRow> {
  const [row] = await db.insert(staffNotes).values(values).returning();
  if (!row) throw new Error('staff note not written');
  return row;
}

/** A subject's newest `limit` notes, newest first, on the (kind, subject, time) index. */
export function notesOfSubject(db: Queryable, kind: NoteSubjectKind, subjectId: string, limit: number): Promise<NoteRow[]> {
  return db
    .select()
    .from(staffNotes)
    .where(and(eq(staffNotes.subjectKind, kind), eq(staffNotes.subjectId, subjectId)))
    .orderBy(desc(staffNotes.createdAt), desc(staffNotes.id))
    .limit(limit);
}
