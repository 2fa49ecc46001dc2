import type { ContractDetail } from '@lend/contracts';
import type { Formatters } from '../../../lib/format';
import { useT } from '../../../lib/i18n/borrower';

/** The table of dates and amounts of the contract detail call (docs/decisions/035). */
export function ContractSummary({ contract, format }: { contract: ContractDetail; format: Formatters }) {
  const t = useT();
  const orNotOnFile = (value: string) => value || t('agreement.notOnFile');
  const rows: [string, string][] = [
    [t('agreement.borrower'), contract.userName],
    [t('agreement.lender'), contract.company],
    [t('agreement.product'), contract.productName],
    [t('agreement.amount'), format.amount(contract.amount)],
    [t('agreement.commission'), format.amount(contract.commission)],
    [t('agreement.received'), format.amount(contract.giveAmount)],
    [t('agreement.interest'), format.amount(contract.Interest)],
    ...(contract.discount > 0 ? ([[t('agreement.discount'), format.deduction(contract.discount)]] as [string, string][]) : []),
    [t(contract.market === 'IN' ? 'agreement.taxIN' : 'agreement.taxMX'), format.amount(contract.IVA)],
    [t('agreement.total'), format.amount(contract.contractAmount)],
    [t('agreement.payoutDate'), contract.daiDate || t('agreement.onPayout')],
    [t('agreement.repaymentDate'), contract.planDate || t('agreement.countedFromPayout', { day: contract.termDays })],
    [t('agreement.contractDate'), contract.contractDate],
    [t('agreement.bankAccount'), orNotOnFile(contract.bankNo)],
    [t('agreement.address'), orNotOnFile(contract.userAddress)],
  ];
  return (
    <table className="contract-table">
      <caption>{t('agreement.summary')}</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
