import { useT } from '../../../lib/i18n/borrower';

/** The contract checkbox, ticked by default; the link opens the contract the borrower would sign. */
export function AgreementCheck({ href, checked, onChange }: { href: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const t = useT();
  return (
    <div className="agree">
      <input id="agree" type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <label htmlFor="agree">{t('loanConfirm.agree')}</label> <a href={href}>{t('loanConfirm.agreement')}</a>
    </div>
  );
}
