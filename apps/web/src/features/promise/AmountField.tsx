import { parseMajorAmount, type Market } from '@lend/domain';
import { FieldProblem } from '../../ui/FieldProblem';

/** What the borrower typed, in minor units, when it is above zero and at most `mostMinor`; else null. */
export function typedAmount(typed: string, mostMinor: number): number | null {
  const minor = parseMajorAmount(typed.replace(/[\s,]/g, ''));
  return minor === null || minor <= 0 || minor > mostMinor ? null : minor;
}

/** An amount in the market's currency, typed in major units, with its refusal beside it: the promise's and the plan request's. */
export function AmountField({ id, label, market, value, problem, onChange }: { id: string; label: (sign: string) => string; market: Market; value: string; problem: string | undefined; onChange: (value: string) => void }) {
  return (
    <div className="web-field">
      <label htmlFor={`${id}-amount`}>{label(market === 'IN' ? '₹' : '$')}</label>
      <input
        id={`${id}-amount`}
        className="text-input"
        inputMode="decimal"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-amount-problem` : undefined}
        maxLength={16}
      />
      <FieldProblem id={`${id}-amount-problem`} problem={problem} />
    </div>
  );
}
