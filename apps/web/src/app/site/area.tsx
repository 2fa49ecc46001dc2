import { createBrowserRouter, matchRoutes } from 'react-router';
import { hydrateRouter, mountRouter } from '../mount';
import { siteRoutes } from './routes';

/**
 * Site pages arrive prerendered: their lazy route modules are loaded before hydrating so the
 * first render matches the HTML. Without prerendered HTML (the dev server) the area just renders.
 */
export async function mount(container: HTMLElement): Promise<void> {
  if (container.firstElementChild === null) {
    mountRouter(container, createBrowserRouter(siteRoutes));
    return;
  }
  const lazyMatches = (matchRoutes(siteRoutes, window.location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  hydrateRouter(container, createBrowserRouter(siteRoutes));
}
