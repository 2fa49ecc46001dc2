import { useState } from 'react';
import { useT, type MessageKey } from '../../../lib/i18n';
import apply from '../images/tile-apply.svg';
import applyActive from '../images/tile-apply-active.svg';
import costs from '../images/tile-costs.svg';
import costsActive from '../images/tile-costs-active.svg';
import data from '../images/tile-data.svg';
import dataActive from '../images/tile-data-active.svg';
import decision from '../images/tile-decision.svg';
import decisionActive from '../images/tile-decision-active.svg';

const TILES: readonly { key: string; image: string; activeImage: string; title: MessageKey; body: MessageKey }[] = [
  { key: 'apply', image: apply, activeImage: applyActive, title: 'site.tile.apply.title', body: 'site.tile.apply.body' },
  { key: 'decision', image: decision, activeImage: decisionActive, title: 'site.tile.decision.title', body: 'site.tile.decision.body' },
  { key: 'costs', image: costs, activeImage: costsActive, title: 'site.tile.costs.title', body: 'site.tile.costs.body' },
  { key: 'data', image: data, activeImage: dataActive, title: 'site.tile.data.title', body: 'site.tile.data.body' },
];

/**
 * Four tiles whose picture changes on hover. Keyboard focus shows the same change, and a tap
 * toggles it, since touch screens have no hover (the CSS reads `aria-pressed`).
 */
export function FeatureTiles() {
  const t = useT();
  const [pressed, setPressed] = useState<string | null>(null);
  return (
    <section className="tiles" aria-labelledby="tiles-title">
      <h2 id="tiles-title">{t('site.tiles.title')}</h2>
      <ul className="tiles__list">
        {TILES.map((tile) => (
          <li key={tile.key}>
            <button
              type="button"
              className="tile"
              data-tile={tile.key}
              aria-pressed={pressed === tile.key}
              onClick={() => setPressed((current) => (current === tile.key ? null : tile.key))}
            >
              <span className="tile__images" aria-hidden="true">
                <img className="tile__image" src={tile.image} alt="" width={160} height={120} loading="lazy" />
                <img className="tile__image tile__image--active" src={tile.activeImage} alt="" width={160} height={120} loading="lazy" />
              </span>
              <span className="tile__title">{t(tile.title)}</span>
              <span className="tile__body">{t(tile.body)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
