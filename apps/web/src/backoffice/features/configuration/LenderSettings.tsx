import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { MARKET_CALLING_CODE, OperatorRoutes, type CompanyFactsInput, type LenderFacts, type PhoneMarket, type ServiceContactsInput } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { ErrorLine, Notice, useFailureText } from '../../ui/FormParts';
import { MarketChooser, useSaving } from './settings-parts';

type TextField<K extends string> = { name: K; label: BackofficeKey; type: 'text' | 'email' | 'tel' | 'url'; wide?: boolean };

const COMPANY_FIELDS: readonly TextField<keyof CompanyFactsInput>[] = [
  { name: 'name', label: 'bo.cfg.lender.name', type: 'text', wide: true },
  { name: 'address', label: 'bo.cfg.lender.address', type: 'text', wide: true },
  { name: 'cin', label: 'bo.cfg.lender.cin', type: 'text' },
  { name: 'nbfcNumber', label: 'bo.cfg.lender.nbfcNumber', type: 'text' },
  { name: 'email', label: 'bo.cfg.lender.email', type: 'email' },
  { name: 'phone', label: 'bo.cfg.lender.phone', type: 'tel' },
  { name: 'site', label: 'bo.cfg.lender.site', type: 'url' },
  { name: 'complaintsOfficer', label: 'bo.cfg.lender.complaintsOfficer', type: 'text', wide: true },
  { name: 'complaintsEmail', label: 'bo.cfg.lender.complaintsEmail', type: 'email' },
  { name: 'complaintsPhone', label: 'bo.cfg.lender.complaintsPhone', type: 'tel' },
  { name: 'complaintsAddress', label: 'bo.cfg.lender.complaintsAddress', type: 'text', wide: true },
];

const CONTACT_FIELDS: readonly TextField<keyof ServiceContactsInput>[] = [
  { name: 'whatsapp', label: 'bo.cfg.lender.whatsapp', type: 'tel' },
  { name: 'telephone', label: 'bo.cfg.lender.telephone', type: 'tel' },
  { name: 'email', label: 'bo.cfg.lender.contactEmail', type: 'email' },
];

function blank<K extends string>(fields: readonly TextField<K>[]): Record<K, string> {
  return Object.fromEntries(fields.map((field) => [field.name, ''])) as Record<K, string>;
}

/** One form of text settings, saved whole; the server checks each value and names the one it refuses. */
function FactsForm<K extends string>({
  title,
  fields,
  initial,
  save,
  savedText,
}: {
  title: string;
  fields: readonly TextField<K>[];
  initial: Record<K, string>;
  save: (values: Record<K, string>) => Promise<unknown>;
  savedText: string;
}) {
  const t = useT();
  const saving = useSaving();
  const [values, setValues] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saving.run(
      () => save(values),
      () => savedText,
    );
  };
  return (
    <div className="bo-panel">
      <h3>{title}</h3>
      <form className="bo-filters bo-facts-form" onSubmit={submit} aria-label={title}>
        {fields.map((field) => (
          <label key={field.name} className={field.wide ? 'bo-wide' : undefined}>
            {t(field.label)}
            <input
              name={field.name}
              type={field.type}
              required
              value={values[field.name]}
              onChange={(event) => {
                const typed = event.currentTarget.value;
                setValues((current) => ({ ...current, [field.name]: typed }));
              }}
            />
          </label>
        ))}
        <button type="submit" className="bo-primary" disabled={saving.busy}>
          {t('bo.cfg.save')}
        </button>
      </form>
      <ErrorLine message={saving.error} />
      <Notice text={saving.notice} />
    </div>
  );
}

/**
 * A market's lender (docs/decisions/230): the entity, its registrations and complaints officer that
 * the site, contracts and Key Facts Statement name, and the customer-service contacts its borrowers
 * see. Administrators only; each save is audited.
 */
export function LenderSettings({ market }: { market: PhoneMarket }) {
  const t = useT();
  const { api } = useBackoffice();
  const failureText = useFailureText();
  const [facts, setFacts] = useState<LenderFacts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    setFacts(null);
    api.call(OperatorRoutes.lenderFacts, {}).then(
      (answer) => setFacts(answer.items.find((item) => item.market === market) ?? null),
      (failure: unknown) => setError(failureText(failure)),
    );
  }, [api, market, failureText]);
  useEffect(load, [load]);
  const marketName = t(market === 'IN' ? 'bo.cfg.market.IN' : 'bo.cfg.market.MX');
  return (
    <>
      <MarketChooser market={market} view="lender" />
      <ErrorLine message={error} />
      <p>{t('bo.cfg.lender.phoneHint', { code: MARKET_CALLING_CODE[market] })}</p>
      {facts ? (
        <>
          {facts.company === null || facts.contacts === null ? <p>{t('bo.cfg.lender.unset', { market: marketName })}</p> : null}
          <FactsForm
            key={`company-${market}`}
            title={t('bo.cfg.lender.company', { market: marketName })}
            fields={COMPANY_FIELDS}
            initial={facts.company ?? blank(COMPANY_FIELDS)}
            save={(values) => api.call(OperatorRoutes.lenderCompanyFacts, { params: { market }, body: values })}
            savedText={t('bo.cfg.lender.companySaved', { market: marketName })}
          />
          <FactsForm
            key={`contacts-${market}`}
            title={t('bo.cfg.lender.contacts', { market: marketName })}
            fields={CONTACT_FIELDS}
            initial={facts.contacts ?? blank(CONTACT_FIELDS)}
            save={(values) => api.call(OperatorRoutes.lenderServiceContacts, { params: { market }, body: values })}
            savedText={t('bo.cfg.lender.contactsSaved', { market: marketName })}
          />
        </>
      ) : null}
    </>
  );
}
