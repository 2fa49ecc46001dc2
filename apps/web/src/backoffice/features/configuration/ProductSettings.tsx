import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { OperatorRoutes, planPolicyOf, type CollectionsPolicy, type CreditPolicy, type LoanConfirm, type ProductPricing, type ProductSummary } from '@lend/contracts';
import type { Market } from '@lend/domain';
import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { currencyOf, formatMinor } from '../../lib/format';
import { navigate } from '../../lib/hash-location';
import { DataTable, type Column } from '../../ui/DataTable';
import { ErrorLine, Notice, useFailureText } from '../../ui/FormParts';
import { PlainTable } from '../../ui/PlainTable';
import { COLLECTIONS_POLICY_FIELDS, CONFIGURATION_PATH, type CollectionsPolicyNumber, fieldText, minorFromText, POLICY_FIELDS, PRICING_FIELDS, textsOf, valuesOf, wholeFromText, type FormTexts } from './config-views';
import { ONE_PAGE, SettingInputs, useSaving } from './settings-parts';

const pricingLabel = (name: keyof ProductPricing): BackofficeKey => `bo.cfg.pricing.${name}`;
const policyLabel = (name: keyof CreditPolicy): BackofficeKey => `bo.cfg.policy.${name}`;
const collectionsLabel = (name: keyof CollectionsPolicy): BackofficeKey => `bo.cfg.collectionsPolicy.${name}`;

