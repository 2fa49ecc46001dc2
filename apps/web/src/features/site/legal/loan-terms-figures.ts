/**
 * The figures of the loan terms text (docs/decisions/043) that are not loan rules, kept apart so tests and
 * texts read the same numbers. Late charges, early repayment and extension come from LOAN_RULES.
 */
export const LoanTerms = {
  minTermDays: 91,
  maxTermDays: 365,
  decisionDays: 1,
  creditingDays: { min: 1, max: 3 },
  noticeDays: 3,
  assignmentNoticeBusinessDays: 7,
  judgmentDays: 10,
} as const;
