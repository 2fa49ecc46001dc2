import { useEffect, useState, type FormEvent } from 'react';
import { OperatorRoutes, PrivacyLimits, ProfileLimits, type RectifiableProfile, type RectificationBody, type RectificationResult } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import { useBackoffice } from '../../lib/backoffice-context';
import { OperatorCallError } from '../../lib/operator-api';
import { ErrorLine } from '../../ui/FormParts';

type Identity = { givenNames: string; firstSurname: string; secondSurname: string; birthDate: string; nationalId: string };
type Address = { line1: string; line2: string; city: string; state: string; postalCode: string };
const NO_IDENTITY: Identity = { givenNames: '', firstSurname: '', secondSurname: '', birthDate: '', nationalId: '' };
const NO_ADDRESS: Address = { line1: '', line2: '', city: '', state: '', postalCode: '' };

const changed = <T extends Record<string, string>>(now: T, then: T) => Object.keys(now).some((key) => (now[key] ?? '').trim() !== (then[key] ?? '').trim());

/**
 * The data a rectification request may correct, and the form that corrects it and answers the
 * request in one step (docs/decisions/185): only the parts whose fields were changed are sent, and
 * the server checks them as the borrower's own profile calls are checked.
 */
export function RectificationForm({ folio, onDone }: { folio: string; onDone: (result: RectificationResult) => void }) {
  const t = useT();
  const { api } = useBackoffice();
  const [stored, setStored] = useState<{ profile: RectifiableProfile; identity: Identity; address: Address } | null>(null);
  const [identity, setIdentity] = useState<Identity>(NO_IDENTITY);
  const [address, setAddress] = useState<Address>(NO_ADDRESS);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [loadFailure, setLoadFailure] = useState<unknown>(null);
  const failureText = (failure: unknown) => (failure instanceof OperatorCallError && failure.message ? failure.message : t('errors.network'));

  useEffect(() => {
    let current = true;
    api.call(OperatorRoutes.rectifiable, { params: { folio } }).then(
      (profile) => {
        if (!current) return;
        const storedIdentity = profile.identity ? { ...profile.identity, nationalId: '' } : NO_IDENTITY;
        const storedAddress = profile.address ?? NO_ADDRESS;
        setStored({ profile, identity: storedIdentity, address: storedAddress });
        setIdentity({ givenNames: storedIdentity.givenNames, firstSurname: storedIdentity.firstSurname, secondSurname: storedIdentity.secondSurname, birthDate: storedIdentity.birthDate, nationalId: '' });
        setAddress(storedAddress);
      },
      (failure: unknown) => current && setLoadFailure(failure),
    );
    return () => {
      current = false;
    };
  }, [api, folio]);

  if (!stored) return loadFailure ? <ErrorLine message={failureText(loadFailure)} /> : <p role="status">{t('bo.record.loading')}</p>;
  const { profile } = stored;
  const send = (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(null);
    const body: RectificationBody = { answer };
    if (changed(identity, stored.identity)) {
      body.identity = { givenNames: identity.givenNames, firstSurname: identity.firstSurname, secondSurname: identity.secondSurname, birthDate: identity.birthDate, ...(identity.nationalId.trim() ? { nationalId: identity.nationalId } : {}) };
    }
    if (changed(address, stored.address)) body.address = address;
    api.call(OperatorRoutes.rectify, { params: { folio }, body }).then(onDone, (failure: unknown) => {
      setSending(false);
      setError(failureText(failure));
    });
  };
  const idLabel = profile.identity?.nationalIdKind === 'pan' ? 'PAN' : 'CURP';
  const field = <T extends Record<string, string>>(values: T, set: (next: T) => void, key: keyof T & string, label: string, options: { type?: string; max: number; required?: boolean; hint?: string }) => (
    <label key={key}>
      {label}
      <input
        name={key}
        type={options.type ?? 'text'}
        maxLength={options.max}
        required={options.required ?? false}
        placeholder={options.hint}
        value={values[key]}
        onChange={(event) => set({ ...values, [key]: event.currentTarget.value })}
      />
    </label>
  );
  return (
    <form className="bo-reply-form bo-rectify" onSubmit={send} aria-labelledby="bo-rectify-heading">
      <h2 id="bo-rectify-heading">{t('bo.rectify.title')}</h2>
      <p className="bo-muted">{t('bo.rectify.note')}</p>
      <ErrorLine message={error} />
      <fieldset>
        <legend>{t('bo.rectify.identity')}</legend>
        {field(identity, setIdentity, 'givenNames', t('bo.rectify.givenNames'), { max: ProfileLimits.nameFieldMax, required: true })}
        {field(identity, setIdentity, 'firstSurname', t('bo.rectify.firstSurname'), { max: ProfileLimits.nameFieldMax })}
        {field(identity, setIdentity, 'secondSurname', t('bo.rectify.secondSurname'), { max: ProfileLimits.nameFieldMax })}
        {field(identity, setIdentity, 'birthDate', t('bo.rectify.birthDate'), { type: 'date', max: 10, required: true })}
        {field(identity, setIdentity, 'nationalId', t('bo.rectify.nationalId', { kind: idLabel }), {
          max: 40,
          hint: profile.identity?.nationalIdLast4 ? t('bo.rectify.nationalIdKept', { last4: profile.identity.nationalIdLast4 }) : '',
        })}
      </fieldset>
      <fieldset>
        <legend>{t('bo.rectify.address')}</legend>
        {field(address, setAddress, 'line1', t('bo.rectify.line1'), { max: ProfileLimits.addressFieldMax })}
        {field(address, setAddress, 'line2', t('bo.rectify.line2'), { max: ProfileLimits.addressFieldMax })}
        {field(address, setAddress, 'city', t('bo.rectify.city'), { max: ProfileLimits.addressFieldMax })}
        {field(address, setAddress, 'state', t('bo.rectify.state'), { max: ProfileLimits.addressFieldMax })}
        {field(address, setAddress, 'postalCode', t('bo.rectify.postalCode'), { max: 6 })}
      </fieldset>
      <label>
        {t('bo.privacy.answerText')}
        <textarea name="rectification-answer" rows={4} required maxLength={PrivacyLimits.arcoAnswerMax} value={answer} onChange={(event) => setAnswer(event.currentTarget.value)} />
      </label>
      <button type="submit" className="bo-primary" disabled={sending}>
        {sending ? t('bo.saving') : t('bo.rectify.submit')}
      </button>
    </form>
  );
}
