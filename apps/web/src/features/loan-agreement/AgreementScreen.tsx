import { AppRoute, flagFromLanguage, siteMarketLink, SiteRoute, type ContractDetail } from '@lend/contracts';
import { useMarketFormat } from '../../lib/format';
import { useLanguage, usePageTitle, useT } from '../../lib/i18n/borrower';
import { pageHref } from '../../lib/page-links';
import { usePageParams } from '../../lib/page-params';
import { CallResult } from '../../ui/CallResult';
import { Screen } from '../../ui/Screen';
import { AgreementStamp } from './components/AgreementStamp';
import { Clauses } from './components/Clauses';
import { CoverBox } from './components/CoverBox';
import { ContractSummary } from './components/ContractSummary';
import { contractParams, useContract } from './use-contract';
import './loan-agreement.css';

/** Loan agreement (docs/decisions/035): the contract of an order, or the draft of an offer, with its numbers. */
export function AgreementScreen() {
  const t = useT();
  usePageTitle('agreement.title');
  const state = useContract();
  return (
    <Screen title={t('agreement.title')}>
      <CallResult state={state} loadingLabel={t('agreement.loading')}>
        {(contract) => <AgreementContent contract={contract} />}
      </CallResult>
    </Screen>
  );
}

function AgreementContent({ contract }: { contract: ContractDetail }) {
  const t = useT();
  const page = usePageParams();
  const language = useLanguage();
  const format = useMarketFormat(contract.market);
  return (
    <>
      <AgreementStamp contract={contract} />
      {contract.market === 'MX' && <CoverBox contract={contract} format={format} />}
      <section className="card">
        <ContractSummary contract={contract} format={format} />
      </section>
      {contract.periods > 1 && (
        <a className="agreement__link" href={pageHref(AppRoute.periodAgreement, page, contractParams(page))}>
          {t('agreement.periodLink')}
        </a>
      )}
      <section className="card" aria-labelledby="terms-heading" lang={contract.language}>
        <h2 id="terms-heading">{t('agreement.terms')}</h2>
        <Clauses clauses={contract.clauses} />
      </section>
      {/* The general terms of the loan's own market, whatever language the app reads in (docs/decisions/147). */}
      <a className="agreement__link" href={siteMarketLink(SiteRoute.loan, contract.market, flagFromLanguage(language))} data-testid="agreement-general-terms">
        {t('agreement.generalTerms')}
      </a>
    </>
  );
}
