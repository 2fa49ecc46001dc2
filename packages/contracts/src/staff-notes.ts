import { z } from 'zod';
import { codePointLength } from './complaint-constants';
import { StaffRuleErrorCode } from './error-codes-staff-rules';
import { Limits } from './limits';
import { ruleError } from './rule-error';

/** What staff write notes on (docs/decisions/236): a borrower (by user id), an order (by number), a complaint (by problem id). */
export const NOTE_SUBJECT_KINDS = ['borrower', 'order', 'complaint'] as const;
export type NoteSubjectKind = (typeof NOTE_SUBJECT_KINDS)[number];

/**
 * `POST …/notes { text }`: the note as written, its line breaks kept (a carriage return read as one
 * line break), trimmed; 1 to `Limits.staffNoteMax` characters, each refusal with its own code.
 */
export const staffNoteBodySchema = z.object({
  text: z
    .string()
    .optional()
    .transform((value) => (value ?? '').replace(/\r\n?/g, '\n').trim())
    .refine((text) => text.length > 0, ruleError(StaffRuleErrorCode.StaffNoteEmpty))
    .refine((text) => codePointLength(text) <= Limits.staffNoteMax, ruleError(StaffRuleErrorCode.StaffNoteTooLong)),
});
export type StaffNoteBody = z.input<typeof staffNoteBodySchema>;

/** One note: who wrote it (their e-mail), when, and what. A note is never changed once written. */
export const staffNoteSchema = z.object({ id: z.number().int(), authorEmail: z.string(), writtenAt: z.string(), text: z.string() });
export type StaffNote = z.infer<typeof staffNoteSchema>;

/** A subject's notes, newest first: at most `Limits.staffNotesReadMax`, the newest, with no paging (a subject has few). */
export const staffNoteListSchema = z.object({ items: z.array(staffNoteSchema) });
export type StaffNoteList = z.infer<typeof staffNoteListSchema>;
