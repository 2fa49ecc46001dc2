import { useEffect } from 'react';
import { NotFoundScreen } from '../ui/NotFoundScreen';
import type { CatalogueSource } from '../lib/i18n';
import { forgetEmbeddedAnswers } from '../lib/prefetch';
import { Screens, useLocation, type ScreenRoute } from '../lib/router';
import { AreaError } from './AreaError';
import { AreaFallback, AreaShell } from './AreaShell';
import { screenModules } from './screen-modules';
import { SCREEN_MARKER, SHELL_MARKER } from './shell-marker';

export type Area = { routes: readonly ScreenRoute[]; catalogues: CatalogueSource };

/**
 * Once the first screen has replaced a page's frame (or taken over the screen the server
 * rendered: it sits inside the screen's boundary, which hydrates after the rest of the tree), the
 * root says so: its markers go, and so does the answer the page carried, which that screen has used.
 */
function FrameReplaced({ container }: { container: HTMLElement | null }) {
  useEffect(() => {
    container?.removeAttribute(SHELL_MARKER);
    container?.removeAttribute(SCREEN_MARKER);
    forgetEmbeddedAnswers();
  }, [container]);
  return null;
}

/**
 * An area's tree under its router. The server renders this very tree (`container` null) for the
 * browser to hydrate: the ids React gives elements depend on the tree's shape, so both must match.
 */
export function AreaTree({ container, routes, catalogues }: Area & { container: HTMLElement | null }) {
  return (
    <AreaShell catalogues={catalogues}>
      <Screens routes={routes} modules={screenModules} location={useLocation()} NotFound={NotFoundScreen} Failed={AreaError} Fallback={AreaFallback}>
        <FrameReplaced container={container} />
      </Screens>
    </AreaShell>
  );
}
