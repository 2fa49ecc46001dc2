import { HashRoute } from '@lend/contracts';
import type { RouteObject } from 'react-router';
import { NotFoundScreen } from '../../features/not-found/NotFoundScreen';
import { AreaError } from '../AreaError';
import { AreaFallback, AreaShell } from '../AreaShell';

const landing = () => import('../../features/promotion/LandingScreen');

/**
 * Card repayment and promotion pages, reached as `/#/route?query`. Each screen loads its own
 * code; addresses without a screen yet get the not-found screen in the visitor's language.
 */
export const hashRoutes: RouteObject[] = [
  {
    Component: AreaShell,
    HydrateFallback: AreaFallback,
    children: [
      {
        ErrorBoundary: AreaError,
        children: [
          { path: HashRoute.downloadTemplate, lazy: async () => ({ Component: (await landing()).DownloadTemplateScreen }) },
          { path: HashRoute.agreementTemplate, lazy: async () => ({ Component: (await landing()).AgreementTemplateScreen }) },
          {
            path: HashRoute.promotionDownload,
            lazy: async () => ({ Component: (await import('../../features/promotion/DownloadScreen')).DownloadScreen }),
          },
          {
            path: HashRoute.borrowDetail,
            lazy: async () => ({ Component: (await import('../../features/card-repayment/BorrowDetailScreen')).BorrowDetailScreen }),
          },
          {
            path: HashRoute.addNormalCard,
            lazy: async () => ({ Component: (await import('../../features/card-repayment/AddCardScreen')).AddCardScreen }),
          },
          {
            path: HashRoute.alipayRepayment,
            lazy: async () => ({
              Component: (await import('../../features/card-repayment/RedirectPaymentScreen')).RedirectPaymentScreen,
            }),
          },
          { path: '*', Component: NotFoundScreen },
        ],
      },
    ],
  },
];
