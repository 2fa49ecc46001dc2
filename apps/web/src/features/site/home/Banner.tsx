import { useT, type MessageKey } from '../../../lib/i18n';
import approved from '../images/banner-approved.svg';
import calendar from '../images/banner-calendar.svg';
import receipt from '../images/banner-receipt.svg';

const BANNERS: readonly { src: string; alt: MessageKey }[] = [
  { src: approved, alt: 'site.banner.1' },
  { src: receipt, alt: 'site.banner.2' },
  { src: calendar, alt: 'site.banner.3' },
];

/** Banner images in a strip the visitor swipes; the first is the page's largest paint, so it loads first. */
export function Banner() {
  const t = useT();
  return (
    // The strip scrolls sideways, so keyboard users can focus it and scroll with the arrow keys.
    <div className="banner" role="region" aria-label={t('site.banner.label')} tabIndex={0}>
      <ul className="banner__list">
      {BANNERS.map((banner, index) => (
        <li key={banner.src} className="banner__slide">
          <img
            src={banner.src}
            alt={t(banner.alt)}
            width={640}
            height={320}
            decoding="async"
            loading={index === 0 ? 'eager' : 'lazy'}
            fetchPriority={index === 0 ? 'high' : 'low'}
          />
        </li>
      ))}
      </ul>
    </div>
  );
}
