import { useState } from 'react';
import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useFailureText } from '../../ui/FormParts';
import { navigate } from '../../lib/hash-location';
import { CONFIGURATION_PATH, type ConfigViewName, type FieldSpec, type FormTexts } from './config-views';

/** One call at a time for a form: busy while it runs, then a notice or the refusal. */
export function useSaving() {
  const failureText = useFailureText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const run = <R,>(call: () => Promise<R>, done: (answer: R) => string) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    void call()
      .then(
        (answer) => setNotice(done(answer)),
        (failure: unknown) => setError(failureText(failure)),
      )
      .finally(() => setBusy(false));
  };
  return { busy, error, notice, setError, setNotice, run };
}

/** The paging of a list read whole: one page, no other. */
export const ONE_PAGE = { pageNumber: 1, hasPrevious: false, hasNext: false, onPrevious: () => undefined, onNext: () => undefined };

const UNIT_KEYS = { money: 'bo.cfg.unit.money', percent: 'bo.cfg.unit.percent', whole: null } as const;

/** A labelled input per setting, its unit in the label; typed as text and read by `valuesOf`. */
export function SettingInputs<K extends string>({
  fields,
  texts,
  label,
  onChange,
}: {
  fields: readonly FieldSpec<K>[];
  texts: FormTexts<K>;
  label: (name: K) => BackofficeKey;
  onChange: (texts: FormTexts<K>) => void;
}) {
  const t = useT();
  return (
    <>
      {fields.map((field) => {
        const unit = UNIT_KEYS[field.kind];
        return (
          <label key={field.name}>
            {unit ? `${t(label(field.name))} (${t(unit)})` : t(label(field.name))}
            <input
              name={field.name}
              inputMode="decimal"
              required
              size={10}
              value={texts[field.name]}
              onChange={(event) => onChange({ ...texts, [field.name]: event.currentTarget.value })}
            />
          </label>
        );
      })}
    </>
  );
}

/** The market a page of settings by market shows, kept in the address (`&market=`). */
export function MarketChooser({ market, view }: { market: 'MX' | 'IN'; view: ConfigViewName }) {
  const t = useT();
  return (
    <form className="bo-filters" onSubmit={(event) => event.preventDefault()} role="search">
      <label>
        {t('bo.cfg.product.market')}
        <select name="market" value={market} onChange={(event) => navigate(CONFIGURATION_PATH, { view, market: event.currentTarget.value })}>
          <option value="MX">{t('bo.cfg.market.MX')}</option>
          <option value="IN">{t('bo.cfg.market.IN')}</option>
        </select>
      </label>
    </form>
  );
}
