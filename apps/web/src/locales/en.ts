import { siteEn } from './en/site';
import { promotionEn } from './en/promotion';
import { complaintsEn } from './en/complaints';
import { loanAgreementEn } from './en/loan-agreement';
import { loanConfirmEn } from './en/loan-confirm';
import { loanDetailsEn } from './en/loan-details';
import { repaymentEn } from './en/repayment';
import { delayEn } from './en/delay';
import { paymentsEn } from './en/payments';
import { paymentChannelsEn } from './en/payment-channels';
import { cardRepaymentEn } from './en/card-repayment';

/**
 * English catalogue: the source of every key. `es.ts` is typed against it, so a key missing
 * there fails the typecheck. `{name}` marks a value filled in by `t(key, { name })`.
 */
export const en = {
  ...loanConfirmEn,
  ...loanDetailsEn,
  ...repaymentEn,
  ...paymentsEn,
  ...paymentChannelsEn,
  ...loanAgreementEn,
  'brand.name': 'Lend',
  'brand.logoAlt': '{brand} logo',

  'common.loading': 'Loading…',
  'common.close': 'Close',
  'common.copy': 'Copy',
  'common.copied': 'Copied',
  'common.copyFailed': 'Could not copy. Please copy it by hand.',
  'common.secondsLeft': '{seconds} s',
  'common.notifications': 'Notifications',

  'errors.title': 'Something went wrong',
  'errors.body': 'Please reload the page or try again later.',
  'errors.network': 'Network error. Please check your connection and try again.',

  'notFound.title': 'Page not found',
  'notFound.body': 'The page you are looking for does not exist or has moved.',

  'aboutUs.title': 'About us',
  'aboutUs.welcome': 'Welcome to {brand}',
  'aboutUs.body1':
    '{brand} offers short-term cash loans through its mobile app. You apply, confirm and repay in the app, and you see the amount, the term and every charge before you confirm.',
  'aboutUs.body2': 'If you have a question at any step, our customer service team is ready to help.',

  'loginFailure.title': 'Sign-in failed',
  'loginFailure.word': 'Failure',
  'loginFailure.body': 'We offer you professional services and loan payment.',

  'service.title': 'Customer service',
  'service.intro': 'We are here to help. Choose how you want to reach us.',
  'service.loading': 'Loading contacts…',
  'service.unavailable': 'Contacts are not available right now.',
  'service.telephone': 'Telephone',
  'service.whatsapp': 'WhatsApp',
  'service.email': 'E-mail',
  'service.call': 'Call',
  'service.callLabel': 'Call {value}',
  'service.chat': 'Chat',
  'service.chatLabel': 'Chat on WhatsApp with {value}',
  'service.write': 'Write',
  'service.writeLabel': 'Write an e-mail to {value}',

  'preview.title': 'Developer preview',
  'preview.fields': 'Parameters',
  'preview.pages': 'Open a page',
  'preview.device': 'Device checks',
  'preview.loadFailed': 'The default values could not be loaded; the fields start from the address.',
  'preview.field.appVersion': 'App version',
  'preview.field.deviceName': 'Device name',
  'preview.field.deviceId': 'Device ID',
  'preview.field.osVersion': 'OS version',
  'preview.field.sessionId': 'Session ID',
  'preview.field.advertisingId': 'Advertising ID',
  'preview.field.productId': 'Product ID',
  'preview.field.orderId': 'Order ID',
  'preview.field.userId': 'User ID',
  'preview.field.language': 'Language',
  'preview.language.english': 'English (1)',
  'preview.language.spanish': 'Spanish (2)',
  'preview.link.loanConfirm': 'Confirm loan',
  'preview.link.loanDetails': 'Loan details',
  'preview.link.repayment': 'Repayment',
  'preview.link.delay': 'Extension',
  'preview.link.bindBank': 'Bind bank card',
  'preview.link.aboutUs': 'About us',
  'preview.link.complaint': 'Complaint',
  'preview.link.customerService': 'Customer service',
  'preview.link.privacyPolicy': 'Privacy policy',
  'preview.link.repaymentInstruction': 'Repayment instruction',
  'preview.photo': 'Photo',
  'preview.choosePhoto': 'Choose a photo',
  'preview.noPhoto': 'No photo chosen',
  'preview.photoPreview': 'Preview of the chosen photo',
  'preview.contactName': 'Contact name',
  'preview.location': 'Get location',
  'preview.locating': 'Locating…',
  'preview.locationResult': 'Latitude {latitude}, longitude {longitude}',
  'preview.locationDenied': 'Location permission was denied.',
  'preview.locationUnavailable': 'The location is not available.',
  'preview.locationTimeout': 'The location request timed out.',
  'preview.locationUnsupported': 'This device cannot share its location.',

  ...siteEn,
  ...promotionEn,
  ...complaintsEn,
  ...delayEn,
  ...cardRepaymentEn,
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
