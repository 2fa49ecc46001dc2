import type { RepayInstruction } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import { CopyButton } from '../../../ui/CopyButton';

type Detail = RepayInstruction['repayDetail'];

/** What the payment rail adds to the reference: the account to transfer to, and its printable voucher (docs/decisions/115). */
export function ProviderDetails({ detail }: { detail: Detail }) {
  const t = useT();
  if (!detail.clabe && !detail.voucherUrl) return null;
  return (
    <div className="instruction-reference" data-testid="instruction-provider">
      {detail.clabe && (
        <p className="instruction-reference__line">
          <span className="instruction-reference__label">{t('instruction.clabeLabel')}</span>
          <span className="instruction-reference__code" data-testid="instruction-clabe">
            {detail.clabe}
          </span>
          <CopyButton text={detail.clabe} label={t('instruction.copyClabe', { code: detail.clabe })} />
        </p>
      )}
      {detail.bankName && <p className="muted">{`${t('instruction.bankLabel')}: ${detail.bankName}`}</p>}
      {detail.beneficiary && <p className="muted">{`${t('instruction.beneficiaryLabel')}: ${detail.beneficiary}`}</p>}
      {detail.voucherUrl && (
        <p>
          <a href={detail.voucherUrl} target="_blank" rel="noopener noreferrer" data-testid="instruction-voucher">
            {t('instruction.voucher')} {t('instruction.newTab')}
          </a>
        </p>
      )}
    </div>
  );
}
