/** The figures of the loan terms text (spec §9), kept apart so tests and texts read the same numbers. */
export const LoanTerms = {
  minTermDays: 91,
  maxTermDays: 365,
  decisionDays: 1,
  creditingDays: { min: 1, max: 3 },
  /** One-time late fee in minor units. India: Rs.1,000 / Rs.800 (spec §9); Mexico: the same ratio in pesos. */
  lateFeeMinor: {
    IN: { newClient: 100_000, repeatClient: 80_000 },
    MX: { newClient: 20_000, repeatClient: 16_000 },
  },
  /** Daily interest on the unpaid amount, in percent. */
  lateInterest: { days1to30: 5, days31to90: 4, fromDay91: 2 },
  earlyRepaymentMinDays: 7,
  noticeDays: 3,
  assignmentNoticeBusinessDays: 7,
  judgmentDays: 10,
} as const;
