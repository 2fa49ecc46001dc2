import { Fragment, useEffect, useState, type FormEvent } from 'react';
import { OperatorRoutes, type OperatorCreditDecision } from '@lend/contracts';
import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant, formatMinor, minorFromTyped } from '../../lib/format';
import { OperatorCallError } from '../../lib/operator-api';
import { ErrorLine } from '../../ui/FormParts';
import { PlainTable } from '../../ui/PlainTable';
import { BackLink, RecordPending, type RecordState } from '../../ui/RecordPage';
import { ApplicantProfile } from './ApplicantProfile';
import { APPLICATIONS_PATH } from './ApplicationsList';
import { BorrowerLink } from '../../ui/BorrowerLink';
import { useConfirmation } from '../../ui/ConfirmDialog';
import { formatCeiling, inputLines } from './application-texts';

type Loaded = RecordState | { kind: 'found'; decision: OperatorCreditDecision };

/**
 * One referred application (docs/decisions/174): the scorecard's points, factors, reasons and the
 * inputs it read, and the officer's decision: approve with a ceiling no higher than the rules', or
 * decline with a reason. The server names the signed-in officer on the decision and audits it
 * with their session (docs/decisions/222).
 */
export function ApplicationPage({ decisionId }: { decisionId: string }) {
  const t = useT();
  usePageTitle('bo.apps.title');
  const { api, language, me } = useBackoffice();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirmation = useConfirmation();
  const failureText = (failure: unknown) => (failure instanceof OperatorCallError && failure.message ? failure.message : t('errors.network'));

  useEffect(() => {
    let current = true;
    setLoaded({ kind: 'loading' });
    const id = /^\d{1,10}$/.test(decisionId) ? decisionId : '0';
    api.call(OperatorRoutes.referrals, { query: { decisionId: id, limit: 1 } }).then(
      (page) => {
        if (!current) return;
        const decision = page.items[0];
        if (decision) setAmount(decision.rulesCeilingMinor === null ? '' : String(decision.rulesCeilingMinor / 100));
        setLoaded(decision ? { kind: 'found', decision } : { kind: 'missing' });
      },
      (failure: unknown) => current && setLoaded({ kind: 'failed', message: failure instanceof OperatorCallError && failure.message ? failure.message : t('errors.network') }),
    );
    return () => {
      current = false;
    };
  }, [api, decisionId, t]);

  if (loaded.kind !== 'found') {
    return <RecordPending listPath={APPLICATIONS_PATH} heading={`${t('bo.apps.decision')} ${decisionId}`} state={loaded} missing={t('bo.apps.notFound', { id: decisionId })} />;
  }
  const { decision } = loaded;

  const decide = (outcome: 'approve' | 'decline') => (event?: FormEvent) => {
    event?.preventDefault();
    const params = { decisionId: decision.decisionId };
    const ceiling = minorFromTyped(amount);
    if (outcome === 'approve' && ceiling === null) {
      setError(t('bo.apps.amountInvalid'));
      return;
    }
    const run = () => {
      const decided =
        outcome === 'decline' || ceiling === null
          ? api.call(OperatorRoutes.referralDecline, { params, body: { reason } })
          : api.call(OperatorRoutes.referralApprove, { params, body: { reason, amountCeilingMinor: ceiling } });
      setBusy(true);
      setError(null);
      void decided
        .then((updated) => setLoaded({ kind: 'found', decision: updated }), (failure: unknown) => setError(failureText(failure)))
        .finally(() => setBusy(false));
    };
    // Deciding a borrower is asked first, saying who, what and how much (docs/decisions/235).
    confirmation.ask({
      title: t(`bo.confirm.referral.${outcome}.title`, { decisionId: decision.decisionId }),
      lines: [
        t('bo.confirm.borrower', { name: `${decision.borrowerName || t('bo.borrowers.noName')} #${decision.borrowerId}` }),
        t(`bo.confirm.referral.${outcome}.effect`, { amount: formatMinor(ceiling ?? 0, language, decision.currency), product: decision.productName }),
        t('bo.confirm.reason', { reason: reason.trim() }),
      ],
      confirmLabel: t(outcome === 'approve' ? 'bo.apps.approve' : 'bo.apps.decline'),
      run,
    });
  };

  return (
    <section aria-labelledby="bo-page-heading" className="bo-application">
      <BackLink listPath={APPLICATIONS_PATH} />
      <h1 id="bo-page-heading">
        {t('bo.apps.decision')} {decision.decisionId} <span className="bo-badge">{decision.review ? decision.review.outcome : decision.outcome}</span>
      </h1>
      <div className="bo-columns">
        <div>
          <dl className="bo-facts">
            <dt>{t('bo.apps.borrower')}</dt>
            <dd>
              <BorrowerLink id={decision.borrowerId} name={decision.borrowerName} />
            </dd>
            <dt>{t('bo.apps.product')}</dt>
            <dd>{decision.productName}</dd>
            <dt>{t('bo.apps.decided')}</dt>
            <dd>{formatInstant(decision.decidedAt, language, decision.market)}</dd>
            <dt>{t('bo.apps.points')}</dt>
            <dd>{decision.points}</dd>
            <dt>{t('bo.apps.reasons')}</dt>
            <dd>{decision.reasons.join(', ')}</dd>
            <dt>{t('bo.apps.ceiling')}</dt>
            <dd>{formatCeiling(decision.rulesCeilingMinor, language, decision.currency)}</dd>
            <dt>{t('bo.apps.ruleVersion')}</dt>
            <dd>{decision.ruleVersion}</dd>
          </dl>
          {confirmation.dialog}
          <h2>{t('bo.apps.decide')}</h2>
          {decision.factsChanged.length > 0 && !decision.review ? (
            <p className="bo-notice" role="alert">
              {t('bo.apps.changedNotice', { facts: decision.factsChanged.map((fact) => t(`bo.apps.fact.${fact}`)).join(', ') })}
            </p>
          ) : null}
          {decision.review ? (
            <p className="bo-notice" role="status">
              {t(decision.review.outcome === 'approved' ? 'bo.apps.decided.approved' : 'bo.apps.decided.declined', { officer: decision.review.officer, reason: decision.review.reason })}
            </p>
          ) : (
            <form className="bo-reply-form" onSubmit={decide('approve')}>
              <ErrorLine message={error} />
              <p>{t('bo.apps.decidingAs', { officer: me.email })}</p>
              <label>
                {t('bo.apps.reason')}
                <textarea name="reason" required minLength={3} maxLength={500} rows={3} value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
              </label>
              <label>
                {t('bo.apps.amount')}
                <input name="amount" inputMode="decimal" value={amount} onChange={(event) => setAmount(event.currentTarget.value)} />
              </label>
              <div className="bo-actions">
                <button type="submit" className="bo-primary" disabled={busy}>
                  {t('bo.apps.approve')}
                </button>
                <button type="button" disabled={busy || reason.trim().length < 3} onClick={() => decide('decline')()}>
                  {t('bo.apps.decline')}
                </button>
              </div>
            </form>
          )}
        </div>
        <div>
          <h2>{t('bo.apps.profile')}</h2>
          <ApplicantProfile borrowerId={decision.borrowerId} />
          <h2>{t('bo.apps.scorecard')}</h2>
          <PlainTable
            rows={decision.factors}
            rowKey={(factor) => factor.factor}
            columns={[
              { header: t('bo.apps.factor'), cell: (factor) => factor.factor },
              { header: t('bo.apps.points'), cell: (factor) => factor.points },
            ]}
          />
          <h2>{t('bo.apps.inputs')}</h2>
          <dl className="bo-facts">
            {inputLines(decision.inputs).map((line) => (
              <Fragment key={line.name}>
                <dt>{line.name}</dt>
                <dd>{line.value}</dd>
              </Fragment>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
