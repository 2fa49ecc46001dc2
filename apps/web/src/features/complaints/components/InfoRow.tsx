/** One title/value pair of a `<dl className="complaint-rows">`. */
export function InfoRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="complaint-rows__row">
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
