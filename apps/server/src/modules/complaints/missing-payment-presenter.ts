import { fillTemplate, type ComplaintSaved, type Language, type MissingPaymentFiled } from '@lend/contracts';

/** The complaint a missing-payment report files, and what the borrower reads once it is filed. */
const en = {
  detail: 'A payment I made does not show. Reference: {reference}. Paid on: {date}.',
  filed: 'We received your report with folio {folio}. We will look for your payment and answer you in your complaints.',
} as const satisfies Record<string, string>;

type MissingPaymentTextKey = keyof typeof en;

const es: Record<MissingPaymentTextKey, string> = {
  detail: 'Un pago que hice no aparece. Referencia: {reference}. Fecha de pago: {date}.',
  filed: 'Recibimos su reporte con el folio {folio}. Buscaremos su pago y le responderemos en sus quejas.',
};

const catalogues: Record<Language, Record<MissingPaymentTextKey, string>> = { en, es };

/** The complaint's text, in the borrower's language: the lender reads what the borrower would have written. */
export function missingPaymentDetail(language: Language, report: { reference: string; paidOn: string }): string {
  return fillTemplate(catalogues[language].detail, { reference: report.reference, date: report.paidOn });
}

/** The filed report with the borrower's confirmation in their language. */
export function presentMissingPaymentFiled(saved: ComplaintSaved, language: Language): MissingPaymentFiled {
  return { ...saved, message: fillTemplate(catalogues[language].filed, { folio: saved.folio }) };
}
