/**
 * What is wrong with a field (or a dialog's choice), said next to it and nowhere else, so a
 * refusal shows once (docs/decisions/234). The alert stays in the page, empty while all is well,
 * so readers announce a message the moment it appears; the field names it with
 * `aria-describedby` while there is one.
 */
export function FieldProblem({ id, problem }: { id: string; problem: string | null | undefined }) {
  return (
    <p id={id} className="field-problem" role="alert" data-testid="field-problem">
      {problem ?? ''}
    </p>
  );
}
