import { useT } from '../../lib/i18n/backoffice';

/** A refusal or failure above a form, announced as it appears. */
export function ErrorLine({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="bo-error" role="alert">
      {message}
    </p>
  );
}

/** The end of a list's filter form: apply what is typed, or clear every filter. */
export function FilterActions({ onClear }: { onClear: () => void }) {
  const t = useT();
  return (
    <>
      <button type="submit" className="bo-primary">
        {t('bo.table.filter')}
      </button>
      <button type="button" onClick={onClear}>
        {t('bo.table.clear')}
      </button>
    </>
  );
}
