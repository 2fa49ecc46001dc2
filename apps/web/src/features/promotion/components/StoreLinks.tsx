import type { PromoLanding } from '@lend/contracts';
import { useT } from '../../../lib/i18n/hash';
import type { ClientType } from '../landing-params';

/** The template's app-store links, the visitor's own platform first. */
export function StoreLinks({ links, clientType }: { links: PromoLanding['downloadLinks']; clientType: ClientType }) {
  const t = useT();
  const stores = [
    { key: 'android' as const, href: links.android, label: t('promo.download.android') },
    { key: 'ios' as const, href: links.ios, label: t('promo.download.ios') },
  ].filter((store): store is { key: 'android' | 'ios'; href: string; label: string } => store.href !== null);
  if (clientType === 'ios') stores.reverse();
  return (
    <ul className="promo__stores">
      {stores.map((store) => (
        <li key={store.key}>
          <a className="button promo__store" href={store.href} data-store={store.key} rel="noopener">
            {store.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
