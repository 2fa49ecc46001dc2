import type { RepayInstruction } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import { CopyButton } from '../../../ui/CopyButton';

type Detail = RepayInstruction['repayDetail'];

/** One value to copy: a CLABE, an Indian account number or its IFSC. */
function CopyLine({ label, code, copyLabel, testId }: { label: string; code: string; copyLabel: string; testId: string }) {
  return (
    <p className="instruction-reference__line">
      <span className="instruction-reference__label">{label}</span>
      <span className="instruction-reference__code" data-testid={testId}>
        {code}
      </span>
      <CopyButton text={code} label={copyLabel} />
    </p>
  );
}

/**
 * What the payment rail adds to the reference: the account to transfer to (a CLABE in Mexico, an
 * account number and IFSC in India), the printable voucher, the UPI QR code (docs/decisions/115, 121).
 */
export function ProviderDetails({ detail }: { detail: Detail }) {
  const t = useT();
  if (!detail.clabe && !detail.voucherUrl && !detail.accountNumber && !detail.upiQrUrl) return null;
  return (
    <div className="instruction-reference" data-testid="instruction-provider">
      {detail.clabe && <CopyLine label={t('instruction.clabeLabel')} code={detail.clabe} copyLabel={t('instruction.copyClabe', { code: detail.clabe })} testId="instruction-clabe" />}
      {detail.accountNumber && (
        <CopyLine label={t('instruction.accountLabel')} code={detail.accountNumber} copyLabel={t('instruction.copyAccount', { code: detail.accountNumber })} testId="instruction-account" />
      )}
      {detail.ifsc && <CopyLine label={t('instruction.ifscLabel')} code={detail.ifsc} copyLabel={t('instruction.copyIfsc', { code: detail.ifsc })} testId="instruction-ifsc" />}
      {detail.bankName && <p className="muted">{`${t('instruction.bankLabel')}: ${detail.bankName}`}</p>}
      {detail.beneficiary && <p className="muted">{`${t('instruction.beneficiaryLabel')}: ${detail.beneficiary}`}</p>}
      {detail.voucherUrl && (
        <p>
          <a href={detail.voucherUrl} target="_blank" rel="noopener noreferrer" data-testid="instruction-voucher">
            {t('instruction.voucher')} {t('instruction.newTab')}
          </a>
        </p>
      )}
      {detail.upiQrUrl && (
        <p>
          <a href={detail.upiQrUrl} target="_blank" rel="noopener noreferrer" data-testid="instruction-upi">
            {t('instruction.upiQr')} {t('instruction.newTab')}
          </a>
        </p>
      )}
    </div>
  );
}
