import { AppRoute } from '@lend/contracts';
import type { RouteObject } from 'react-router';
import { NotFoundScreen } from '../../features/not-found/NotFoundScreen';
import { AreaError } from '../AreaError';
import { AreaFallback, AreaShell } from '../AreaShell';

/** Borrower screens built so far; each loads its own code on first visit. */
export const borrowerRoutes: RouteObject[] = [
  {
    Component: AreaShell,
    HydrateFallback: AreaFallback,
    children: [
      {
        ErrorBoundary: AreaError,
        children: [
          {
            path: AppRoute.testPreview,
            lazy: async () => ({ Component: (await import('../../features/test-preview/TestPreviewScreen')).TestPreviewScreen }),
          },
          {
            path: AppRoute.customerService,
            lazy: async () => ({
              Component: (await import('../../features/customer-service/CustomerServiceScreen')).CustomerServiceScreen,
            }),
          },
          {
            path: AppRoute.aboutUs,
            lazy: async () => ({ Component: (await import('../../features/about-us/AboutUsScreen')).AboutUsScreen }),
          },
          {
            path: AppRoute.loginFailure,
            lazy: async () => ({
              Component: (await import('../../features/login-failure/LoginFailureScreen')).LoginFailureScreen,
            }),
          },
          {
            path: AppRoute.complaintHome,
            lazy: async () => ({ Component: (await import('../../features/complaints/ComplaintHomeScreen')).ComplaintHomeScreen }),
          },
          {
            path: AppRoute.complaintNext,
            lazy: async () => ({ Component: (await import('../../features/complaints/ComplaintNextScreen')).ComplaintNextScreen }),
          },
          {
            path: AppRoute.complaintList,
            lazy: async () => ({ Component: (await import('../../features/complaints/ComplaintListScreen')).ComplaintListScreen }),
          },
          {
            path: AppRoute.complaintDetails,
            lazy: async () => ({
              Component: (await import('../../features/complaints/ComplaintDetailsScreen')).ComplaintDetailsScreen,
            }),
          },
          {
            path: AppRoute.loanConfirm,
            lazy: async () => ({ Component: (await import('../../features/loan-confirm/LoanConfirmScreen')).LoanConfirmScreen }),
          },
          // Two addresses, one screen (spec §2).
          ...[AppRoute.loanDetails, AppRoute.orderDetails].map((path) => ({
            path,
            lazy: async () => ({ Component: (await import('../../features/loan-details/LoanDetailsScreen')).LoanDetailsScreen }),
          })),
          {
            path: AppRoute.agreement,
            lazy: async () => ({ Component: (await import('../../features/loan-agreement/AgreementScreen')).AgreementScreen }),
          },
          {
            path: AppRoute.periodAgreement,
            lazy: async () => ({
              Component: (await import('../../features/loan-agreement/PeriodAgreementScreen')).PeriodAgreementScreen,
            }),
          },
          { path: AppRoute.repayment, lazy: async () => ({ Component: (await import('../../features/repayment/RepaymentScreen')).RepaymentScreen }) },
          {
            path: AppRoute.repaymentInstruction,
            lazy: async () => ({ Component: (await import('../../features/repayment/InstructionScreen')).InstructionScreen }),
          },
          { path: AppRoute.delay, lazy: async () => ({ Component: (await import('../../features/delay/DelayScreen')).DelayScreen }) },
          { path: AppRoute.payments, lazy: async () => ({ Component: (await import('../../features/payments/PaymentsScreen')).PaymentsScreen }) },
          { path: '*', Component: NotFoundScreen },
        ],
      },
    ],
  },
];
