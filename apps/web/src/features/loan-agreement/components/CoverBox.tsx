import type { ContractDetail } from '@lend/contracts';
import type { Formatters } from '../../../lib/format';
import { useT } from '../../../lib/i18n/borrower';

/**
 * The contract's cover box (Mexico's carátula, docs/decisions/144): the CAT, the ordinary annual
 * rate, the total to pay and the commissions together, before any clause.
 */
export function CoverBox({ contract, format }: { contract: ContractDetail; format: Formatters }) {
  const t = useT();
  const { cover } = contract;
  const rows: [string, string, string][] = [
    ['annual-cost', t(cover.annualCostKind === 'CAT' ? 'cover.cat' : 'cover.apr'), cover.annualCost],
    ['interest-rate', t('cover.interestRate'), cover.interestRate],
    ['total', t('cover.total'), format.amount(contract.contractAmount)],
    ['commission', t('cover.commission', { rate: cover.commissionRate }), format.amount(contract.commission)],
  ];
  return (
    <section className="card cover-box" aria-labelledby="cover-heading" data-testid="cover-box">
      <h2 id="cover-heading">{t('cover.title')}</h2>
      <dl className="cover-box__figures">
        {rows
          .filter(([, , value]) => value !== '')
          .map(([id, label, value]) => (
            <div key={id} data-cover={id}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
