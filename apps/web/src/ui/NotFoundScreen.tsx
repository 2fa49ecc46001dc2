import { usePageTitle, useT } from '../lib/i18n';
import { Screen } from './Screen';
import { WayOn } from './WayOn';

/** Shown for any address no area knows, in the borrower's language, with the way on: the app's home, and customer service for a borrower signed in (docs/decisions/234). */
export function NotFoundScreen() {
  const t = useT();
  usePageTitle('notFound.title');
  return (
    <Screen title={t('notFound.title')}>
      <p className="card">{t('notFound.body')}</p>
      <WayOn home service />
    </Screen>
  );
}
