import { ErrorCode, PROFILE_ERROR_MESSAGES, ProfileLimits, type ProfileErrorCodeValue } from '@lend/contracts';
import { birthDateVerdict, checkCurp, checkPan, curpBirthDate, formatDate, isCalendarDate, type IsoDate } from '@lend/domain';
import { useLanguage, useT } from '../../../lib/i18n/borrower';
import { Field, StepForm, useStepForm, type StepProps } from '../step-form';

const EMPTY = { givenNames: '', firstSurname: '', secondSurname: '', birthDate: '', nationalId: '', aadhaarLast4: '' };
const CURP_LENGTH = 18;
const PAN_LENGTH = 10;

const curpRefusal = { format: ErrorCode.ProfileCurpInvalid, 'check-digit': ErrorCode.ProfileCurpCheckDigit, 'birth-date': ErrorCode.ProfileCurpBirthDateMismatch, name: ErrorCode.ProfileCurpNameMismatch } as const;

/**
 * The checks the server makes, made as the borrower types (the same rules, from the domain): the
 * birth date and, once it has all its characters, the national id against it and the name. Each
 * says the server's own message for it; a code the server would refuse never leaves the phone.
 */
export function identityProblems(values: typeof EMPTY, market: 'MX' | 'IN', today: string): Partial<Record<'birthDate' | 'nationalId' | 'aadhaarLast4', ProfileErrorCodeValue>> {
  const found: Partial<Record<'birthDate' | 'nationalId' | 'aadhaarLast4', ProfileErrorCodeValue>> = {};
  if (values.birthDate !== '' && isCalendarDate(today)) {
    const verdict = birthDateVerdict(values.birthDate, today, ProfileLimits.minAgeYears, ProfileLimits.maxAgeYears);
    if (verdict === 'invalid') found.birthDate = ErrorCode.ProfileBirthDateInvalid;
    if (verdict === 'under-age') found.birthDate = ErrorCode.ProfileUnderAge;
  }
  const id = values.nationalId.trim();
  if (market === 'MX' && id.length >= CURP_LENGTH) {
    // Until the birth date and names are typed, only the CURP's own shape and check digit are judged.
    const birthDate = isCalendarDate(values.birthDate) ? values.birthDate : (curpBirthDate(id) ?? values.birthDate);
    const verdict = checkCurp(id, { givenNames: values.givenNames, firstSurname: values.firstSurname, secondSurname: values.secondSurname, birthDate: birthDate as IsoDate });
    const judged = verdict === 'name' && (values.givenNames.trim() === '' || values.firstSurname.trim() === '') ? 'ok' : verdict;
    if (judged !== 'ok') found.nationalId = curpRefusal[judged];
  }
  if (market === 'IN' && id.length >= PAN_LENGTH) {
    const verdict = checkPan(id);
    if (verdict === 'format') found.nationalId = ErrorCode.ProfilePanInvalid;
    if (verdict === 'not-a-person') found.nationalId = ErrorCode.ProfilePanNotPerson;
  }
  if (market === 'IN' && values.aadhaarLast4.replace(/\D/g, '').length > 4) found.aadhaarLast4 = ErrorCode.ProfileAadhaarFullNumber;
  return found;
}

export function IdentityStep({ info, onSaved }: StepProps) {
  const t = useT();
  const language = useLanguage();
  const market = info.market;
  const form = useStepForm('identity', EMPTY);
  const { values, set, problems } = form;
  const live = identityProblems(values, market, formatDate(new Date(), market));
  const problemOf = (field: 'birthDate' | 'nationalId' | 'aadhaarLast4') => {
    const code = live[field];
    return code !== undefined ? PROFILE_ERROR_MESSAGES[code][language] : problems[field];
  };

  const save = () =>
    void form.submit(async () => {
      const { saveIdentity } = await import('../api/onboarding');
      onSaved(
        await saveIdentity({
          givenNames: values.givenNames.trim(),
          firstSurname: values.firstSurname.trim(),
          ...(market === 'MX' ? { secondSurname: values.secondSurname.trim() } : { aadhaarLast4: values.aadhaarLast4.trim() }),
          birthDate: values.birthDate,
          nationalId: values.nationalId.trim(),
        }),
      );
    });

  return (
    <StepForm onSubmit={save} busy={form.busy} problem={problems.form} session={form.session}>
      <p className="muted">{t('onboarding.identity.intro')}</p>
      <Field name="givenNames" label={t('onboarding.identity.givenNames')} value={values.givenNames} onChange={(v) => set('givenNames', v)} problem={problems.givenNames} autoComplete="given-name" maxLength={ProfileLimits.nameFieldMax} />
      <Field
        name="firstSurname"
        label={t(market === 'MX' ? 'onboarding.identity.firstSurname.MX' : 'onboarding.identity.firstSurname.IN')}
        value={values.firstSurname}
        onChange={(v) => set('firstSurname', v)}
        problem={problems.firstSurname}
        optional={market === 'IN'}
        autoComplete="family-name"
        maxLength={ProfileLimits.nameFieldMax}
      />
      {market === 'MX' && (
        <Field name="secondSurname" label={t('onboarding.identity.secondSurname')} value={values.secondSurname} onChange={(v) => set('secondSurname', v)} optional maxLength={ProfileLimits.nameFieldMax} />
      )}
      <Field name="birthDate" type="date" label={t('onboarding.identity.birthDate')} value={values.birthDate} onChange={(v) => set('birthDate', v)} problem={problemOf('birthDate')} autoComplete="bday" />
      <Field
        name="nationalId"
        label={t(market === 'MX' ? 'onboarding.identity.curp' : 'onboarding.identity.pan')}
        hint={t(market === 'MX' ? 'onboarding.identity.curpHint' : 'onboarding.identity.panHint')}
        value={values.nationalId}
        onChange={(v) => set('nationalId', v.replace(/\s/g, ''))}
        problem={problemOf('nationalId')}
        upperCase
        maxLength={market === 'MX' ? CURP_LENGTH : PAN_LENGTH}
        autoComplete="off"
      />
      {market === 'IN' && (
        <Field
          name="aadhaarLast4"
          label={t('onboarding.identity.aadhaar')}
          hint={t('onboarding.identity.aadhaarHint')}
          value={values.aadhaarLast4}
          onChange={(v) => set('aadhaarLast4', v)}
          problem={problemOf('aadhaarLast4')}
          optional
          inputMode="numeric"
          autoComplete="off"
        />
      )}
    </StepForm>
  );
}
