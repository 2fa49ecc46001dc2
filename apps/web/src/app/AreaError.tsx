import { usePageTitle, useT } from '../lib/i18n';
import { Screen } from '../ui/Screen';

/** A screen that failed to load or render (for example its code vanished after a release). */
export function AreaError() {
  const t = useT();
  usePageTitle('errors.title');
  return (
    <Screen title={t('errors.title')}>
      <p className="card" role="alert">
        {t('errors.body')}
      </p>
    </Screen>
  );
}
