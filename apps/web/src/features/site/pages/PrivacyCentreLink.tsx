import { AppRoute, COMMON_QUERY_KEYS } from '@lend/contracts';
import { useEffect, useState } from 'react';
import { useT } from '../../../lib/i18n/site';

/** The centre's address with the app's own query (session, device, language) carried over, or null without a session. */
function centreHref(search: string): string | null {
  const address = new URLSearchParams(search);
  if (!address.get('userId') || !address.get('sessionId')) return null;
  const query = new URLSearchParams();
  for (const key of COMMON_QUERY_KEYS) {
    const value = address.get(key);
    if (value) query.set(key, value);
  }
  return `${AppRoute.privacyCentre}?${query}`;
}

/**
 * A link to the borrower's privacy centre, shown only when the notice was opened inside the app
 * with a session in its address: the prerendered page (the same for every visitor) has none, and
 * the centre is nothing without a session. It appears once the page has hydrated (decision 096).
 */
export function PrivacyCentreLink() {
  const t = useT();
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => setHref(centreHref(window.location.search)), []);
  if (!href) return null;
  return (
    <p className="notice__centre-link">
      <a href={href}>{t('site.privacy.centreLink')}</a>
    </p>
  );
}
