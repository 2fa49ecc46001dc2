import { fillTemplate, type Language, type TemplateValues } from '@lend/contracts';

/** The complaint a missing-payment report files, and what the borrower reads once it is filed. */
const en = {
  detail: 'A payment I made does not show. Reference: {reference}. Paid on: {date}.',
  filed: 'We received your report with folio {folio}. We will look for your payment and answer you in your complaints.',
} as const satisfies Record<string, string>;

export type MissingPaymentTextKey = keyof typeof en;

const es: Record<MissingPaymentTextKey, string> = {
  detail: 'Un pago que hice no aparece. Referencia: {reference}. Fecha de pago: {date}.',
  filed: 'Recibimos su reporte con el folio {folio}. Buscaremos su pago y le responderemos en sus quejas.',
};

const catalogues: Record<Language, Record<MissingPaymentTextKey, string>> = { en, es };

export function missingPaymentText(language: Language, key: MissingPaymentTextKey, values: TemplateValues = {}): string {
  return fillTemplate(catalogues[language][key], values);
}
