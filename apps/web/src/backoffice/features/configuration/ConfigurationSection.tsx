import { usePageTitle, useT } from '../../../lib/i18n/backoffice';
import type { BackofficeKey } from '../../../locales/areas/backoffice.en';
import { hashHref, type HashLocation } from '../../lib/hash-location';
import { AgencySettings } from './AgencySettings';
import { ChannelSettings } from './ChannelSettings';
import { ComplaintTypeSettings } from './ComplaintTypeSettings';
import { DelinquencyBands } from './DelinquencyBands';
import { LenderSettings } from './LenderSettings';
import { CONFIG_VIEWS, CONFIGURATION_PATH, configViewOf, type ConfigViewName } from './config-views';
import { ProductSettings } from './ProductSettings';
import { PromotionTemplates } from './PromotionTemplates';

const VIEW_KEYS: Record<ConfigViewName, BackofficeKey> = {
  products: 'bo.cfg.view.products',
  channels: 'bo.cfg.view.channels',
  lender: 'bo.cfg.view.lender',
  'complaint-types': 'bo.cfg.view.complaintTypes',
  promotions: 'bo.cfg.view.promotions',
  delinquency: 'bo.cfg.view.delinquency',
  agencies: 'bo.cfg.view.agencies',
};

/**
 * The administrators' Configuration section (docs/decisions/177–179, 230): products with their pricing
 * and credit thresholds, payment channels, each market's lender and customer service, complaint types, promotion templates, each market's delinquency buckets (242) and collection agencies (249), one page each
 * in the address (`#/configuration?view=`).
 */
export function ConfigurationSection({ location }: { location: HashLocation }) {
  const t = useT();
  usePageTitle('bo.nav.configuration');
  const view = configViewOf(location.params.get('view'));
  return (
    <section aria-labelledby="bo-page-heading">
      <h1 id="bo-page-heading">{t('bo.nav.configuration')}</h1>
      <nav className="bo-tabs" aria-label={t('bo.cfg.views')}>
        {CONFIG_VIEWS.map((candidate) => (
          <a key={candidate} href={hashHref(CONFIGURATION_PATH, { view: candidate })} aria-current={candidate === view ? 'page' : undefined}>
            {t(VIEW_KEYS[candidate])}
          </a>
        ))}
      </nav>
      <h2>{t(VIEW_KEYS[view])}</h2>
      {view === 'products' ? <ProductSettings productId={location.params.get('product') ?? ''} /> : null}
      {view === 'channels' ? <ChannelSettings market={location.params.get('market') === 'IN' ? 'IN' : 'MX'} /> : null}
      {view === 'lender' ? <LenderSettings market={location.params.get('market') === 'IN' ? 'IN' : 'MX'} /> : null}
      {view === 'complaint-types' ? <ComplaintTypeSettings /> : null}
      {view === 'promotions' ? <PromotionTemplates /> : null}
      {view === 'delinquency' ? <DelinquencyBands market={location.params.get('market') === 'IN' ? 'IN' : 'MX'} /> : null}
      {view === 'agencies' ? <AgencySettings market={location.params.get('market') === 'IN' ? 'IN' : 'MX'} /> : null}
    </section>
  );
}
