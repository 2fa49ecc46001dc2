import { SiteRoute } from '@lend/contracts';
import { loanTerms } from '../legal/loan-terms';
import { LegalPage } from './LegalPage';

export function LoanPage() {
  return <LegalPage path={SiteRoute.loan} text={loanTerms} />;
}
