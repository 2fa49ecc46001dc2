import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { CatalogueSource } from '../lib/i18n';
import { NotFoundScreen } from '../features/not-found/NotFoundScreen';
import { loadScreen, matchScreenRoute, Router, Screens, useLocation, type RouterHistory, type ScreenRoute } from '../lib/router';
import { pageLanguage, readPageParams } from '../lib/page-params';
import { AreaError } from './AreaError';
import { AreaFallback, AreaShell } from './AreaShell';
import { screenModules } from './screen-modules';
import { SHELL_MARKER } from './shell-marker';

type Area = { routes: readonly ScreenRoute[]; catalogues: CatalogueSource };

function AreaScreens({ routes, catalogues }: Area) {
  return (
    <AreaShell catalogues={catalogues}>
      <Screens routes={routes} modules={screenModules} location={useLocation()} NotFound={NotFoundScreen} Failed={AreaError} Fallback={AreaFallback} />
    </AreaShell>
  );
}

/** Once the screens have replaced a page's frame, the root says so: its frame marker goes. */
function FrameReplaced({ container }: { container: HTMLElement }) {
  useEffect(() => container.removeAttribute(SHELL_MARKER), [container]);
  return null;
}

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
  createRoot(container).render(
    <StrictMode>
      <Router history={history}>
        <AreaScreens {...area} />
        <FrameReplaced container={container} />
      </Router>
    </StrictMode>,
  );
}
