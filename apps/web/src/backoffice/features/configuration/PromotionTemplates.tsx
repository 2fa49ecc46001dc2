import { useEffect, useRef, useState, type FormEvent } from 'react';
import { landingOfTemplate, OperatorRoutes, PHONE_MARKETS, type Language, type PhoneMarket, type PromoTemplate, type PromoTemplateUpdate } from '@lend/contracts';
import { useT } from '../../../lib/i18n/backoffice';
import { LandingPage } from '../../../lib/promo-landing/LandingHero';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { useBackoffice } from '../../lib/backoffice-context';
import { formatInstant } from '../../lib/format';
import { useCursorPages } from '../../ui/cursor-pages';
import { DataTable, type Column } from '../../ui/DataTable';
import { ExportLink } from '../../ui/ExportLink';
import { ErrorLine, Notice, useFailureText } from '../../ui/FormParts';
import { useSaving } from './settings-parts';

const PAGE_SIZE = 20;
const LANGUAGES: readonly Language[] = ['es', 'en'];

type Copy = { title: string; headline: string; body: string };
type Draft = {
  name: string;
  /** Empty until the administrator chooses it for a new template (docs/decisions/232). */
  market: PhoneMarket | '';
  content: Record<Language, Copy>;
  bannerUrl: string;
  colours: { background: string; text: string; button: string; buttonText: string };
  android: string;
  ios: string;
  termsUrl: string;
  trackingCode: string;
  active: boolean;
};

const EMPTY_COPY: Copy = { title: '', headline: '', body: '' };
const EMPTY: Draft = {
  name: '',
  market: '',
  content: { en: EMPTY_COPY, es: EMPTY_COPY },
  bannerUrl: '/media/promo/banner.svg',
  colours: { background: '#0B3D91', text: '#FFFFFF', button: '#B3261E', buttonText: '#FFFFFF' },
  android: '',
  ios: '',
  termsUrl: '/user',
  trackingCode: '',
  active: true,
};

const draftOf = (template: PromoTemplate): Draft => ({
  name: template.name,
  market: template.market,
  content: { en: { ...EMPTY_COPY, ...template.content.en }, es: { ...EMPTY_COPY, ...template.content.es } },
  bannerUrl: template.bannerUrl,
  colours: template.colours,
  android: template.downloadLinks.android ?? '',
  ios: template.downloadLinks.ios ?? '',
  termsUrl: template.termsUrl ?? '',
  trackingCode: template.trackingCode ?? '',
  active: template.active ?? true,
});

const inputOf = (draft: Draft): PromoTemplateUpdate => ({
  name: draft.name,
  ...(draft.market ? { market: draft.market } : {}),
  content: draft.content,
  bannerUrl: draft.bannerUrl,
  colours: draft.colours,
  downloadLinks: { ...(draft.android ? { android: draft.android } : {}), ...(draft.ios ? { ios: draft.ios } : {}) },
  termsUrl: draft.termsUrl,
  trackingCode: draft.trackingCode,
  active: draft.active,
});

const COLOUR_KEYS: Record<keyof Draft['colours'], BackofficeKey> = {
  background: 'bo.cfg.promo.colour.background',
  text: 'bo.cfg.promo.colour.text',
  button: 'bo.cfg.promo.colour.button',
  buttonText: 'bo.cfg.promo.colour.buttonText',
};
const COPY_KEYS: Record<keyof Copy, BackofficeKey> = { title: 'bo.cfg.promo.copy.title', headline: 'bo.cfg.promo.copy.headline', body: 'bo.cfg.promo.copy.body' };
const MARKET_NAMES: Record<PhoneMarket, BackofficeKey> = { MX: 'bo.cfg.market.MX', IN: 'bo.cfg.market.IN' };
const isMarket = (value: string): value is PhoneMarket => PHONE_MARKETS.some((market) => market === value);

/**
 * The landing as a visitor reads it, drawn by the public landing's own hero component from the
 * values given (docs/decisions/179), at a phone's width; the form below it on the landing is left
 * out.
 */
