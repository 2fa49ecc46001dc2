import { useState } from 'react';
import { useT, type MessageKey, type MessageParams } from '../../../lib/i18n/site';
// The pictures are drawn into the page (a few hundred bytes each), so none waits for a request.
import apply from '../images/tile-apply.svg?raw';
import applyActive from '../images/tile-apply-active.svg?raw';
import costs from '../images/tile-costs.svg?raw';
import costsActive from '../images/tile-costs-active.svg?raw';
import data from '../images/tile-data.svg?raw';
import dataActive from '../images/tile-data-active.svg?raw';
import decision from '../images/tile-decision.svg?raw';
import decisionActive from '../images/tile-decision-active.svg?raw';
import { InlinePicture } from './InlinePicture';

const TILES: readonly { key: string; image: string; activeImage: string; title: MessageKey; body: MessageKey }[] = [
  { key: 'apply', image: apply, activeImage: applyActive, title: 'site.tile.apply.title', body: 'site.tile.apply.body' },
  { key: 'decision', image: decision, activeImage: decisionActive, title: 'site.tile.decision.title', body: 'site.tile.decision.body' },
  { key: 'costs', image: costs, activeImage: costsActive, title: 'site.tile.costs.title', body: 'site.tile.costs.body' },
  { key: 'data', image: data, activeImage: dataActive, title: 'site.tile.data.title', body: 'site.tile.data.body' },
];

/**
 * Four tiles whose picture changes on hover. Keyboard focus shows the same change, and a tap
 * toggles it, since touch screens have no hover (the CSS reads `aria-pressed`). The costs and data
 * tiles name the market's tax and data-protection rights (`words`).
 */
export function FeatureTiles({ words }: { words: MessageParams }) {
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
                <InlinePicture className="tile__image" markup={tile.image} />
                <InlinePicture className="tile__image tile__image--active" markup={tile.activeImage} />
              </span>
              <span className="tile__title">{t(tile.title)}</span>
              <span className="tile__body">{t(tile.body, words)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
