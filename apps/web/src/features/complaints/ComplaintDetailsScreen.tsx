import { codePointLength, Limits, type ComplaintDetail } from '@lend/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from '../../lib/router';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { useCall } from '../../lib/http/use-call';
import { Screen } from '../../ui/Screen';
import { useToast } from '../../ui/toast/ToastProvider';
import { complaintDetailInPage, getComplaintDetail, reloadComplaintDetail } from './api/get-complaint-detail';
import { scoreComplaint } from './api/score-complaint';
import { ImageGrid } from './components/ImageGrid';
import { CallResult } from '../../ui/CallResult';
import { InfoRow } from './components/InfoRow';
import { ScoreModal } from './components/ScoreModal';
import './complaints.css';

/** Complaint details (docs/decisions/023): read-only complaint, the lender's reply, and its score. */
export function ComplaintDetailsScreen() {
  const t = useT();
  usePageTitle('complaints.details.title');
  const search = useSearchParams();
  const problemId = search.get('problemId') ?? '';
  const load = useCallback(
    (signal: AbortSignal) => getComplaintDetail(problemId, t('complaints.details.loading'), signal),
    [problemId, t],
  );
  const inPage = useCallback(() => complaintDetailInPage(problemId), [problemId]);
  const [state, replace] = useCall(load, inPage);
  // After a score the details are read again, so the prompt's flag and the stored score agree.
  const reload = useCallback(() => {
    reloadComplaintDetail(problemId).then(replace, () => undefined);
  }, [problemId, replace]);

  return (
    <Screen title={t('complaints.details.title')}>
      <CallResult state={state}>{(detail) => <Details detail={detail} onScored={reload} />}</CallResult>
    </Screen>
  );
}

function Details({ detail, onScored }: { detail: ComplaintDetail; onScored: () => void }) {
  const t = useT();
  const toast = useToast();
  const [scoring, setScoring] = useState(false);
  const hasReply = detail.disposeDetail !== '' || detail.disposeImages.length > 0;

  // The score prompt opens by itself a few seconds after a reply that waits for one.
  useEffect(() => {
    if (detail.isNeedScore === 0) return;
    const timer = setTimeout(() => setScoring(true), Limits.complaintScoreDelayMs);
    return () => clearTimeout(timer);
  }, [detail.isNeedScore, detail.problemId]);

  const send = async (score: number) => {
    await scoreComplaint(detail.problemId, score, t('common.loading'));
    setScoring(false);
    toast.show(t('complaints.score.thanks'));
    onScored();
  };

  return (
    <>
      <section className="card">
        <dl className="complaint-rows">
          <InfoRow label={t('complaints.details.folio')} value={detail.folio} testId="folio" />
          <InfoRow label={t('complaints.details.status')} value={detail.statusText} testId="status" />
          <InfoRow label={t('complaints.details.filed')} value={detail.time} />
          <InfoRow label={t('complaints.details.due')} value={detail.dueDate} testId="due-date" />
          <InfoRow label={t('complaints.details.order')} value={detail.orderNo} />
          <InfoRow label={t('complaints.details.type')} value={detail.type} testId="type" />
          {detail.sonType && <InfoRow label={t('complaints.details.sonType')} value={detail.sonType} testId="son-type" />}
        </dl>
      </section>
      <section className="card" aria-labelledby="complaint-content-heading">
        <h2 id="complaint-content-heading">{t('complaints.details.content')}</h2>
        <p className="complaint-text" data-testid="content">
          {detail.content}
        </p>
        <p className="complaint-counter">
          {t('complaints.next.counter', { count: codePointLength(detail.content), max: Limits.complaintTextMax })}
        </p>
        <ImageGrid urls={detail.images} label={(n) => t('complaints.next.image', { n })} />
      </section>
      {hasReply && (
        <section className="card complaint-reply" aria-labelledby="complaint-reply-heading" data-testid="reply">
          <h2 id="complaint-reply-heading">{t('complaints.details.reply')}</h2>
          {detail.disposeTime && <p className="complaint-hint">{t('complaints.details.repliedOn', { time: detail.disposeTime })}</p>}
          {detail.disposeDetail && <p className="complaint-text">{detail.disposeDetail}</p>}
          <ImageGrid urls={detail.disposeImages} label={(n) => t('complaints.details.replyImage', { n })} />
          {detail.score !== null && (
            <p className="complaint-score" data-testid="score">
              <span aria-hidden="true">{'★'.repeat(detail.score)}{'☆'.repeat(Limits.ratingMax - detail.score)} </span>
              {t('complaints.details.yourScore', { score: detail.score })}
            </p>
          )}
          {detail.isNeedScore !== 0 && !scoring && (
            <button type="button" className="button button--ghost" onClick={() => setScoring(true)}>
              {t('complaints.details.rate')}
            </button>
          )}
        </section>
      )}
      <ScoreModal open={scoring} onClose={() => setScoring(false)} onSend={send} />
    </>
  );
}
