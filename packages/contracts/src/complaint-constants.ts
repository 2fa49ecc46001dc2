import { MACHINE_BASE, MachinePath, OPERATOR_BASE, OperatorPath } from './api-paths';
import type { Language } from './language';

// Plain constants of the complaint flow, apart from the schemas so the web app reads them without zod.

/** Problem type 1 is about debt collection; only orders that can be in collection accept it (docs/decisions/021). */
export const COLLECTION_PROBLEM_TYPE = 1;

export const ComplaintStatus = { Open: 'open', Replied: 'replied' } as const;
export type ComplaintStatusValue = (typeof ComplaintStatus)[keyof typeof ComplaintStatus];
export const COMPLAINT_STATUSES = [ComplaintStatus.Open, ComplaintStatus.Replied] as const;

/** Characters as a person counts them: code points, so an emoji or an accented letter counts once. */
export function codePointLength(text: string): number {
  return Array.from(text).length;
}

/** The first `max` code points of `text`: what a capped text box keeps. */
export function limitCodePoints(text: string, max: number): string {
  return codePointLength(text) <= max ? text : Array.from(text).slice(0, max).join('');
}

/** Stored image names: 128 random bits in hex and the extension of the re-encoded format. */
export const COMPLAINT_IMAGE_NAME = /^[a-f0-9]{32}\.(jpg|png|webp)$/;

/** Where borrowers fetch complaint images (with their session query) and where operators do. */
export const COMPLAINT_IMAGE_BASE = `${MACHINE_BASE}${MachinePath.complaintImage}/`;
export const OPERATOR_COMPLAINT_IMAGE_BASE = `${OPERATOR_BASE}${OperatorPath.complaintImages}/`;

/** The stored name behind an image address under `base`, or undefined when it is not one of ours. */
export function complaintImageName(url: string, base: string): string | undefined {
  if (!url.startsWith(base)) return undefined;
  const name = url.slice(base.length);
  return COMPLAINT_IMAGE_NAME.test(name) ? name : undefined;
}

type Texts = Record<Language, string>;

/** Texts the server sends inside complaint answers, in the borrower's language. */
export const COMPLAINT_TEXT = {
  tabOpen: { en: 'In progress', es: 'En proceso' },
  tabReplied: { en: 'Replied', es: 'Respondidas' },
  statusOpen: { en: 'In progress', es: 'En proceso' },
  statusReplied: { en: 'Replied', es: 'Respondida' },
  rowAmount: { en: 'Loan amount', es: 'Monto del préstamo' },
  rowOrderDate: { en: 'Order date', es: 'Fecha del pedido' },
  rowDueDate: { en: 'Due date', es: 'Fecha de vencimiento' },
} as const satisfies Record<string, Texts>;

/**
 * Complaint text as stored: line breaks kept, other control characters dropped (PostgreSQL
 * cannot store NUL), outer spaces trimmed. Never HTML: it is stored and shown as typed.
 */
export function normaliseComplaintText(text: string): string {
  const kept = Array.from(text.replace(/\r\n?/g, '\n')).filter((char) => {
    const code = char.codePointAt(0) ?? 0;
    return code === 0x0a || (code >= 0x20 && code !== 0x7f);
  });
  return kept.join('').trim();
}
