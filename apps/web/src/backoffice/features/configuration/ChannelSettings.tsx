import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { OperatorRoutes, type PaymentChannelConfig } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { currencyOf, formatMinor } from '../../lib/format';
import { DataTable, type Column } from '../../ui/DataTable';
import { ErrorLine, Notice, useFailureText } from '../../ui/FormParts';
import { CHANNEL_FIELDS, textsOf, valuesOf, type FormTexts } from './config-views';
import { MarketChooser, ONE_PAGE, SettingInputs, useSaving } from './settings-parts';
import { ExportLink } from '../../ui/ExportLink';

type ChannelField = (typeof CHANNEL_FIELDS)[number]['name'];
const channelLabel = (name: ChannelField): BackofficeKey => `bo.cfg.channel.${name}`;

/** One channel's fee, limits and whether borrowers are offered it. */
function ChannelEditor({ channel, onSaved, onClose }: { channel: PaymentChannelConfig; onSaved: () => void; onClose: () => void }) {
  const t = useT();
  const { api } = useBackoffice();
  const saving = useSaving();
  const [texts, setTexts] = useState<FormTexts<ChannelField>>(() => textsOf(CHANNEL_FIELDS, channel));
  const [active, setActive] = useState(channel.active);
  const save = (event: FormEvent) => {
    event.preventDefault();
    const read = valuesOf(CHANNEL_FIELDS, texts);
    if (!read.ok) return saving.setError(t('bo.cfg.fieldInvalid', { field: t(channelLabel(read.field)) }));
    saving.run(
      () => api.call(OperatorRoutes.paymentChannel, { params: { code: channel.code }, body: { ...read.values, active } }),
      (saved) => {
        onSaved();
        return t('bo.cfg.channel.saved', { name: saved.name });
      },
    );
  };
  return (
    <div className="bo-panel">
      <h3>{t('bo.cfg.channel.edit', { name: channel.name })}</h3>
      <form className="bo-filters" onSubmit={save} aria-label={t('bo.cfg.channel.edit', { name: channel.name })}>
        <SettingInputs fields={CHANNEL_FIELDS} texts={texts} label={channelLabel} onChange={setTexts} />
        <label>
          <span>
            <input type="checkbox" name="active" checked={active} onChange={(event) => setActive(event.currentTarget.checked)} /> {t('bo.cfg.channel.active')}
          </span>
        </label>
        <button type="submit" className="bo-primary" disabled={saving.busy}>
          {t('bo.cfg.save')}
        </button>
        <button type="button" onClick={onClose}>
          {t('bo.cfg.close')}
        </button>
      </form>
      <ErrorLine message={saving.error} />
      <Notice text={saving.notice} />
    </div>
  );
}

/** A market's payment channels (a few per market, read whole), offered or not, in the borrowers' order. */
export function ChannelSettings({ market }: { market: 'MX' | 'IN' }) {
  const t = useT();
  const { api, language } = useBackoffice();
  const failureText = useFailureText();
  const [items, setItems] = useState<PaymentChannelConfig[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    api.call(OperatorRoutes.paymentChannels, { query: { market } }).then(
      (answer) => setItems(answer.items),
      (failure: unknown) => setError(failureText(failure)),
    );
  }, [api, market, failureText]);
  useEffect(load, [load]);
  const chosen = items?.find((channel) => channel.code === editing);
  const columns: Column<PaymentChannelConfig>[] = [
    { id: 'name', header: t('bo.cfg.channel.name'), cell: (row) => row.name },
    { id: 'code', header: t('bo.cfg.channel.code'), cell: (row) => row.code },
    { id: 'kind', header: t('bo.cfg.channel.kind'), cell: (row) => t(row.kind === 'bank' ? 'bo.cfg.channel.kind.bank' : 'bo.cfg.channel.kind.store') },
    { id: 'fee', header: t('bo.cfg.channel.feeMinor'), cell: (row) => formatMinor(row.feeMinor, language, currencyOf(market)) },
    { id: 'min', header: t('bo.cfg.channel.minAmountMinor'), cell: (row) => formatMinor(row.minAmountMinor, language, currencyOf(market)) },
    { id: 'max', header: t('bo.cfg.channel.maxAmountMinor'), cell: (row) => formatMinor(row.maxAmountMinor, language, currencyOf(market)) },
    { id: 'active', header: t('bo.cfg.channel.active'), cell: (row) => t(row.active ? 'bo.cfg.yes' : 'bo.cfg.no') },
  ];
  return (
    <>
      <MarketChooser market={market} view="channels" />
      <ExportLink route={OperatorRoutes.paymentChannelsCsv} query={{ market }} />
      <DataTable
        caption={t('bo.cfg.channel.caption', { market: t(market === 'IN' ? 'bo.cfg.market.IN' : 'bo.cfg.market.MX') })}
        columns={columns}
        rows={items}
        rowKey={(row) => row.code}
        rowLabel={(row) => t('bo.cfg.channel.edit', { name: row.name })}
        onOpen={(row) => setEditing(row.code)}
        loading={items === null && error === null}
        error={error}
        paging={ONE_PAGE}
      />
      {chosen ? <ChannelEditor key={chosen.code} channel={chosen} onSaved={load} onClose={() => setEditing(null)} /> : null}
    </>
  );
}
