import type { Market } from '@lend/domain';
import { LegalDocumentView } from './LegalDocumentView';
import { loanTerms } from './loan-terms';

/** The loan terms of the home page's market inside its Loan Terms section, loaded when first opened. */
export default function LoanTermsDocument({ market }: { market: Market }) {
  return <LegalDocumentView text={loanTerms} titleLevel={null} sectionLevel={3} market={market} />;
}
