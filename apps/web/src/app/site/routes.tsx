import type { RouteObject } from 'react-router';
import { NotFoundScreen } from '../../features/not-found/NotFoundScreen';
import { SiteLayout } from '../../features/site/SiteLayout';
import { SitePage } from '../../features/site/SitePage';
import { SITE_PAGES } from '../../features/site/site-pages';
import { AreaError } from '../AreaError';
import { AreaFallback, AreaShell } from '../AreaShell';

export const siteRoutes: RouteObject[] = [
  {
    Component: AreaShell,
    HydrateFallback: AreaFallback,
    children: [
      {
        ErrorBoundary: AreaError,
        children: [
          {
            Component: SiteLayout,
            children: SITE_PAGES.map((page) => ({ path: page.path, element: <SitePage page={page} /> })),
          },
          { path: '*', Component: NotFoundScreen },
        ],
      },
    ],
  },
];
