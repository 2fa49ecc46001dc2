import { POSTAL_CODE, PROFILE_ERROR_MESSAGES, ErrorCode, ProfileLimits } from '@lend/contracts';
import { useLanguage, useT } from '../../../lib/i18n/borrower';
import { Field, StepForm, useStepForm, type StepProps } from '../step-form';

const EMPTY = { line1: '', line2: '', city: '', state: '', postalCode: '' };

export function AddressStep({ info, onSaved }: StepProps) {
  const t = useT();
  const language = useLanguage();
  const market = info.market;
  const form = useStepForm('address', EMPTY);
  const { values, set, problems } = form;
  const postal = values.postalCode.trim();
  const postalLength = market === 'MX' ? 5 : 6;
  const postalProblem = postal.length >= postalLength && !POSTAL_CODE[market].test(postal) ? PROFILE_ERROR_MESSAGES[ErrorCode.ProfilePostalCodeInvalid][language] : problems.postalCode;

  const save = () =>
    void form.submit(async () => {
      const { saveAddress } = await import('../api/onboarding');
      const line2 = values.line2.trim();
      onSaved(await saveAddress({ line1: values.line1.trim(), ...(line2 ? { line2 } : {}), city: values.city.trim(), state: values.state.trim(), postalCode: postal }));
    });

  const max = ProfileLimits.addressFieldMax;
  return (
    <StepForm onSubmit={save} busy={form.busy} problem={problems.form} session={form.session}>
      <Field name="line1" label={t('onboarding.address.line1')} value={values.line1} onChange={(v) => set('line1', v)} problem={problems.line1} autoComplete="address-line1" maxLength={max} />
      <Field name="line2" label={t('onboarding.address.line2')} value={values.line2} onChange={(v) => set('line2', v)} optional autoComplete="address-line2" maxLength={max} />
      <Field name="city" label={t('onboarding.address.city')} value={values.city} onChange={(v) => set('city', v)} autoComplete="address-level2" maxLength={max} />
      <Field name="state" label={t('onboarding.address.state')} value={values.state} onChange={(v) => set('state', v)} autoComplete="address-level1" maxLength={max} />
      <Field
        name="postalCode"
        label={t('onboarding.address.postalCode')}
        hint={t(market === 'MX' ? 'onboarding.address.postalHint.MX' : 'onboarding.address.postalHint.IN')}
        value={values.postalCode}
        onChange={(v) => set('postalCode', v.replace(/\D/g, ''))}
        problem={postalProblem}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={postalLength}
      />
    </StepForm>
  );
}
