import { LegalDocumentView } from './LegalDocumentView';
import { loanTerms } from './loan-terms';

/** The loan terms inside the home page's Loan Terms section, loaded when first opened. */
export default function LoanTermsDocument() {
  return <LegalDocumentView text={loanTerms} titleLevel={null} sectionLevel={3} />;
}
