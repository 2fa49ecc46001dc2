import { useT } from '../../../lib/i18n/hash';
import { Screen } from '../../../ui/Screen';

export function LandingUnavailable({ message }: { message: string }) {
  const t = useT();
  return (
    <Screen title={t('promo.title')}>
      <div className="card" role="alert">
        <p className="promo__unavailable">{message}</p>
        <p className="muted">{t('promo.unavailableBody')}</p>
      </div>
    </Screen>
  );
}
