import { AppRoute } from '@lend/contracts';
import type { ScreenRoute } from '../../lib/router';

/**
 * Borrower screens by address; each loads its own code on first visit. Any other address shows
 * the not-found screen.
 */
export const borrowerRoutes: readonly ScreenRoute[] = [
  { path: AppRoute.testPreview, screen: 'test-preview/TestPreviewScreen', exportName: 'TestPreviewScreen' },
  { path: AppRoute.customerService, screen: 'customer-service/CustomerServiceScreen', exportName: 'CustomerServiceScreen' },
  { path: AppRoute.aboutUs, screen: 'about-us/AboutUsScreen', exportName: 'AboutUsScreen' },
  { path: AppRoute.loginFailure, screen: 'login-failure/LoginFailureScreen', exportName: 'LoginFailureScreen' },
  { path: AppRoute.complaintHome, screen: 'complaints/ComplaintHomeScreen', exportName: 'ComplaintHomeScreen' },
  { path: AppRoute.complaintNext, screen: 'complaints/ComplaintNextScreen', exportName: 'ComplaintNextScreen' },
  { path: AppRoute.complaintList, screen: 'complaints/ComplaintListScreen', exportName: 'ComplaintListScreen' },
  { path: AppRoute.complaintDetails, screen: 'complaints/ComplaintDetailsScreen', exportName: 'ComplaintDetailsScreen' },
  { path: AppRoute.loanConfirm, screen: 'loan-confirm/LoanConfirmScreen', exportName: 'LoanConfirmScreen' },
  // Two addresses, one screen: /loanDetails and /orderDetails show the same order details.
  { path: AppRoute.loanDetails, screen: 'loan-details/LoanDetailsScreen', exportName: 'LoanDetailsScreen' },
  { path: AppRoute.orderDetails, screen: 'loan-details/LoanDetailsScreen', exportName: 'LoanDetailsScreen' },
  { path: AppRoute.agreement, screen: 'loan-agreement/AgreementScreen', exportName: 'AgreementScreen' },
  { path: AppRoute.periodAgreement, screen: 'loan-agreement/PeriodAgreementScreen', exportName: 'PeriodAgreementScreen' },
  { path: AppRoute.keyFacts, screen: 'loan-confirm/KeyFactsScreen', exportName: 'KeyFactsScreen' },
  { path: AppRoute.repayment, screen: 'repayment/RepaymentScreen', exportName: 'RepaymentScreen' },
  { path: AppRoute.repaymentInstruction, screen: 'repayment/InstructionScreen', exportName: 'InstructionScreen' },
  { path: AppRoute.channelFees, screen: 'repayment/ChannelFeesScreen', exportName: 'ChannelFeesScreen' },
  { path: AppRoute.delay, screen: 'delay/DelayScreen', exportName: 'DelayScreen' },
  { path: AppRoute.payments, screen: 'payments/PaymentsScreen', exportName: 'PaymentsScreen' },
  { path: AppRoute.privacyCentre, screen: 'privacy/PrivacyCentreScreen', exportName: 'PrivacyCentreScreen' },
  // In a phone's browser, without the native app (docs/decisions/239).
  { path: AppRoute.signIn, screen: 'web-account/SignInScreen', exportName: 'SignInScreen' },
  { path: AppRoute.webHome, screen: 'web-account/WebHomeScreen', exportName: 'WebHomeScreen' },
  { path: AppRoute.onboarding, screen: 'onboarding/OnboardingScreen', exportName: 'OnboardingScreen' },
  { path: AppRoute.apply, screen: 'apply/ApplyScreen', exportName: 'ApplyScreen' },
  { path: AppRoute.promise, screen: 'promise/PromiseScreen', exportName: 'PromiseScreen' },
];
