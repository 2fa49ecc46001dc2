import {
  codePointLength,
  limitCodePoints,
  PRIVACY_ANSWER_DAYS,
  PRIVACY_REQUEST_KINDS_BY_MARKET,
  PrivacyLimits,
  type ArcoRequest,
  type PhoneMarket,
  type PrivacyRequestKind,
} from '@lend/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useMarketFormat } from '../../../lib/format';
import { useT } from '../../../lib/i18n/borrower';
import { useToast } from '../../../ui/toast/ToastProvider';
import { fileArcoRequest } from '../api/file-arco-request';
import { failureText } from './failure';

/**
 * The borrower's rights, as their market's law gives them (docs/decisions/231): Mexico's ARCO
 * rights, India's rights under the DPDP Act, each with the market's kinds of request and its time
 * to answer. `market`: the borrower's, whose time zone the requests' dates are shown in whatever the language.
 */
export function ArcoSection({
  market,
  requests,
  onFiled,
}: {
  market: PhoneMarket;
  requests: readonly ArcoRequest[];
  onFiled: (request: ArcoRequest) => void;
}) {
  const t = useT();
  const toast = useToast();
  const format = useMarketFormat(market);
  const kindId = useId();
  const textId = useId();
  const counterId = useId();
  const errorId = useId();
  const hintId = useId();
  const kinds = PRIVACY_REQUEST_KINDS_BY_MARKET[market];
  const [kind, setKind] = useState<PrivacyRequestKind>(kinds[0] ?? 'access');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const max = PrivacyLimits.arcoDescriptionMax;
  const count = codePointLength(text);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (codePointLength(text.trim()) < PrivacyLimits.arcoDescriptionMin) {
      setError(t('privacy.arco.tooShort', { min: PrivacyLimits.arcoDescriptionMin }));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const filed = await fileArcoRequest(kind, text, t('privacy.arco.sending'));
      onFiled(filed);
      setText('');
      toast.show(t('privacy.arco.sent', { folio: filed.folio, date: filed.answerDue }));
    } catch (failure) {
      setError(failureText(failure, t('errors.network')));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="card privacy-section" aria-labelledby="privacy-arco">
      <h2 id="privacy-arco">{t(`privacy.arco.heading.${market}`)}</h2>
      <p>{t(`privacy.arco.body.${market}`, { days: PRIVACY_ANSWER_DAYS[market] })}</p>
      <form className="privacy-form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={kindId} className="privacy-form__label">
          {t('privacy.arco.kind')}
        </label>
        <select
          id={kindId}
          name="kind"
          className="privacy-form__control"
          value={kind}
          aria-describedby={hintId}
          onChange={(event) => setKind(kinds.find((value) => value === event.target.value) ?? kind)}
        >
          {kinds.map((value) => (
            <option key={value} value={value}>
              {t(`privacy.arco.kind.${value}`)}
            </option>
          ))}
        </select>
        <span id={hintId} className="privacy-form__hint">
          {t(`privacy.arco.hint.${kind}`)}
        </span>
        <label htmlFor={textId} className="privacy-form__label">
          {t('privacy.arco.description')}
        </label>
        <textarea
          id={textId}
          name="description"
          className="privacy-form__control"
          rows={4}
          value={text}
          aria-describedby={error ? `${counterId} ${errorId}` : counterId}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setText(limitCodePoints(event.target.value, max))}
        />
        <span id={counterId} className="privacy-form__counter">
          {t('privacy.arco.counter', { count, max })}
        </span>
        {error && (
          <p id={errorId} className="notice--error privacy-form__error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="button" disabled={sending}>
          {t('privacy.arco.send')}
        </button>
      </form>
      <h3 className="privacy-subheading">{t('privacy.arco.listHeading')}</h3>
      {requests.length === 0 ? (
        <p className="muted">{t('privacy.arco.none')}</p>
      ) : (
        <ul className="privacy-requests">
          {requests.map((request) => (
            <li key={request.folio} className="privacy-request" data-folio={request.folio}>
              <div className="privacy-request__head">
                <strong>{t('privacy.arco.folio', { folio: request.folio })}</strong>
                <span className={`privacy-status privacy-status--${request.status}`}>{t(request.status === 'open' ? 'privacy.arco.status.open' : 'privacy.arco.status.answered')}</span>
              </div>
              <dl className="privacy-request__facts">
                <dt>{t('privacy.arco.kind')}</dt>
                <dd>{t(`privacy.arco.kind.${request.kind}`)}</dd>
                <dt>{t('privacy.arco.received')}</dt>
                <dd>{format.date(new Date(request.receivedAt))}</dd>
                <dt>{t('privacy.arco.answerDue')}</dt>
                <dd>{request.answerDue}</dd>
              </dl>
              {request.description && <p className="privacy-request__text">{request.description}</p>}
              {request.answer && (
                <div className="privacy-request__answer">
                  <h4>{t('privacy.arco.answer')}</h4>
                  <p>{request.answer}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
