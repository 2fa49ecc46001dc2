import { commonEn } from '../en/common';
import { aboutUsEn } from '../en/about-us';
import { loginFailureEn } from '../en/login-failure';
import { customerServiceEn } from '../en/customer-service';
import { testPreviewEn } from '../en/test-preview';
import { complaintsEn } from '../en/complaints';
import { loanConfirmEn } from '../en/loan-confirm';
import { loanDetailsEn } from '../en/loan-details';
import { loanAgreementEn } from '../en/loan-agreement';
import { repaymentEn } from '../en/repayment';
import { delayEn } from '../en/delay';
import { paymentsEn } from '../en/payments';
import { paymentChannelsEn } from '../en/payment-channels';
import { privacyEn } from '../en/privacy';
import { keyFactsEn } from '../en/key-facts';
import { webAccountEn } from '../en/web-account';
import { onboardingEn } from '../en/onboarding';
import { promiseEn } from '../en/promise';
import { planRequestEn } from '../en/plan-request';
import { settlementEn } from '../en/settlement';

/**
 * English texts of the borrower screens (history routes): the source of the area's keys. `borrower.es.ts` is typed
 * against it, so a key missing there fails the typecheck; a screen of the area can use no other key.
 */
export const borrowerEn = {
  ...commonEn,
  ...aboutUsEn,
  ...loginFailureEn,
  ...customerServiceEn,
  ...testPreviewEn,
  ...complaintsEn,
  ...loanConfirmEn,
  ...loanDetailsEn,
  ...loanAgreementEn,
  ...repaymentEn,
  ...delayEn,
  ...paymentsEn,
  ...paymentChannelsEn,
  ...privacyEn,
  ...keyFactsEn,
  ...webAccountEn,
  ...onboardingEn,
  ...promiseEn,
  ...planRequestEn,
  ...settlementEn,
} as const satisfies Record<string, string>;

export type BorrowerKey = keyof typeof borrowerEn;
export type BorrowerCatalogue = Record<BorrowerKey, string>;
