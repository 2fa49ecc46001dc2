import { EMPLOYMENT_KINDS, ProfileLimits, type EmploymentKind } from '@lend/contracts';
import { MARKET_SETTINGS, parseMajorAmount } from '@lend/domain';
import { useId } from 'react';
import { useT } from '../../../lib/i18n/borrower';
import { FieldProblem } from '../../../ui/FieldProblem';
import { Field, StepForm, useStepForm, type StepProps } from '../step-form';

const EMPTY = { employment: '', employerName: '', monthlyIncome: '', monthlyDebts: '' };

/**
 * An amount as people write it in either market ("15,000", "1,50,000", "1500.50"), in minor units;
 * what is not an amount is sent as typed, for the server to refuse next to its field.
 */
export function typedAmountMinor(text: string): number | string {
  return parseMajorAmount(text.replace(/[\s,]/g, '')) ?? text.trim().slice(0, 20);
}

export function EmploymentStep({ info, onSaved }: StepProps) {
  const t = useT();
  const market = info.market;
  const settings = MARKET_SETTINGS[market];
  const selectId = useId();
  const form = useStepForm('employment', EMPTY);
  const { values, set, problems } = form;
  const employed = values.employment === 'employed';

  const save = () =>
    void form.submit(async () => {
      const { saveEmployment } = await import('../api/onboarding');
      const employer = values.employerName.trim();
      onSaved(
        await saveEmployment({
          employment: values.employment,
          ...(employer ? { employerName: employer } : {}),
          monthlyIncomeMinor: typedAmountMinor(values.monthlyIncome),
          monthlyDebtPaymentsMinor: values.monthlyDebts.trim() === '' ? 0 : typedAmountMinor(values.monthlyDebts),
        }),
      );
    });

  return (
    <StepForm onSubmit={save} busy={form.busy} problem={problems.form} session={form.session}>
      <div className="web-field" data-field="employment">
        <label htmlFor={selectId}>{t('onboarding.employment.kind')}</label>
        <select
          id={selectId}
          className="text-input"
          value={values.employment}
          onChange={(event) => set('employment', event.target.value)}
          aria-invalid={problems.employment ? true : undefined}
          aria-describedby={problems.employment ? `${selectId}-problem` : undefined}
        >
          <option value="">{t('onboarding.employment.choose')}</option>
          {EMPLOYMENT_KINDS.map((kind: EmploymentKind) => (
            <option key={kind} value={kind}>
              {t(`onboarding.employment.kind.${kind}`)}
            </option>
          ))}
        </select>
        <FieldProblem id={`${selectId}-problem`} problem={problems.employment} />
      </div>
      {employed && (
        <Field name="employerName" label={t('onboarding.employment.employer')} value={values.employerName} onChange={(v) => set('employerName', v)} autoComplete="organization" maxLength={ProfileLimits.employerMax} />
      )}
      <Field
        name="monthlyIncome"
        label={t('onboarding.employment.income', { sign: settings.currencySign })}
        hint={t('onboarding.employment.incomeHint', { currency: settings.currency })}
        value={values.monthlyIncome}
        onChange={(v) => set('monthlyIncome', v)}
        problem={problems.monthlyIncome}
        inputMode="decimal"
        maxLength={16}
      />
      <Field
        name="monthlyDebts"
        label={t('onboarding.employment.debts', { sign: settings.currencySign })}
        hint={t('onboarding.employment.debtsHint')}
        value={values.monthlyDebts}
        onChange={(v) => set('monthlyDebts', v)}
        problem={problems.monthlyDebts}
        inputMode="decimal"
        optional
        maxLength={16}
      />
    </StepForm>
  );
}
