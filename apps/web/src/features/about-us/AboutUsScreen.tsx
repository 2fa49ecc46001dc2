import { usePageTitle, useT } from '../../lib/i18n/borrower';
import { Logo } from '../../ui/Logo';
import { Screen } from '../../ui/Screen';
import './about-us.css';

export function AboutUsScreen() {
  const t = useT();
  usePageTitle('aboutUs.title');
  return (
    <Screen title={t('aboutUs.title')}>
      <section className="card about-us">
        <div className="about-us__logo">
          <Logo label={t('brand.logoAlt')} />
        </div>
        <h2>{t('aboutUs.welcome')}</h2>
        <p>{t('aboutUs.body1')}</p>
        <p>{t('aboutUs.body2')}</p>
      </section>
    </Screen>
  );
}