function LandingPreview({ draft, language, onLanguage }: { draft: Draft; language: Language; onLanguage: (language: Language) => void }) {
  const t = useT();
  const landing = landingOfTemplate(
    {
      id: 0,
      // The hero drawn here shows nothing of the market; a new template has none until it is chosen.
      market: draft.market || PHONE_MARKETS[0],
      content: draft.content,
      bannerUrl: draft.bannerUrl,
      colours: draft.colours,
      downloadLinks: {},
      termsUrl: draft.termsUrl,
      trackingCode: draft.trackingCode,
    },
    language,
  );
  return (
    <figure className="bo-landing-preview" aria-labelledby="bo-landing-preview-caption">
      <figcaption id="bo-landing-preview-caption">
        {t('bo.cfg.promo.previewTitle')}{' '}
        <label>
          {t('bo.cfg.promo.previewLanguage')}
          <select value={language} onChange={(event) => onLanguage(event.currentTarget.value === 'en' ? 'en' : 'es')}>
            {LANGUAGES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {t(candidate === 'en' ? 'bo.cfg.language.en' : 'bo.cfg.language.es')}
              </option>
            ))}
          </select>
        </label>
      </figcaption>
      <div className="bo-landing-preview__phone" lang={language}>
        <LandingPage landing={landing} />
      </div>
    </figure>
  );
}

/**
 * The campaign templates, oldest first a page at a time, and one form whose landing is previewed
 * as it is typed: it creates a template, or changes the one chosen with Edit, whose campaign ends
 * when Active is cleared (docs/decisions/209). Opening a row starts a new template from its values.
 */
