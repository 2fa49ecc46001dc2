import type { BorrowerCatalogue } from './borrower.en';
import { commonEs } from '../es/common';
import { aboutUsEs } from '../es/about-us';
import { loginFailureEs } from '../es/login-failure';
import { customerServiceEs } from '../es/customer-service';
import { testPreviewEs } from '../es/test-preview';
import { complaintsEs } from '../es/complaints';
import { loanConfirmEs } from '../es/loan-confirm';
import { loanDetailsEs } from '../es/loan-details';
import { loanAgreementEs } from '../es/loan-agreement';
import { repaymentEs } from '../es/repayment';
import { delayEs } from '../es/delay';
import { paymentsEs } from '../es/payments';
import { paymentChannelsEs } from '../es/payment-channels';
import { privacyEs } from '../es/privacy';
import { keyFactsEs } from '../es/key-facts';
import { webAccountEs } from '../es/web-account';
import { onboardingEs } from '../es/onboarding';
import { promiseEs } from '../es/promise';
import { planRequestEs } from '../es/plan-request';
import { settlementEs } from '../es/settlement';

/** Spanish texts of the borrower screens (history routes). */
export const borrowerEs: BorrowerCatalogue = {
  ...commonEs,
  ...aboutUsEs,
  ...loginFailureEs,
  ...customerServiceEs,
  ...testPreviewEs,
  ...complaintsEs,
  ...loanConfirmEs,
  ...loanDetailsEs,
  ...loanAgreementEs,
  ...repaymentEs,
  ...delayEs,
  ...paymentsEs,
  ...paymentChannelsEs,
  ...privacyEs,
  ...keyFactsEs,
  ...webAccountEs,
  ...onboardingEs,
  ...promiseEs,
  ...planRequestEs,
  ...settlementEs,
};