/** The borrower's confirmation as the preview answers it: its rows (those with nothing to say left out, as the borrower's screen does), plan and annual cost. */
function ConfirmationPreview({ preview, market }: { preview: LoanConfirm; market: Market }) {
  const t = useT();
  const { language } = useBackoffice();
  const rows = preview.details.filter((row) => row.value.trim() !== '' && row.value.trim() !== '0');
  return (
    <div className="bo-panel" data-preview="">
      <h4>{t('bo.cfg.preview.title')}</h4>
      <dl className="bo-facts">
        {rows.map((row, index) => (
          <div key={`${index}:${row.text}`} style={{ display: 'contents' }}>
            <dt>{row.text}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <p data-annual-cost="">{preview.ratemsg}</p>
      <PlainTable
        columns={[
          { header: t('bo.cfg.preview.installment'), cell: (row: { index: number }) => `${row.index + 1}/${preview.repay_plans.length}` },
          { header: t('bo.cfg.preview.due'), cell: (row) => preview.repay_plans[row.index]?.pay_time ?? '' },
          { header: t('bo.cfg.preview.amount'), cell: (row) => formatMinor(preview.repay_plans[row.index]?.amount ?? 0, language, currencyOf(market)) },
        ]}
        rows={preview.repay_plans.map((_, index) => ({ index }))}
        rowKey={(row) => String(row.index)}
      />
    </div>
  );
}

/**
 * A product's pricing: the form, a sample loan, the preview of what the borrower's confirmation
 * will show under the pricing typed (the server prices it with the confirmation's own code), and
 * saving, which is offered once the values on screen have been previewed.
 */
function PricingEditor({ product, onSaved }: { product: ProductSummary; onSaved: () => void }) {
  const t = useT();
  const { api } = useBackoffice();
  const failureText = useFailureText();
  const saving = useSaving();
  const [texts, setTexts] = useState(() => textsOf(PRICING_FIELDS, product.pricing));
  const [sample, setSample] = useState(() => ({ amount: fieldText('money', product.pricing.defaultAmountMinor), term: String(product.pricing.termDays) }));
  const [preview, setPreview] = useState<{ pricing: ProductPricing; confirm: LoanConfirm } | null>(null);
  const [previewing, setPreviewing] = useState(false);

  const edit = (next: FormTexts<keyof ProductPricing>) => {
    setTexts(next);
    setPreview(null);
  };
  const runPreview = (event: FormEvent) => {
    event.preventDefault();
    saving.setError(null);
    saving.setNotice(null);
    const read = valuesOf(PRICING_FIELDS, texts);
    if (!read.ok) return saving.setError(t('bo.cfg.fieldInvalid', { field: t(pricingLabel(read.field)) }));
    const amountMinor = minorFromText(sample.amount);
    const termDays = wholeFromText(sample.term);
    if (!amountMinor || !termDays) return saving.setError(t('bo.cfg.sampleInvalid'));
    const pricing = read.values;
    setPreviewing(true);
    api
      .call(OperatorRoutes.productPricingPreview, { params: { productId: product.id }, body: { pricing, amountMinor, termDays } })
      .then(
        (confirm) => setPreview({ pricing, confirm }),
        (failure: unknown) => saving.setError(failureText(failure)),
      )
      .finally(() => setPreviewing(false));
  };
  const save = () => {
    if (!preview) return;
    saving.run(
      () => api.call(OperatorRoutes.productPricing, { params: { productId: product.id }, body: { pricing: preview.pricing } }),
      (saved) => {
        onSaved();
        return t('bo.cfg.pricing.saved', { name: saved.name });
      },
    );
  };

  return (
    <div className="bo-panel">
      <h3>{t('bo.cfg.pricing.title', { name: product.name })}</h3>
      <form className="bo-filters" onSubmit={runPreview} aria-label={t('bo.cfg.pricing.title', { name: product.name })}>
        <SettingInputs fields={PRICING_FIELDS} texts={texts} label={pricingLabel} onChange={edit} />
        <p className="bo-hint">{t('bo.cfg.preview.sampleHint')}</p>
        <label>
          {t('bo.cfg.preview.sampleAmount')}
          <input name="sampleAmount" inputMode="decimal" required size={10} value={sample.amount} onChange={(event) => (setSample({ ...sample, amount: event.currentTarget.value }), setPreview(null))} />
        </label>
        <label>
          {t('bo.cfg.preview.sampleTerm')}
          <input name="sampleTerm" inputMode="numeric" required size={6} value={sample.term} onChange={(event) => (setSample({ ...sample, term: event.currentTarget.value }), setPreview(null))} />
        </label>
        <button type="submit" disabled={previewing}>
          {t('bo.cfg.preview.run')}
        </button>
        <button type="button" className="bo-primary" disabled={!preview || saving.busy} onClick={save}>
          {t('bo.cfg.pricing.save')}
        </button>
        {preview ? null : <p className="bo-hint bo-muted">{t('bo.cfg.pricing.previewFirst')}</p>}
      </form>
      <ErrorLine message={saving.error} />
      <Notice text={saving.notice} />
      {preview ? <ConfirmationPreview preview={preview.confirm} market={product.market} /> : null}
    </div>
  );
}

/** A product's credit thresholds (docs/decisions/141): every value of the policy, saved whole. */
function PolicyEditor({ product, onSaved }: { product: ProductSummary; onSaved: () => void }) {
  const t = useT();
  const { api } = useBackoffice();
  const saving = useSaving();
  const [texts, setTexts] = useState<FormTexts<keyof CreditPolicy>>(() =>
    product.creditPolicy ? textsOf(POLICY_FIELDS, product.creditPolicy) : (Object.fromEntries(POLICY_FIELDS.map((field) => [field.name, ''])) as FormTexts<keyof CreditPolicy>),
  );
  const save = (event: FormEvent) => {
    event.preventDefault();
    const read = valuesOf(POLICY_FIELDS, texts);
    if (!read.ok) return saving.setError(t('bo.cfg.fieldInvalid', { field: t(policyLabel(read.field)) }));
    saving.run(
      () => api.call(OperatorRoutes.productCreditPolicy, { params: { productId: product.id }, body: { creditPolicy: read.values } }),
      (saved) => {
        onSaved();
        return t('bo.cfg.policy.saved', { name: saved.name });
      },
    );
  };
  return (
    <div className="bo-panel">
      <h3>{t('bo.cfg.policy.title', { name: product.name })}</h3>
      {product.creditPolicy ? null : <p className="bo-muted">{t('bo.cfg.policy.none')}</p>}
      <form className="bo-filters" onSubmit={save} aria-label={t('bo.cfg.policy.title', { name: product.name })}>
        <SettingInputs fields={POLICY_FIELDS} texts={texts} label={policyLabel} onChange={setTexts} />
        <button type="submit" className="bo-primary" disabled={saving.busy}>
          {t('bo.cfg.policy.save')}
        </button>
      </form>
      <ErrorLine message={saving.error} />
      <Notice text={saving.notice} />
    </div>
  );
}

/** A product's rules for late loans (docs/decisions/244): its write-off day and a settlement's limit on one officer's word. */
function CollectionsPolicyEditor({ product, onSaved }: { product: ProductSummary; onSaved: () => void }) {
  const t = useT();
  const { api } = useBackoffice();
  const saving = useSaving();
  const [texts, setTexts] = useState<FormTexts<CollectionsPolicyNumber>>(() => textsOf(COLLECTIONS_POLICY_FIELDS, { ...product.collectionsPolicy, ...planPolicyOf(product.collectionsPolicy) }));
  const [lateCharges, setLateCharges] = useState(() => planPolicyOf(product.collectionsPolicy).planLateCharges);
  const title = t('bo.cfg.collectionsPolicy.title', { name: product.name });
  const save = (event: FormEvent) => {
    event.preventDefault();
    const read = valuesOf(COLLECTIONS_POLICY_FIELDS, texts);
    if (!read.ok) return saving.setError(t('bo.cfg.fieldInvalid', { field: t(collectionsLabel(read.field)) }));
    saving.run(
      () => api.call(OperatorRoutes.productCollectionsPolicy, { params: { productId: product.id }, body: { collectionsPolicy: { ...read.values, planLateCharges: lateCharges } } }),
      (saved) => {
        onSaved();
        return t('bo.cfg.collectionsPolicy.saved', { name: saved.name });
      },
    );
  };
  return (
    <div className="bo-panel">
      <h3>{title}</h3>
      <form className="bo-filters" onSubmit={save} aria-label={title}>
        <SettingInputs fields={COLLECTIONS_POLICY_FIELDS} texts={texts} label={collectionsLabel} onChange={setTexts} />
        <label>
          {t('bo.cfg.collectionsPolicy.planLateCharges')}
          <select value={lateCharges} onChange={(event) => setLateCharges(event.target.value === 'freeze' ? 'freeze' : 'waive')}>
            <option value="waive">{t('bo.cfg.collectionsPolicy.planLateCharges.waive')}</option>
            <option value="freeze">{t('bo.cfg.collectionsPolicy.planLateCharges.freeze')}</option>
          </select>
        </label>
        <button type="submit" className="bo-primary" disabled={saving.busy}>
          {t('bo.cfg.collectionsPolicy.save')}
        </button>
      </form>
      <ErrorLine message={saving.error} />
      <Notice text={saving.notice} />
    </div>
  );
}

/** Every product (a lender has a handful, read whole); opening one shows its pricing and its credit thresholds. */
export function ProductSettings({ productId }: { productId: string }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const [items, setItems] = useState<ProductSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    api.call(OperatorRoutes.products).then(setItems, (failure: unknown) => setError(failureText(failure)));
  }, [api, failureText]);
  useEffect(load, [load]);
  const chosen = items?.find((product) => String(product.id) === productId);
  const percent = (ppm: number) => `${fieldText('percent', ppm)}%`;
  const columns: Column<ProductSummary>[] = [
    { id: 'name', header: t('bo.cfg.product.name'), cell: (row) => row.name },
    { id: 'code', header: t('bo.cfg.product.code'), cell: (row) => row.code },
    { id: 'market', header: t('bo.cfg.product.market'), cell: (row) => row.market },
    { id: 'active', header: t('bo.cfg.product.active'), cell: (row) => t(row.active ? 'bo.cfg.yes' : 'bo.cfg.no') },
    { id: 'commission', header: t('bo.cfg.pricing.commissionPpm'), cell: (row) => percent(row.pricing.commissionPpm) },
    { id: 'interest', header: t('bo.cfg.pricing.interestPerDayPpm'), cell: (row) => percent(row.pricing.interestPerDayPpm) },
    { id: 'amount', header: t('bo.cfg.pricing.defaultAmountMinor'), cell: (row) => formatMinor(row.pricing.defaultAmountMinor, language, currencyOf(row.market)) },
    { id: 'term', header: t('bo.cfg.pricing.termDays'), cell: (row) => String(row.pricing.termDays) },
    { id: 'policy', header: t('bo.cfg.product.policy'), cell: (row) => t(row.creditPolicy ? 'bo.cfg.yes' : 'bo.cfg.no') },
    { id: 'writeOff', header: t('bo.cfg.product.writeOffDays'), cell: (row) => String(row.collectionsPolicy.writeOffDays) },
  ];
  return (
    <>
      <DataTable
        caption={t('bo.cfg.product.caption')}
        columns={columns}
        rows={items}
        rowKey={(row) => String(row.id)}
        rowLabel={(row) => t('bo.cfg.product.open', { name: row.name })}
        onOpen={(row) => navigate(CONFIGURATION_PATH, { view: 'products', product: String(row.id) })}
        loading={items === null && error === null}
        error={error}
        paging={ONE_PAGE}
      />
      {chosen ? (
        <div key={chosen.id}>
          <PricingEditor product={chosen} onSaved={load} />
          <PolicyEditor product={chosen} onSaved={load} />
          <CollectionsPolicyEditor product={chosen} onSaved={load} />
        </div>
      ) : null}
    </>
  );
}
