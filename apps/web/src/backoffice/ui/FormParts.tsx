import { useCallback } from 'react';
import { useT } from '../../lib/i18n/backoffice';
import { OperatorCallError } from '../lib/operator-api';

/** A refusal's message in the reader's language, or the network line. */
export function useFailureText(): (failure: unknown) => string {
  const t = useT();
  return useCallback((failure: unknown) => (failure instanceof OperatorCallError && failure.message ? failure.message : t('errors.network')), [t]);
}

/** A refusal or failure above a form, announced as it appears. */
export function ErrorLine({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="bo-error" role="alert">
      {message}
    </p>
  );
}

/** What a form's call did, announced as it appears. */
export function Notice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="bo-notice" role="status">
      {text}
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
