/** Merchant code sent when the address carries none. */
export const DEFAULT_MERCHANT_NUMBER = '10001';

/**
 * Device and session parameters that the native app puts in the address and every
 * borrower call carries back in its query.
 */
export const COMMON_QUERY_KEYS = [
  'deviceId',
  'appVersion',
  'userId',
  'appName',
  'sessionId',
  'clientType',
  'merchantNumber',
  'mobilePhone',
  'language',
] as const;
export type CommonQueryKey = (typeof COMMON_QUERY_KEYS)[number];

/** Page params read from the address that belong to one screen rather than to every call. */
export const PAGE_ONLY_PARAM_KEYS = [
  'orderId',
  'productId',
  'withholdingAmount',
  'couponId',
  'couponMoney',
] as const;
export type PageOnlyParamKey = (typeof PAGE_ONLY_PARAM_KEYS)[number];

/** Headers the JSON client copies from the address query (the native app's names). */
export const JSON_CLIENT_HEADER_KEYS = ['crp_phe', 'dearest', 'showy', 'dearer', 'language'] as const;
/** Headers the form client copies from the address query (the native app's names). */
export const FORM_CLIENT_HEADER_KEYS = ['swift', 'eyes'] as const;
/** The XHR marker header both clients send. */
export const XHR_MARKER_HEADER = { name: 'X-Requested-With', value: 'XMLHttpRequest' } as const;
