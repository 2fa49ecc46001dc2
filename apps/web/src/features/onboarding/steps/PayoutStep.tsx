import { ErrorCode, PROFILE_ERROR_MESSAGES, type CertificationInfo, type PayoutAccountView } from '@lend/contracts';
import { checkClabe, IN_BANKS, isIfsc, isIndianAccountNumber } from '@lend/domain';
import { useEffect, useRef, useState } from 'react';
import { useLanguage, useT } from '../../../lib/i18n/borrower';
import { Field, StepForm, useStepForm, type StepProps } from '../step-form';

const EMPTY = { holderName: '', clabe: '', ifsc: '', accountNumber: '', accountAgain: '' };
const CLABE_LENGTH = 18;
const IFSC_LENGTH = 11;

const clabeRefusal = { format: ErrorCode.PayoutClabeInvalid, 'check-digit': ErrorCode.PayoutClabeCheckDigit, 'unknown-bank': ErrorCode.PayoutBankUnknown } as const;

/** The bank a typed account belongs to, as the borrower will see it on their statement; null until it can be told. */
export function bankOf(market: 'MX' | 'IN', values: { clabe: string; ifsc: string }): string | null {
  if (market === 'MX') {
    const verdict = checkClabe(values.clabe);
    return verdict.ok ? verdict.bankName : null;
  }
  return isIfsc(values.ifsc) ? (IN_BANKS[values.ifsc.slice(0, 4)] ?? null) : null;
}

/**
 * The account loans are paid to: a CLABE in Mexico, an IFSC and account number in India, in the
 * borrower's name. The bank is named as the borrower types, and the saved account is shown back
 * with its bank before the step ends.
 */
export function PayoutStep({ info, onSaved }: StepProps) {
  const t = useT();
  const language = useLanguage();
  const market = info.market;
  const form = useStepForm('payout-account', EMPTY);
  const { values, set, problems } = form;
  const [bound, setBound] = useState<{ account: PayoutAccountView; info: CertificationInfo } | null>(null);

  // The profile's name is the holder's: offered, never written over what the borrower typed.
  const holderTyped = useRef(values.holderName !== '');
  useEffect(() => {
    if (holderTyped.current) return;
    const controller = new AbortController();
    void import('../api/onboarding')
      .then(({ userMenu }) => userMenu(controller.signal))
      .then((menu) => {
        if (!holderTyped.current && menu.profile.name) set('holderName', menu.profile.name);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [set]);

  const message = (code: keyof typeof PROFILE_ERROR_MESSAGES) => PROFILE_ERROR_MESSAGES[code][language];
  const clabeVerdict = values.clabe.length >= CLABE_LENGTH ? checkClabe(values.clabe) : null;
  const clabeProblem = clabeVerdict && !clabeVerdict.ok ? message(clabeRefusal[clabeVerdict.reason]) : problems.clabe;
  const ifscProblem = values.ifsc.length >= IFSC_LENGTH && !isIfsc(values.ifsc) ? message(ErrorCode.PayoutIfscInvalid) : problems.ifsc;
  const accountProblem = values.accountNumber.length > 0 && values.accountNumber.length >= 9 && !isIndianAccountNumber(values.accountNumber) ? message(ErrorCode.PayoutAccountNumberInvalid) : problems.accountNumber;
  const againProblem = values.accountAgain.length >= values.accountNumber.length && values.accountAgain !== '' && values.accountAgain !== values.accountNumber ? t('onboarding.payout.accountDiffers') : undefined;
  const bank = bankOf(market, values);

  const save = () => {
    if (market === 'IN' && values.accountAgain !== values.accountNumber) {
      form.setProblems({ form: t('onboarding.payout.accountDiffers') });
      return;
    }
    void form.submit(async () => {
      const { bindPayoutAccount, certificationInfo } = await import('../api/onboarding');
      const holderName = values.holderName.trim();
      const account = await bindPayoutAccount(market === 'MX' ? { holderName, clabe: values.clabe } : { holderName, ifsc: values.ifsc, accountNumber: values.accountNumber });
      setBound({ account, info: await certificationInfo() });
    });
  };

  if (bound) {
    return (
      <div className="card onboarding__form" data-testid="payout-bound">
        <p role="status">{t('onboarding.payout.bound', { bank: bound.account.bankName, masked: bound.account.masked, holder: bound.account.holderName })}</p>
        <button type="button" className="button" onClick={() => onSaved(bound.info)}>
          {t('onboarding.continue')}
        </button>
      </div>
    );
  }

  return (
    <StepForm onSubmit={save} busy={form.busy} problem={problems.form} session={form.session}>
      <p className="muted">{t(market === 'MX' ? 'onboarding.payout.intro.MX' : 'onboarding.payout.intro.IN')}</p>
      <Field name="holderName" label={t('onboarding.payout.holder')} hint={t('onboarding.payout.holderHint')} value={values.holderName} onChange={(v) => {
          holderTyped.current = true;
          set('holderName', v);
        }} problem={problems.holderName} autoComplete="name" maxLength={200} />
      {market === 'MX' ? (
        <Field name="clabe" label={t('onboarding.payout.clabe')} value={values.clabe} onChange={(v) => set('clabe', v.replace(/\D/g, ''))} problem={clabeProblem} inputMode="numeric" maxLength={CLABE_LENGTH} autoComplete="off" />
      ) : (
        <>
          <Field name="ifsc" label={t('onboarding.payout.ifsc')} value={values.ifsc} onChange={(v) => set('ifsc', v.replace(/\s/g, ''))} problem={ifscProblem} upperCase maxLength={IFSC_LENGTH} autoComplete="off" />
          <Field name="accountNumber" label={t('onboarding.payout.account')} value={values.accountNumber} onChange={(v) => set('accountNumber', v.replace(/\D/g, ''))} problem={accountProblem} inputMode="numeric" maxLength={18} autoComplete="off" />
          <Field name="accountAgain" label={t('onboarding.payout.accountAgain')} value={values.accountAgain} onChange={(v) => set('accountAgain', v.replace(/\D/g, ''))} problem={againProblem} inputMode="numeric" maxLength={18} autoComplete="off" />
        </>
      )}
      {bank && (
        <p className="onboarding__bank" role="status">
          {t('onboarding.payout.bank', { bank })}
        </p>
      )}
    </StepForm>
  );
}
