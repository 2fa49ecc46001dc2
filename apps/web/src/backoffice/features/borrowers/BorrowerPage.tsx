import { useCallback, useEffect, useState } from 'react';
import { CONSENT_KINDS, OperatorRoutes, type BorrowerPage as Page, type ConsentKind } from '@lend/contracts';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatDay, formatInstant, formatMinor } from '../../lib/format';
import { OrderLink } from '../../ui/BorrowerLink';
import { OperatorCallError } from '../../lib/operator-api';
import { ErrorLine } from '../../ui/FormParts';
import { NotesPanel } from '../../ui/NotesPanel';
import { BackLink, PageNotReady } from '../../ui/PageParts';
import { BORROWERS_PATH, maskedId } from './BorrowerSearch';

const isConsentKind = (kind: string): kind is ConsentKind => (CONSENT_KINDS as readonly string[]).includes(kind);

type Loaded = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'found'; page: Page };

const STATUS_KEYS: Readonly<Record<number, BackofficeKey>> = {
  21: 'bo.borrowers.loanStatus.21',
  110: 'bo.borrowers.loanStatus.110',
  151: 'bo.borrowers.loanStatus.151',
  170: 'bo.borrowers.loanStatus.170',
  174: 'bo.borrowers.loanStatus.174',
  180: 'bo.borrowers.loanStatus.180',
  200: 'bo.borrowers.loanStatus.200',
};

