import type { ContractDetail } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';

/** Says whether this is the draft to accept or the agreement as accepted, with its fingerprint. */
export function AgreementStamp({ contract }: { contract: ContractDetail }) {
  const t = useT();
  if (contract.state === 'draft') return <p className="card agreement__stamp">{t('agreement.draft')}</p>;
  return (
    <div className="card agreement__stamp">
      <p>{t('agreement.signed', { date: contract.contractDate, orderNo: contract.orderNo })}</p>
      <p className="agreement__hash">
        <span className="muted">{t('agreement.fingerprint')}</span> <code>{contract.textHash}</code>
      </p>
    </div>
  );
}
