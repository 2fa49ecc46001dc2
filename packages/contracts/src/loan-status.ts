/**
 * Loan order status codes (meanings: docs/decisions/033).
 * The transitions between them live in the domain package.
 */
export const LoanStatus = {
  UnderReview: 21,
  Disbursing: 151,
  Rejected: 110,
  Disbursed: 170,
  Due: 174,
  Overdue: 180,
  Settled: 200,
} as const;
export type LoanStatusCode = (typeof LoanStatus)[keyof typeof LoanStatus];

export const LOAN_STATUS_CODES: readonly LoanStatusCode[] = Object.values(LoanStatus);

export function isLoanStatusCode(value: number): value is LoanStatusCode {
  return (LOAN_STATUS_CODES as readonly number[]).includes(value);
}

/** Title colour per status; unknown values use the settled colour (docs/decisions/034). */
export const LOAN_STATUS_COLOURS: Record<LoanStatusCode, string> = {
  21: '#4262FF',
  151: '#149BA4',
  110: '#FF2F24',
  170: '#1774FF',
  174: '#F07B00',
  180: '#CC00BE',
  200: '#0AB700',
};

export function loanStatusColour(status: number): string {
  return isLoanStatusCode(status) ? LOAN_STATUS_COLOURS[status] : LOAN_STATUS_COLOURS[LoanStatus.Settled];
}

type StatusText = { title: string; description: string };

/** What the borrower reads for each status; the server sends it in the borrower's language. */
export const LOAN_STATUS_TEXT: Record<LoanStatusCode, Record<'en' | 'es', StatusText>> = {
  21: {
    en: { title: 'Under review', description: 'We are reviewing your application and will let you know the decision within 1 day.' },
    es: { title: 'En revisión', description: 'Estamos revisando su solicitud y le informaremos la decisión en un plazo de 1 día.' },
  },
  151: {
    en: { title: 'Approved, disbursing', description: 'Your loan was approved and the money is on its way to your account.' },
    es: { title: 'Aprobado, en desembolso', description: 'Su préstamo fue aprobado y el dinero va en camino a su cuenta.' },
  },
  110: {
    en: { title: 'Not approved', description: 'We cannot offer you this loan right now. You may apply again later.' },
    es: { title: 'No aprobado', description: 'Por ahora no podemos ofrecerle este préstamo. Puede solicitarlo de nuevo más adelante.' },
  },
  170: {
    en: { title: 'Disbursed', description: 'The money has been sent to your account. Please repay by the due date.' },
    es: { title: 'Desembolsado', description: 'El dinero fue enviado a su cuenta. Pague antes de la fecha de vencimiento.' },
  },
  174: {
    en: { title: 'Payment due', description: 'Your repayment is due. Pay today to avoid late charges.' },
    es: { title: 'Pago pendiente', description: 'Su pago vence hoy. Pague para evitar cargos por atraso.' },
  },
  180: {
    en: { title: 'Overdue', description: 'Your repayment is overdue and late charges apply. Please pay as soon as possible.' },
    es: { title: 'Vencido', description: 'Su pago está vencido y se aplican cargos por atraso. Pague lo antes posible.' },
  },
  200: {
    en: { title: 'Settled', description: 'You have repaid this loan in full. Thank you!' },
    es: { title: 'Liquidado', description: 'Ha pagado este préstamo por completo. ¡Gracias!' },
  },
};

/** Unknown codes read as settled, matching the default colour. */
export function loanStatusText(status: number, language: 'en' | 'es'): StatusText {
  return (isLoanStatusCode(status) ? LOAN_STATUS_TEXT[status] : LOAN_STATUS_TEXT[LoanStatus.Settled])[language];
}
