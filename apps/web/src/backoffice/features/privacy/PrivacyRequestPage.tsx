import { useEffect, useState, type FormEvent } from 'react';
import { OperatorRoutes, PrivacyLimits, privacyRequestMarket, RECTIFYING_KINDS, type OperatorArcoRequest } from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatDay, formatInstant } from '../../lib/format';
import { OperatorCallError } from '../../lib/operator-api';
import { BorrowerLink } from '../../ui/BorrowerLink';
import { ErrorLine } from '../../ui/FormParts';
import { BackLink, PageNotReady } from '../../ui/PageParts';
import { arcoOverdue, PRIVACY_REQUESTS_PATH } from './PrivacyRequests';
import { RectificationForm } from './RectificationForm';

type Loaded = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; error: unknown } | { kind: 'found'; request: OperatorArcoRequest };

/** One privacy request by its folio: what the borrower asked, and the answer form while it is open. */
export function PrivacyRequestPage({ folio }: { folio: string }) {
  const t = useT();
  usePageTitle('bo.privacy.title');
  const { api, language } = useBackoffice();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [rectified, setRectified] = useState(false);
  const failureText = (failure: unknown) => (failure instanceof OperatorCallError && failure.message ? failure.message : t('errors.network'));

  useEffect(() => {
    let current = true;
    setLoaded({ kind: 'loading' });
    api.call(OperatorRoutes.privacyRequests, { query: { folio, limit: 1 } }).then(
      (page) => {
        if (!current) return;
        const request = page.items.find((item) => item.folio === folio.toUpperCase());
        setLoaded(request ? { kind: 'found', request } : { kind: 'missing' });
      },
      (failure: unknown) => current && setLoaded(failure instanceof OperatorCallError && failure.status === 400 ? { kind: 'missing' } : { kind: 'failed', error: failure }),
    );
    return () => {
      current = false;
    };
  }, [api, folio]);

  const back = <BackLink href={`#${PRIVACY_REQUESTS_PATH}`} label={t('bo.privacy.back')} />;
  if (loaded.kind !== 'found') {
    const problem = loaded.kind === 'missing' ? t('bo.privacy.notFound', { folio }) : loaded.kind === 'failed' ? failureText(loaded.error) : '';
    return <PageNotReady back={back} heading={folio} loading={loaded.kind === 'loading'} problem={problem} />;
  }
  const { request } = loaded;
  const overdue = arcoOverdue(request, new Date());
  const send = (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    api.call(OperatorRoutes.privacyAnswer, { params: { folio: request.folio }, body: { text } }).then(
      (answered) => {
        setSending(false);
        setSent(true);
        setLoaded({ kind: 'found', request: { ...answered, borrowerName: request.borrowerName } });
      },
      (failure: unknown) => {
        setSending(false);
        setError(failureText(failure));
      },
    );
  };
  return (
    <section aria-labelledby="bo-page-heading">
      {back}
      <h1 id="bo-page-heading">
        {request.folio}{' '}
        <span className={`bo-badge${overdue ? ' bo-badge--alert' : ''}`}>{overdue ? t('bo.privacy.overdue') : t(`bo.privacy.state.${request.status}`)}</span>
      </h1>
      <dl className="bo-facts">
        <dt>{t('bo.privacy.kind')}</dt>
        <dd>{t(`bo.privacy.kind.${request.kind}`)}</dd>
        <dt>{t('bo.privacy.market')}</dt>
        <dd>{t(`bo.cfg.market.${privacyRequestMarket(request.kind)}`)}</dd>
        <dt>{t('bo.privacy.received')}</dt>
        <dd>{formatInstant(request.receivedAt, language, privacyRequestMarket(request.kind))}</dd>
        <dt>{t('bo.privacy.due')}</dt>
        <dd>{formatDay(request.answerDue, language)}</dd>
        <dt>{t('bo.privacy.borrower')}</dt>
        <dd>
          <BorrowerLink id={request.userId} name={request.borrowerName} />
        </dd>
      </dl>
      <h2>{t('bo.privacy.description')}</h2>
      <blockquote className="bo-quote">{request.description}</blockquote>
      {rectified ? (
        <p className="bo-notice" role="status">
          {t('bo.rectify.done')}
        </p>
      ) : null}
      {RECTIFYING_KINDS.includes(request.kind) && request.status === 'open' ? (
        <RectificationForm
          folio={request.folio}
          onDone={(result) => {
            setRectified(true);
            setLoaded({ kind: 'found', request: { ...result.request, borrowerName: request.borrowerName } });
          }}
        />
      ) : null}
      <h2>{t('bo.privacy.answer')}</h2>
      {sent ? (
        <p className="bo-notice" role="status">
          {t('bo.privacy.answerSent')}
        </p>
      ) : null}
      {request.answer !== null && request.answeredAt !== null ? (
        <div data-answer="">
          <p className="bo-muted">{t('bo.privacy.answered', { at: formatInstant(request.answeredAt, language) })}</p>
          <blockquote className="bo-quote">{request.answer}</blockquote>
        </div>
      ) : (
        <form className="bo-reply-form" onSubmit={send}>
          <ErrorLine message={error} />
          <label>
            {t('bo.privacy.answerText')}
            <textarea name="answer" rows={6} required maxLength={PrivacyLimits.arcoAnswerMax} value={text} onChange={(event) => setText(event.currentTarget.value)} />
          </label>
          <p className="bo-muted">{t('bo.privacy.answerNote')}</p>
          <button type="submit" className="bo-primary" disabled={sending}>
            {sending ? t('bo.saving') : t('bo.privacy.answerSend')}
          </button>
        </form>
      )}
    </section>
  );
}
