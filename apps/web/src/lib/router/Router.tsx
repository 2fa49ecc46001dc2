import { startTransition, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { RouterContext, type Navigate, type RouterState } from './context';
import type { NavigationKind, RouteLocation, RouterHistory } from './history';
import { matchScreenRoute, type ScreenRoute } from './screen-route';
import { screenComponent, ScreenErrorBoundary, type ScreenModules } from './screens';

type Current = { location: RouteLocation; kind: NavigationKind | 'initial' };

/**
 * Keeps an area's location in step with its history. A navigation renders as a transition: the
 * current screen stays until the next one's code has arrived.
 */
export function Router({ history, children }: { history: RouterHistory; children: ReactNode }) {
  const [current, setCurrent] = useState<Current>(() => ({ location: history.location(), kind: 'initial' }));
  useEffect(
    () =>
      history.listen((location, kind) =>
        startTransition(() =>
          setCurrent((previous) =>
            previous.location.pathname === location.pathname && previous.location.search === location.search
              ? previous
              : { location, kind },
          ),
        ),
      ),
    [history],
  );
  const { location, kind } = current;
  // Stable across navigations, so effects that navigate (a timed redirect) do not restart.
  const navigate = useCallback<Navigate>((to, options) => history.navigate(to, options?.replace ? 'replace' : 'push'), [history]);
  const state = useMemo<RouterState>(() => ({ location, navigate, href: (to) => history.href(to) }), [history, location, navigate]);
  // A new page starts at its top, as a page load would; back and forward leave the browser's own.
  const shownPath = useRef(location.pathname);
  useLayoutEffect(() => {
    if (shownPath.current === location.pathname) return;
    shownPath.current = location.pathname;
    if (kind === 'push') window.scrollTo(0, 0);
  }, [location.pathname, kind]);
  return <RouterContext value={state}>{children}</RouterContext>;
}

/** A fixed location (a page rendered ahead of time, or a host router that owns the address). */
export function StaticRouter({ state, children }: { state: RouterState; children: ReactNode }) {
  return <RouterContext value={state}>{children}</RouterContext>;
}

type ScreensProps = {
  routes: readonly ScreenRoute[];
  modules: ScreenModules;
  location: RouteLocation;
  NotFound: ComponentType;
  Failed: ComponentType;
  Fallback: ComponentType;
  /**
   * Rendered beside the screen, inside its boundary: when the browser takes over a page the server
   * rendered, the boundary is hydrated after the rest of the tree, and what sits here with it.
   */
  children?: ReactNode;
};

/** The screen of the current address, loaded on first visit, behind its own error boundary. */
export function Screens({ routes, modules, location, NotFound, Failed, Fallback, children }: ScreensProps) {
  const route = matchScreenRoute(routes, location.pathname);
  const Screen = route ? screenComponent(modules, route) : NotFound;
  return (
    <ScreenErrorBoundary address={`${location.pathname}${location.search}`} fallback={<Failed />}>
      <Suspense fallback={<Fallback />}>
        <Screen key={route?.path ?? '*'} />
        {children}
      </Suspense>
    </ScreenErrorBoundary>
  );
}
