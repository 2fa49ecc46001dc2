import { useEffect, useState, type FormEvent } from 'react';
import { Limits, OperatorRoutes, type OperatorComplaint } from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant, isPast } from '../../lib/format';
import { OperatorCallError } from '../../lib/operator-api';
import { COMPLAINTS_PATH, typeTitle, useComplaintTypes } from './ComplaintsInbox';
import { borrowerHref, OrderLink } from '../../ui/BorrowerLink';
import { ErrorLine } from '../../ui/FormParts';
import { NotesPanel } from '../../ui/NotesPanel';
import { BackLink, PageNotReady } from '../../ui/PageParts';

type Loaded = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed'; error: unknown } | { kind: 'found'; complaint: OperatorComplaint };

function Images({ urls, alt }: { urls: readonly string[]; alt: (number: number) => string }) {
  if (urls.length === 0) return null;
  return (
    <ul className="bo-images">
      {urls.map((url, index) => (
        <li key={url}>
          <a href={url} target="_blank" rel="noreferrer">
            <img src={url} alt={alt(index + 1)} loading="lazy" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * One complaint by its folio: what the borrower wrote and sent, the order it concerns, and the
 * reply form, whose answer closes the complaint and asks the borrower for a score.
 */
export function ComplaintPage({ folio }: { folio: string }) {
  const t = useT();
  usePageTitle('bo.complaints.title');
  const { api, language } = useBackoffice();
  const types = useComplaintTypes();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [sending, setSending] = useState(false);
  const [replyError, setReplyError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const failureText = (error: unknown) => (error instanceof OperatorCallError && error.message ? error.message : t('errors.network'));

  useEffect(() => {
    let current = true;
    setLoaded({ kind: 'loading' });
    api.call(OperatorRoutes.complaints, { query: { folio, limit: Limits.pageSizeMax } }).then(
      (page) => {
        if (!current) return;
        const complaint = page.items.find((item) => item.folio === folio.toUpperCase());
        setLoaded(complaint ? { kind: 'found', complaint } : { kind: 'missing' });
      },
      (error: unknown) => current && setLoaded({ kind: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [api, folio]);

  const back = <BackLink href={`#${COMPLAINTS_PATH}`} label={t('bo.complaints.back')} />;
  if (loaded.kind !== 'found') {
    const problem = loaded.kind === 'missing' ? t('bo.complaints.notFound', { folio }) : loaded.kind === 'failed' ? failureText(loaded.error) : '';
    return <PageNotReady back={back} heading={folio} loading={loaded.kind === 'loading'} problem={problem} />;
  }

  const { complaint } = loaded;
  const overdue = complaint.status === 'open' && isPast(complaint.dueAt, new Date());

  const sendReply = (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setReplyError(null);
    void (async () => {
      try {
        const images: string[] = [];
        for (const file of files) {
          const form = new FormData();
          form.append('image', file);
          images.push((await api.call(OperatorRoutes.complaintImageUpload, { body: form })).url);
        }
        const updated = await api.call(OperatorRoutes.complaintReply, { params: { problemId: complaint.problemId }, body: { text, images } });
        setLoaded({ kind: 'found', complaint: updated });
        setSent(true);
      } catch (error) {
        setReplyError(failureText(error));
      } finally {
        setSending(false);
      }
    })();
  };

  return (
    <section aria-labelledby="bo-page-heading" className="bo-complaint">
      {back}
      <h1 id="bo-page-heading">
        {complaint.folio}{' '}
        <span className={`bo-badge${overdue ? ' bo-badge--alert' : ''}`}>
          {overdue ? t('bo.complaints.overdue') : t(complaint.status === 'open' ? 'bo.complaints.state.open' : 'bo.complaints.state.replied')}
        </span>
      </h1>
      <div className="bo-columns">
        <div>
          <dl className="bo-facts">
            <dt>{t('bo.complaints.type')}</dt>
            <dd>{typeTitle(types, complaint.problemType, language)}</dd>
            {complaint.problemSonType ? (
              <>
                <dt>{t('bo.complaints.subtype')}</dt>
                <dd>{typeTitle(types, complaint.problemSonType, language)}</dd>
              </>
            ) : null}
            <dt>{t('bo.complaints.filed')}</dt>
            <dd>{formatInstant(complaint.createdAt, language, complaint.market)}</dd>
            <dt>{t('bo.complaints.due')}</dt>
            <dd>{formatInstant(complaint.dueAt, language, complaint.market)}</dd>
            <dt>{t('bo.complaints.phone')}</dt>
            <dd>
              <a href={borrowerHref(complaint.borrowerId)} data-borrower-link={complaint.borrowerId}>
                {complaint.borrowerPhone}
              </a>
            </dd>
          </dl>
          <h2>{t('bo.complaints.concerns')}</h2>
          <dl className="bo-facts">
            <dt>{t('bo.complaints.order')}</dt>
            <dd data-order-no="">
              <OrderLink orderNo={complaint.orderNo} />
            </dd>
          </dl>
        </div>
        <div>
          <h2>{t('bo.complaints.borrowerText')}</h2>
          <blockquote className="bo-quote">{complaint.content}</blockquote>
          {complaint.images.length > 0 ? <h3>{t('bo.complaints.borrowerImages')}</h3> : null}
          <Images urls={complaint.images} alt={(number) => t('bo.complaints.imageAlt', { number })} />
        </div>
      </div>
      <h2>{t('bo.complaints.reply')}</h2>
      {sent ? (
        <p className="bo-notice" role="status">
          {t('bo.complaints.replySent')}
        </p>
      ) : null}
      {complaint.reply ? (
        <div className="bo-reply" data-reply="">
          <p className="bo-muted">{t('bo.complaints.replied', { at: formatInstant(complaint.reply.repliedAt, language, complaint.market) })}</p>
          <blockquote className="bo-quote">{complaint.reply.text}</blockquote>
          <Images urls={complaint.reply.images} alt={(number) => t('bo.complaints.replyImageAlt', { number })} />
          <p>
            {t('bo.complaints.score')}: {complaint.score === null ? t('bo.complaints.noScore') : `${complaint.score} / 5`}
          </p>
        </div>
      ) : (
        <form className="bo-reply-form" onSubmit={sendReply}>
          <ErrorLine message={replyError} />
          <label>
            {t('bo.complaints.replyText')}
            <textarea name="reply" rows={6} required maxLength={Limits.complaintReplyTextMax} value={text} onChange={(event) => setText(event.currentTarget.value)} />
          </label>
          <label>
            {t('bo.complaints.replyImages')}
            <input
              type="file"
              name="images"
              accept="image/jpeg,image/png,image/webp"
              multiple
              onChange={(event) => setFiles(Array.from(event.currentTarget.files ?? []).slice(0, Limits.complaintImagesMax))}
            />
          </label>
          <p className="bo-muted">{t('bo.complaints.replyNote')}</p>
          <button type="submit" className="bo-primary" disabled={sending}>
            {t('bo.complaints.replySend')}
          </button>
        </form>
      )}

      <NotesPanel kind="complaint" subjectId={complaint.problemId} market={complaint.market} />
    </section>
  );
}
