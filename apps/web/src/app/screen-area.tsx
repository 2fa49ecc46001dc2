import { startTransition, StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadScreen, matchScreenRoute, Router, type RouterHistory } from '../lib/router';
import { removePageFrame } from '../lib/page-frame';
import { pageLanguage, readPageParams } from '../lib/page-params';
import { AreaTree, type Area } from './area-tree';
import { screenModules } from './screen-modules';
import { SCREEN_MARKER } from './shell-marker';

/**
 * Renders an area of lazily loaded screens (borrower, hash) once its texts in the page's language
 * have arrived; the first screen's code downloads at the same time.
 */
export async function mountScreenArea(container: HTMLElement, history: RouterHistory, area: Area): Promise<void> {
  const { pathname, search } = history.location();
  const first = matchScreenRoute(area.routes, pathname);
  // A screen that fails to download is the error boundary's to show; the texts are needed first.
  await Promise.all([
    area.catalogues.load(pageLanguage(readPageParams(new URLSearchParams(search)))),
    first ? loadScreen(screenModules, first).catch(() => undefined) : undefined,
  ]);
  const tree = (
    <StrictMode>
      <Router history={history}>
        <AreaTree {...area} container={container} />
      </Router>
    </StrictMode>
  );
  // A screen the server rendered with its data is taken over where it stands, in slices that
  // leave the main thread free between them; a frame is rendered over, and one outside the root
  // goes in the same task as that first render, before anything paints.
  if (container.hasAttribute(SCREEN_MARKER)) startTransition(() => void hydrateRoot(container, tree));
  else {
    const root = createRoot(container);
    flushSync(() => root.render(tree));
    removePageFrame();
  }
}