export function PromotionTemplates() {
  const t = useT();
  const { api, language: readerLanguage } = useBackoffice();
  const failureText = useFailureText();
  const saving = useSaving();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<PromoTemplate | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  const [previewLanguage, setPreviewLanguage] = useState<Language>('es');
  const pages = useCursorPages<PromoTemplate>('templates', (cursor) => api.call(OperatorRoutes.promoTemplates, { query: { limit: PAGE_SIZE, cursor } }), failureText);

  const setCopy = (language: Language, field: keyof Copy, value: string) => setDraft({ ...draft, content: { ...draft.content, [language]: { ...draft.content[language], [field]: value } } });
  // On a phone the form lies below the list: Edit takes the reader to it.
  const editingId = editing?.id;
  useEffect(() => {
    if (editingId !== undefined) nameInput.current?.focus();
  }, [editingId]);
  const edit = (template: PromoTemplate) => {
    setEditing(template);
    setDraft(draftOf(template));
    saving.setNotice(null);
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (editing) {
      saving.run(
        () => api.call(OperatorRoutes.promoTemplateUpdate, { params: { id: editing.id }, body: inputOf(draft) }),
        (saved) => {
          setEditing(saved);
          pages.reload();
          return t(saved.active ? 'bo.cfg.promo.saved' : 'bo.cfg.promo.savedEnded', { id: saved.id, name: saved.name });
        },
      );
      return;
    }
    saving.run(
      () => api.call(OperatorRoutes.promoTemplateCreate, { body: inputOf(draft) }),
      (created) => {
        pages.reload();
        return t('bo.cfg.promo.created', { id: created.id, name: created.name });
      },
    );
  };
  const heading = editing ? t('bo.cfg.promo.editing', { id: editing.id, name: editing.name }) : t('bo.cfg.promo.new');
  const columns: Column<PromoTemplate>[] = [
    { id: 'id', header: t('bo.cfg.promo.id'), cell: (row) => String(row.id) },
    { id: 'name', header: t('bo.cfg.promo.name'), cell: (row) => row.name },
    { id: 'market', header: t('bo.cfg.promo.market'), cell: (row) => t(MARKET_NAMES[row.market]) },
    { id: 'title', header: t('bo.cfg.promo.copy.title'), cell: (row) => <span lang={previewLanguage}>{row.content[previewLanguage].title}</span> },
    { id: 'active', header: t('bo.cfg.promo.campaign'), cell: (row) => t(row.active ? 'bo.cfg.promo.live' : 'bo.cfg.promo.ended') },
    { id: 'created', header: t('bo.cfg.promo.createdAt'), cell: (row) => formatInstant(row.createdAt, readerLanguage) },
    {
      id: 'edit',
      header: t('bo.cfg.promo.change'),
      cell: (row) => (
        <button
          type="button"
          aria-label={t('bo.cfg.promo.editOf', { name: row.name })}
          onClick={(event) => {
            // The row itself opens a copy; this button edits the template instead.
            event.stopPropagation();
            edit(row);
          }}
        >
          {t('bo.cfg.promo.edit')}
        </button>
      ),
    },
  ];
  const text = (label: BackofficeKey, name: string, value: string, onChange: (value: string) => void, options: { required?: boolean; maxLength: number; lang?: Language }) => (
    <label>
      {t(label)}
      <input name={name} lang={options.lang} required={options.required ?? false} maxLength={options.maxLength} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
    </label>
  );
  return (
    <>
      <ExportLink route={OperatorRoutes.promoTemplatesCsv} />
      <DataTable
        caption={t('bo.cfg.promo.caption')}
        columns={columns}
        rows={pages.items}
        rowKey={(row) => String(row.id)}
        rowLabel={(row) => t('bo.cfg.promo.copyFrom', { name: row.name })}
        onOpen={(row) => {
          setEditing(null);
          setDraft(draftOf(row));
          saving.setNotice(t('bo.cfg.promo.copied', { name: row.name }));
        }}
        loading={pages.loading}
        error={pages.error}
        paging={{ pageNumber: pages.pageNumber, hasPrevious: pages.hasPrevious, hasNext: pages.hasNext, onPrevious: pages.previous, onNext: pages.next }}
      />
      <p className="bo-muted">{t('bo.cfg.promo.editNote')}</p>
      <div className="bo-columns bo-promo-columns">
        <div className="bo-panel">
          <h3>{heading}</h3>
          <form className="bo-reply-form" onSubmit={save} aria-label={heading}>
            <label>
              {t('bo.cfg.promo.name')}
              <input ref={nameInput} name="name" required maxLength={100} value={draft.name} onChange={(event) => setDraft({ ...draft, name: event.currentTarget.value })} />
            </label>
            <label>
              {t('bo.cfg.promo.market')}
              <select
                name="market"
                required
                aria-describedby="bo-promo-market-hint"
                value={draft.market}
                onChange={(event) => {
                  const market = event.currentTarget.value;
                  setDraft({ ...draft, market: isMarket(market) ? market : '' });
                }}
              >
                <option value="">{t('bo.cfg.promo.marketChoose')}</option>
                {PHONE_MARKETS.map((market) => (
                  <option key={market} value={market}>
                    {t(MARKET_NAMES[market])}
                  </option>
                ))}
              </select>
            </label>
            <p id="bo-promo-market-hint" className="bo-hint bo-muted">
              {t('bo.cfg.promo.marketHint')}
            </p>
            {LANGUAGES.map((language) => (
              <fieldset key={language} lang={language}>
                <legend lang={readerLanguage}>{t(language === 'en' ? 'bo.cfg.language.en' : 'bo.cfg.language.es')}</legend>
                {(Object.keys(COPY_KEYS) as (keyof Copy)[]).map((field) =>
                  text(COPY_KEYS[field], `${language}.${field}`, draft.content[language][field], (value) => setCopy(language, field, value), {
                    required: field !== 'body',
                    maxLength: field === 'title' ? 60 : field === 'headline' ? 120 : 600,
                  }),
                )}
              </fieldset>
            ))}
            {text('bo.cfg.promo.banner', 'bannerUrl', draft.bannerUrl, (bannerUrl) => setDraft({ ...draft, bannerUrl }), { required: true, maxLength: 300 })}
            {(Object.keys(COLOUR_KEYS) as (keyof Draft['colours'])[]).map((name) => (
              <label key={name}>
                {t(COLOUR_KEYS[name])}
                <input type="color" name={`colours.${name}`} value={draft.colours[name]} onChange={(event) => setDraft({ ...draft, colours: { ...draft.colours, [name]: event.currentTarget.value } })} />
              </label>
            ))}
            {text('bo.cfg.promo.android', 'android', draft.android, (android) => setDraft({ ...draft, android }), { maxLength: 500 })}
            {text('bo.cfg.promo.ios', 'ios', draft.ios, (ios) => setDraft({ ...draft, ios }), { maxLength: 500 })}
            {text('bo.cfg.promo.terms', 'termsUrl', draft.termsUrl, (termsUrl) => setDraft({ ...draft, termsUrl }), { required: true, maxLength: 500 })}
            {text('bo.cfg.promo.tracking', 'trackingCode', draft.trackingCode, (trackingCode) => setDraft({ ...draft, trackingCode }), { maxLength: 100 })}
            <label>
              <span>
                <input type="checkbox" name="active" checked={draft.active} onChange={(event) => setDraft({ ...draft, active: event.currentTarget.checked })} /> {t('bo.cfg.promo.active')}
              </span>
            </label>
            <button type="submit" className="bo-primary" disabled={saving.busy}>
              {t(editing ? 'bo.cfg.promo.save' : 'bo.cfg.promo.create')}
            </button>
            {editing ? (
              <button type="button" onClick={() => (setEditing(null), setDraft(EMPTY), saving.setNotice(null))}>
                {t('bo.cfg.promo.newInstead')}
              </button>
            ) : null}
          </form>
          <ErrorLine message={saving.error} />
          <Notice text={saving.notice} />
        </div>
        <div>
          <LandingPreview draft={draft} language={previewLanguage} onLanguage={setPreviewLanguage} />
        </div>
      </div>
    </>
  );
}
