import type { SiteMarket } from '@lend/contracts';
import { formatRatePercent, MARKET_SETTINGS } from '@lend/domain';
import { useT, type MessageKey, type MessageParams } from '../../../lib/i18n/site';

const TAX_NAMES: Record<SiteMarket, MessageKey> = { MX: 'site.tax.MX', IN: 'site.tax.IN' };
const DATA_RIGHTS: Record<SiteMarket, MessageKey> = { MX: 'site.dataRights.MX', IN: 'site.dataRights.IN' };

/**
 * What the home page's texts say of the market shown (docs/decisions/232): its tax on interest and
 * commission with the market's rate (`MARKET_SETTINGS`, the one source of it), and the rights its
 * data-protection law gives: Mexico's IVA and ARCO rights, India's GST and DPDP Act rights.
 */
export function useMarketWords(market: SiteMarket): MessageParams {
  const t = useT();
  return { tax: t(TAX_NAMES[market]), rate: formatRatePercent(MARKET_SETTINGS[market].taxPpm), rights: t(DATA_RIGHTS[market]) };
}
