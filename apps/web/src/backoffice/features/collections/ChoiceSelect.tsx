import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';

/** A labelled choice among a contract's fixed values, each named by its text; anything else read back is the first value. */
export function ChoiceSelect<C extends string>({
  label,
  name,
  value,
  choices,
  keys,
  onChange,
}: {
  label: string;
  name: string;
  value: C;
  choices: readonly [C, ...C[]];
  keys: Readonly<Record<C, BackofficeKey>>;
  onChange: (value: C) => void;
}) {
  const t = useT();
  return (
    <label>
      {label}
      <select name={name} value={value} onChange={(event) => onChange(choices.find((candidate) => candidate === event.currentTarget.value) ?? choices[0])}>
        {choices.map((candidate) => (
          <option key={candidate} value={candidate}>
            {t(keys[candidate])}
          </option>
        ))}
      </select>
    </label>
  );
}
