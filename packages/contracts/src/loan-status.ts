/**
 * Loan order status codes (spec §4, meanings settled in DOMAIN.md).
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

/** Title colour per status; unknown values use the settled colour (spec §4). */
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
