import { HashRoute } from '@lend/contracts';
import type { ScreenRoute } from '../../lib/router';

/**
 * Card repayment and promotion pages, reached as `/#/route?query`. Each screen loads its own
 * code; addresses without a screen get the not-found screen in the visitor's language.
 */
export const hashRoutes: readonly ScreenRoute[] = [
  { path: HashRoute.downloadTemplate, screen: 'promotion/LandingScreen', exportName: 'DownloadTemplateScreen' },
  { path: HashRoute.agreementTemplate, screen: 'promotion/LandingScreen', exportName: 'AgreementTemplateScreen' },
  { path: HashRoute.promotionDownload, screen: 'promotion/DownloadScreen', exportName: 'DownloadScreen' },
  { path: HashRoute.borrowDetail, screen: 'card-repayment/BorrowDetailScreen', exportName: 'BorrowDetailScreen' },
  { path: HashRoute.addNormalCard, screen: 'card-repayment/AddCardScreen', exportName: 'AddCardScreen' },
  { path: HashRoute.alipayRepayment, screen: 'card-repayment/RedirectPaymentScreen', exportName: 'RedirectPaymentScreen' },
];
