import type { backofficeNotesEn } from '../en/backoffice-notes';

/** Textos de las notas del personal sobre un cliente, un pedido y una queja (docs/decisions/236). */
export const backofficeNotesEs: Record<keyof typeof backofficeNotesEn, string> = {
  'bo.notes.title': 'Notas',
  'bo.notes.loading': 'Cargando las notas…',
  'bo.notes.none': 'Aún no hay notas.',
  'bo.notes.list': 'Notas, las más nuevas primero',
  'bo.notes.text': 'Nueva nota',
  'bo.notes.count': '{count} de {max} caracteres',
  'bo.notes.kept': 'Una nota no se puede cambiar ni quitar una vez agregada; corríjala con otra nota.',
  'bo.notes.add': 'Agregar nota',
  'bo.notes.added': 'Nota agregada.',
};
