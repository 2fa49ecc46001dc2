import { AppRoute, SiteRoute } from '@lend/contracts';
import type { RouteObject } from 'react-router';
import { NotFoundScreen } from '../../features/not-found/NotFoundScreen';
import { HomePage } from '../../features/site/home/HomePage';
import { AboutPage } from '../../features/site/pages/AboutPage';
import { ContactPage } from '../../features/site/pages/ContactPage';
import { OfficialLayout } from '../../features/site/pages/OfficialLayout';
import { SiteShell } from '../../features/site/SiteShell';
import { AreaError } from '../AreaError';
import { AreaFallback, AreaShell } from '../AreaShell';

// Pages with long legal texts load them with the page; the rest come with the area.
const privacyNotice = async () => ({ Component: (await import('../../features/site/pages/PrivacyNoticePage')).PrivacyNoticePage });

export const siteRoutes: RouteObject[] = [
  {
    Component: AreaShell,
    HydrateFallback: AreaFallback,
    children: [
      {
        ErrorBoundary: AreaError,
        children: [
          {
            Component: SiteShell,
            children: [
              { path: SiteRoute.home, Component: HomePage },
              {
                Component: OfficialLayout,
                children: [
                  { path: SiteRoute.about, Component: AboutPage },
                  { path: SiteRoute.contact, Component: ContactPage },
                  { path: SiteRoute.user, lazy: async () => ({ Component: (await import('../../features/site/pages/UserPage')).UserPage }) },
                  { path: SiteRoute.policy, lazy: async () => ({ Component: (await import('../../features/site/pages/PolicyPage')).PolicyPage }) },
                  { path: SiteRoute.loan, lazy: async () => ({ Component: (await import('../../features/site/pages/LoanPage')).LoanPage }) },
                ],
              },
              { path: AppRoute.privacyPolicy, lazy: privacyNotice },
              { path: AppRoute.privacyNotice, lazy: privacyNotice },
            ],
          },
          { path: '*', Component: NotFoundScreen },
        ],
      },
    ],
  },
];
