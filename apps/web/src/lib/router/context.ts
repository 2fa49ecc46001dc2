import { createContext, useContext, useMemo } from 'react';
import type { RouteLocation, To } from './history';

export type NavigateOptions = { replace?: boolean };
export type Navigate = (to: To, options?: NavigateOptions) => void;

export type RouterState = {
  location: RouteLocation;
  navigate: Navigate;
  /** The `href` of a link to `to`, as the area writes its addresses. */
  href: (to: To) => string;
};

export const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('router hooks need a Router above them');
  return router;
}

export function useLocation(): RouteLocation {
  return useRouter().location;
}

export function useNavigate(): Navigate {
  return useRouter().navigate;
}

/** The current screen's query. */
export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}
