import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { OperatorRoutes, type CollectionMessageKind, type CollectionMessageTemplate, type CollectionOrder } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { ErrorLine, Notice, useFailureText } from '../../ui/FormParts';

export const MESSAGE_KEYS: Record<CollectionMessageKind, BackofficeKey> = {
  'collection-overdue': 'bo.coll.message.collection-overdue',
  'collection-call-us': 'bo.coll.message.collection-call-us',
  'collection-promise': 'bo.coll.message.collection-promise',
};

/**
 * Sends one of the market's SMS templates to the borrower's phone (docs/decisions/246), each shown
 * as the borrower would read it. Sending is a contact: the server refuses it out of hours or over
 * the caps before anything is sent, and says so when the provider does not take it.
 */
export function SendMessage({ orderNo, refreshKey, onSent }: { orderNo: string; refreshKey: string; onSent: (file: CollectionOrder) => void }) {
  const t = useT();
  const { api } = useBackoffice();
  const failureText = useFailureText();
  // Read through a ref so a change of language does not fetch again.
  const failureTextRef = useRef(failureText);
  failureTextRef.current = failureText;
  const ids = useId();
  const [templates, setTemplates] = useState<CollectionMessageTemplate[] | null>(null);
  const [kind, setKind] = useState<CollectionMessageKind>('collection-overdue');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    api.call(OperatorRoutes.collectionMessageTemplates, { params: { orderNo } }).then(
      (answer) => current && setTemplates(answer.items),
      (failure: unknown) => current && setError(failureTextRef.current(failure)),
    );
    return () => {
      current = false;
    };
  }, [api, orderNo, refreshKey]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setNotice(null);
    api
      .call(OperatorRoutes.collectionMessage, { params: { orderNo }, body: { kind } })
      .then(
        (file) => {
          setNotice(t('bo.coll.message.sent'));
          onSent(file);
        },
        (failure: unknown) => setError(failureText(failure)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <form className="bo-reply-form" onSubmit={submit} aria-labelledby={`${ids}-title`} data-message-form="">
      <h2 id={`${ids}-title`}>{t('bo.coll.message.title')}</h2>
      <ErrorLine message={error} />
      <Notice text={notice} />
      <fieldset className="bo-message-choices">
        <legend>{t('bo.coll.message.template')}</legend>
        {(templates ?? []).map((template) => (
          <label key={template.kind} className="bo-message-choice">
            <input type="radio" name="kind" value={template.kind} checked={kind === template.kind} disabled={!template.available} onChange={() => setKind(template.kind)} />
            <span>
              <strong>{t(MESSAGE_KEYS[template.kind])}</strong>
              <br />
              <span className="bo-muted">
                {template.available ? template.text : t('bo.coll.message.noPromise')}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="bo-muted">{t('bo.coll.message.hint')}</p>
      <button type="submit" className="bo-primary" disabled={busy || templates === null}>
        {t('bo.coll.message.send')}
      </button>
    </form>
  );
}