function Table({ caption, headers, rows }: { caption: string; headers: readonly string[]; rows: readonly (readonly React.ReactNode[])[] }) {
  const t = useT();
  if (rows.length === 0) return <p className="bo-muted">{t('bo.borrowers.nothing')}</p>;
  return (
    <div className="bo-table">
      <div className="bo-table__scroll">
        <table>
          <caption className="bo-visually-hidden">{caption}</caption>
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, index) => (
              <tr key={index}>
                {cells.map((cell, column) => (
                  <td key={column}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/**
 * One borrower (docs/decisions/173): who they are (ids masked), their orders, complaints, privacy
 * requests, signed-in devices (each can be signed out) and consents.
 */
export function BorrowerPage({ userId }: { userId: string }) {
  const t = useT();
  usePageTitle('bo.borrowers.title');
  const { api, language } = useBackoffice();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const failureText = useCallback((failure: unknown) => (failure instanceof OperatorCallError && failure.message ? failure.message : t('errors.network')), [t]);

  const load = useCallback(() => {
    let current = true;
    api.call(OperatorRoutes.borrower, { params: { userId } }).then(
      (page) => current && setLoaded({ kind: 'found', page }),
      (failure: unknown) => current && setLoaded({ kind: 'failed', message: failureText(failure) }),
    );
    return () => {
      current = false;
    };
  }, [api, userId, failureText]);
  useEffect(load, [load]);

  const back = <BackLink href={`#${BORROWERS_PATH}`} label={t('bo.borrowers.back')} />;
  if (loaded.kind !== 'found') {
    return <PageNotReady back={back} heading={t('bo.borrowers.title')} loading={loaded.kind === 'loading'} problem={loaded.kind === 'failed' ? loaded.message : ''} />;
  }
  const { page } = loaded;
  const { borrower } = page;
  const endSession = (sessionId: string) => {
    setError(null);
    setNotice(null);
    api.call(OperatorRoutes.borrowerSessionEnd, { params: { userId }, body: { sessionId } }).then(
      () => {
        setNotice(t('bo.borrowers.sessionEnded'));
        load();
      },
      (failure: unknown) => setError(failureText(failure)),
    );
  };
  return (
    <section aria-labelledby="bo-page-heading">
      {back}
      <h1 id="bo-page-heading">{borrower.name || t('bo.borrowers.noName')}</h1>
      <dl className="bo-facts">
        <dt>{t('bo.borrowers.phone')}</dt>
        <dd>{borrower.phone}</dd>
        <dt>{t('bo.borrowers.market')}</dt>
        <dd>{borrower.market}</dd>
        <dt>{t('bo.borrowers.nationalId')}</dt>
        <dd>{maskedId(borrower.nationalId)}</dd>
        <dt>{t('bo.borrowers.registered')}</dt>
        <dd>{formatInstant(borrower.registeredAt, language, borrower.market)}</dd>
      </dl>

      <h2>{t('bo.borrowers.sessions')}</h2>
      {notice ? (
        <p className="bo-notice" role="status">
          {notice}
        </p>
      ) : null}
      <ErrorLine message={error} />
      <Table
        caption={t('bo.borrowers.sessions')}
        headers={[t('bo.borrowers.device'), t('bo.borrowers.since'), t('bo.borrowers.lastUsed'), '']}
        rows={page.sessions.map((session) => [
          session.deviceId || t('bo.borrowers.unknownDevice'),
          formatInstant(session.createdAt, language, borrower.market),
          formatInstant(session.lastUsedAt, language, borrower.market),
          <button key="end" type="button" onClick={() => endSession(session.sessionId)}>
            {t('bo.borrowers.endSession')}
          </button>,
        ])}
      />

      <h2>{t('bo.borrowers.orders')}</h2>
      <Table
        caption={t('bo.borrowers.orders')}
        headers={[t('bo.borrowers.orderNo'), t('bo.borrowers.status'), t('bo.borrowers.amount'), t('bo.borrowers.placed')]}
        rows={page.orders.map((order) => [
          <OrderLink key="order" orderNo={order.orderNo} />,
          STATUS_KEYS[order.statusCode] ? t(STATUS_KEYS[order.statusCode] ?? 'bo.borrowers.loanStatus.21') : String(order.statusCode),
          formatMinor(order.principalMinor, language, order.currency),
          formatInstant(order.createdAt, language, borrower.market),
        ])}
      />
      {page.moreOrders ? <p className="bo-muted">{t('bo.borrowers.moreOrders')}</p> : null}

      <h2>{t('bo.borrowers.complaints')}</h2>
      <Table
        caption={t('bo.borrowers.complaints')}
        headers={[t('bo.complaints.folio'), t('bo.complaints.state'), t('bo.complaints.order'), t('bo.complaints.filed'), t('bo.complaints.due')]}
        rows={page.complaints.map((complaint) => [
          <a key="folio" href={`#/complaints/${complaint.folio}`}>
            {complaint.folio}
          </a>,
          t(complaint.status === 'open' ? 'bo.complaints.state.open' : 'bo.complaints.state.replied'),
          <OrderLink key="order" orderNo={complaint.orderNo} />,
          formatInstant(complaint.createdAt, language, borrower.market),
          formatInstant(complaint.dueAt, language, borrower.market),
        ])}
      />

      <h2>{t('bo.borrowers.privacyRequests')}</h2>
      <Table
        caption={t('bo.borrowers.privacyRequests')}
        headers={[t('bo.privacy.folio'), t('bo.privacy.kind'), t('bo.privacy.state'), t('bo.privacy.received'), t('bo.privacy.due')]}
        rows={page.privacyRequests.map((request) => [
          <a key="folio" href={`#/privacy-requests/${request.folio}`}>
            {request.folio}
          </a>,
          t(`bo.privacy.kind.${request.kind}`),
          t(`bo.privacy.state.${request.status}`),
          formatInstant(request.receivedAt, language, borrower.market),
          formatDay(request.answerDue, language),
        ])}
      />

      <h2>{t('bo.borrowers.consents')}</h2>
      <Table
        caption={t('bo.borrowers.consents')}
        headers={[t('bo.borrowers.consent'), t('bo.borrowers.version'), t('bo.borrowers.given')]}
        rows={page.consents.map((consent) => [isConsentKind(consent.kind) ? t(`bo.borrowers.consent.${consent.kind}`) : consent.kind, consent.textVersion ?? '—', consent.givenAt ? formatInstant(consent.givenAt, language, borrower.market) : t('bo.borrowers.notGiven')])}
      />

      <NotesPanel kind="borrower" subjectId={borrower.userId} market={borrower.market} />
    </section>
  );
}
