/**
 * The staff codes that schema rules name (`ruleError`). Those schemas share modules with the
 * borrower's (site, privacy, promotion), so these few codes live apart: a borrower page that
 * loads such a module carries three numbers, not the staff area's table and messages.
 */
export const StaffRuleErrorCode = {
  ContactAnswerNoteInvalid: 9052,
  PromoFunnelRangeInvalid: 9080,
  RectificationNothingGiven: 9082,
  /** A staff note with nothing in it, or longer than `Limits.staffNoteMax` (docs/decisions/236). */
  StaffNoteEmpty: 9090,
  StaffNoteTooLong: 9091,
} as const;
