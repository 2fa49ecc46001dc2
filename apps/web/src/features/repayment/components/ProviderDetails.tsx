import type { RepayInstruction } from '@lend/contracts';
import { useT } from '../../../lib/i18n/borrower';
import { CopyButton } from '../../../ui/CopyButton';
import { GroupedCode } from '../../../ui/GroupedCode';

type Detail = RepayInstruction['repayDetail'];

/** Only a UPI payment link opens the borrower's UPI app; anything else is never made a link. */
const UPI_INTENT_PREFIX = 'upi://pay?';

/** One fact of the account to transfer to; a number the borrower types into their bank app can be copied. */
function AccountRow({ label, value, copyLabel, testId }: { label: string; value: string; copyLabel?: string; testId: string }) {
  return (
    <div className="instruction-account__row">
      <dt>{label}</dt>
      <dd>
        {copyLabel ? (
          <GroupedCode className="instruction-reference__code" testId={testId} value={value} />
        ) : (
          <span data-testid={testId}>{value}</span>
        )}
        {copyLabel && <CopyButton text={value} label={copyLabel} />}
      </dd>
    </div>
  );
}

/**
 * India's UPI code (docs/decisions/131): the QR code drawn from its payment link, for a UPI app on
 * another phone to scan, and the link itself, which opens a UPI app on this one. Without the
 * link, Razorpay's own QR code page is linked instead (ProviderDetails).
 */
export function UpiPayment({ detail }: { detail: Detail }) {
  const t = useT();
  const intent = detail.upiIntentUrl?.startsWith(UPI_INTENT_PREFIX) ? detail.upiIntentUrl : undefined;
  if (!detail.upiQrImg && !intent) return null;
  return (
    <div className="instruction-upi">
      {detail.upiQrImg && <img className="instruction-upi__qr" src={detail.upiQrImg} alt={t('instruction.upiQrAlt')} data-testid="instruction-upi-qr" />}
      {intent && (
        <a className="button instruction-upi__app" href={intent} data-testid="instruction-upi-app">
          {t('instruction.upiApp')}
        </a>
      )}
    </div>
  );
}

/**
 * The account of the borrower's own to transfer to (a CLABE in Mexico, an account number and IFSC
 * in India; docs/decisions/115, 121): what they type into their bank app, so it comes first.
 */
export function TransferAccount({ detail }: { detail: Detail }) {
  const t = useT();
  if (!detail.clabe && !detail.accountNumber) return null;
  return (
    <dl className="instruction-account" data-testid="instruction-account-details">
      {detail.clabe && <AccountRow label={t('instruction.clabeLabel')} value={detail.clabe} copyLabel={t('instruction.copyClabe', { code: detail.clabe })} testId="instruction-clabe" />}
      {detail.accountNumber && (
        <AccountRow
          label={t('instruction.accountLabel')}
          value={detail.accountNumber}
          copyLabel={t('instruction.copyAccount', { code: detail.accountNumber })}
          testId="instruction-account"
        />
      )}
      {detail.ifsc && <AccountRow label={t('instruction.ifscLabel')} value={detail.ifsc} copyLabel={t('instruction.copyIfsc', { code: detail.ifsc })} testId="instruction-ifsc" />}
      {detail.bankName && <AccountRow label={t('instruction.bankLabel')} value={detail.bankName} testId="instruction-bank" />}
      {detail.beneficiary && <AccountRow label={t('instruction.beneficiaryLabel')} value={detail.beneficiary} testId="instruction-beneficiary" />}
    </dl>
  );
}

/** The rail's own pages: Stripe's printable OXXO voucher, Razorpay's QR code when it is not drawn here (docs/decisions/115, 121). */
export function ProviderDetails({ detail }: { detail: Detail }) {
  const t = useT();
  // With its QR code on the screen (UpiPayment), Razorpay's page of the same code is not linked.
  const upiPage = detail.upiQrImg ? undefined : detail.upiQrUrl;
  if (!detail.voucherUrl && !upiPage) return null;
  return (
    <div className="instruction-reference" data-testid="instruction-provider">
      {detail.voucherUrl && (
        <p>
          <a href={detail.voucherUrl} target="_blank" rel="noopener noreferrer" data-testid="instruction-voucher">
            {t('instruction.voucher')} {t('instruction.newTab')}
          </a>
        </p>
      )}
      {upiPage && (
        <p>
          <a href={upiPage} target="_blank" rel="noopener noreferrer" data-testid="instruction-upi">
            {t('instruction.upiQr')} {t('instruction.newTab')}
          </a>
        </p>
      )}
    </div>
  );
}
