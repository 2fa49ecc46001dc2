import { AppRoute, type ContractDetail } from '@lend/contracts';
import { useMarketFormat } from '../../lib/format';
import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { pageHref } from '../../lib/page-links';
import { usePageParams } from '../../lib/page-params';
import { CallResult } from '../../ui/CallResult';
import { Screen } from '../../ui/Screen';
import { AgreementStamp } from './components/AgreementStamp';
import { Clauses } from './components/Clauses';
import { contractParams, useContract } from './use-contract';
import './loan-agreement.css';

/** The clauses a period agreement repeats from the contract: who, the payments, and what lateness costs. */
const PERIOD_CLAUSES = new Set(['parties', 'term', 'schedule', 'late', 'extension']);

/** Period loan agreement (`/agony`): each payment of a multi-period loan, its date and its amount. */
export function PeriodAgreementScreen() {
  const t = useT();
  usePageTitle('agreement.periodTitle');
  const state = useContract();
  return (
    <Screen title={t('agreement.periodTitle')}>
      <CallResult state={state} loadingLabel={t('agreement.loading')}>
        {(contract) => <PeriodContent contract={contract} />}
      </CallResult>
    </Screen>
  );
}

function PeriodContent({ contract }: { contract: ContractDetail }) {
  const t = useT();
  const page = usePageParams();
  const format = useMarketFormat(contract.market);
  const periodDays = contract.periods > 0 ? contract.termDays / contract.periods : contract.termDays;
  return (
    <>
      <AgreementStamp contract={contract} />
      <p className="card">{t('agreement.periodIntro', { periods: contract.periods, periodDays })}</p>
      <section className="card">
        <table className="contract-table schedule-table">
          <caption>{t('agreement.schedule')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('agreement.period')}</th>
              <th scope="col">{t('agreement.dueDate')}</th>
              <th scope="col">{t('agreement.installment')}</th>
            </tr>
          </thead>
          <tbody>
            {contract.plans.map((plan) => (
              <tr key={plan.period} data-period={plan.period}>
                <th scope="row">{t('agreement.periodValue', { n: plan.period, total: contract.periods })}</th>
                <td>{plan.dueDate || t('agreement.countedFromPayout', { day: plan.period * periodDays })}</td>
                <td>
                  <strong>{format.amount(plan.amount)}</strong>
                  <span className="schedule-table__split muted">
                    {t('agreement.principal')} {format.amount(plan.principal)}
                  </span>
                  <span className="schedule-table__split muted">
                    {t('agreement.charges')} {format.amount(plan.interest + plan.IVA)}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="card" aria-labelledby="period-terms" lang={contract.language}>
        <h2 id="period-terms">{t('agreement.terms')}</h2>
        <Clauses clauses={contract.clauses.filter((clause) => PERIOD_CLAUSES.has(clause.id))} />
      </section>
      <a className="agreement__link" href={pageHref(AppRoute.agreement, page, contractParams(page))}>
        {t('agreement.contractLink')}
      </a>
    </>
  );
}
