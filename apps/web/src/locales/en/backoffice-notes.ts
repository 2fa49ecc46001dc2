/** English texts of the staff notes on a borrower, an order and a complaint (docs/decisions/236). */
export const backofficeNotesEn = {
  'bo.notes.title': 'Notes',
  'bo.notes.loading': 'Loading the notes…',
  'bo.notes.none': 'No notes yet.',
  'bo.notes.list': 'Notes, newest first',
  'bo.notes.text': 'New note',
  'bo.notes.count': '{count} of {max} characters',
  'bo.notes.kept': 'A note cannot be changed or removed once added; correct it with another note.',
  'bo.notes.add': 'Add note',
  'bo.notes.added': 'Note added.',
} as const;
