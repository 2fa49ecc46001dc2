import { LoanStatus } from '@lend/contracts';

/** A decorative picture of the status, drawn in its colour: clock, check, cross, coins, bell, alert, done. */
export function StatusIcon({ status, colour }: { status: number; colour: string }) {
  const common = { fill: 'none', stroke: colour, strokeWidth: 4, strokeLinecap: 'round' as const, strokeLinejoin: 'round' as const };
  let mark;
  switch (status) {
    case LoanStatus.UnderReview:
      mark = <path d="M24 14v11l7 5" {...common} />;
      break;
    case LoanStatus.Disbursing:
      mark = <path d="M15 25l6 6 12-13" {...common} />;
      break;
    case LoanStatus.Rejected:
      mark = <path d="M17 17l14 14M31 17L17 31" {...common} />;
      break;
    case LoanStatus.Disbursed:
      mark = <path d="M24 13v22M29 17h-7a4 4 0 000 8h4a4 4 0 010 8h-8" {...common} />;
      break;
    case LoanStatus.Due:
      mark = <path d="M17 30h14l-2-3v-6a5 5 0 00-10 0v6zM22 33h4" {...common} />;
      break;
    case LoanStatus.Overdue:
      mark = <path d="M24 14v12M24 33v1" {...common} />;
      break;
    default:
      mark = <path d="M14 25l7 7 13-15" {...common} />;
  }
  return (
    <svg className="status__icon" viewBox="0 0 48 48" width="56" height="56" aria-hidden="true">
      <circle cx="24" cy="24" r="21" fill="none" stroke={colour} strokeWidth="3" opacity="0.45" />
      {mark}
    </svg>
  );
}
