import type { ContractClause } from '@lend/contracts';

/** Contract clauses as text (never HTML); a clause's lines stay lines. */
export function Clauses({ clauses }: { clauses: readonly ContractClause[] }) {
  return (
    <ol className="clauses">
      {clauses.map((clause) => (
        <li key={clause.id} data-clause={clause.id}>
          <h3>{clause.title}</h3>
          {clause.body.split('\n').map((line) => (
            <p key={line}>{line}</p>
          ))}
        </li>
      ))}
    </ol>
  );
}
