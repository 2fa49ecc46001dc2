import { usePageTitle, useT } from '../lib/i18n';
import { Screen } from './Screen';

/** Shown for any address no area knows, in the borrower's language. */
export function NotFoundScreen() {
  const t = useT();
  usePageTitle('notFound.title');
  return (
    <Screen title={t('notFound.title')}>
      <p className="card">{t('notFound.body')}</p>
    </Screen>
  );
}
