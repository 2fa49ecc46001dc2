import type { ComplaintOption, ComplaintSonOption } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';

type ProblemTypesProps = {
  types: readonly ComplaintOption[];
  sonTypes: readonly ComplaintSonOption[];
  /** The type whose child types are open. */
  expanded: number | null;
  onType: (type: ComplaintOption, children: readonly ComplaintSonOption[]) => void;
  onSonType: (type: ComplaintOption, son: ComplaintSonOption) => void;
};

/** The problem types from the server; a type with child types opens them in place. */
export function ProblemTypes({ types, sonTypes, expanded, onType, onSonType }: ProblemTypesProps) {
  const t = useT();
  return (
    <ul className="complaint-types">
      {types.map((type) => {
        const children = sonTypes.filter((son) => son.parentValue === type.value);
        const open = children.length > 0 && expanded === type.value;
        return (
          <li key={type.value}>
            <button
              type="button"
              className="complaint-type"
              data-type={type.value}
              aria-expanded={children.length > 0 ? open : undefined}
              onClick={() => onType(type, children)}
            >
              <span>{type.title}</span>
              <span className={open ? 'complaint-type__chevron complaint-type__chevron--open' : 'complaint-type__chevron'} aria-hidden="true">
                ›
              </span>
            </button>
            {open && (
              <ul className="complaint-types__children" aria-label={t('complaints.home.childTypes')}>
                {children.map((son) => (
                  <li key={son.value}>
                    <button type="button" className="complaint-type complaint-type--child" data-son-type={son.value} onClick={() => onSonType(type, son)}>
                      {son.title}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}
