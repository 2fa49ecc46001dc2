import { useT, type MessageKey, type MessageParams } from '../../../lib/i18n/site';
// The pictures are drawn into the page: a phone on a slow network waits for no request to see them.
import approved from '../images/banner-approved.svg?raw';
import calendar from '../images/banner-calendar.svg?raw';
import receipt from '../images/banner-receipt.svg?raw';
import { InlinePicture } from './InlinePicture';

const BANNERS: readonly { markup: string; alt: MessageKey }[] = [
  { markup: approved, alt: 'site.banner.1' },
  { markup: receipt, alt: 'site.banner.2' },
  { markup: calendar, alt: 'site.banner.3' },
];

/** Banner pictures in a strip the visitor swipes, each with its alternative text (the receipt's names the market's tax). */
export function Banner({ words }: { words: MessageParams }) {
  const t = useT();
  return (
    // The strip scrolls sideways, so keyboard users can focus it and scroll with the arrow keys.
    <div className="banner" role="region" aria-label={t('site.banner.label')} tabIndex={0}>
      <ul className="banner__list">
        {BANNERS.map((banner) => (
          <li key={banner.alt} className="banner__slide">
            <InlinePicture className="banner__picture" markup={banner.markup} label={t(banner.alt, words)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
