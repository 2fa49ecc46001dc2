import { PROMOTION_PAGE_TYPE } from '@lend/contracts';

/** The campaign link's query: who sent the visitor, and which template to show. */
export type LandingParams = {
  templateId: string;
  appFrom: string;
  userFrom: string;
  utmTag: string;
  inviteCode: string;
  /** `links_id` or `down_id`: the campaign link itself, kept for the download page. */
  linkId: string;
};

const LINK_ID_KEYS = ['links_id', 'down_id'] as const;

export function readLandingParams(query: URLSearchParams): LandingParams {
  const read = (key: string) => query.get(key)?.trim() ?? '';
  return {
    templateId: /^\d{1,10}$/.test(read('id')) ? read('id') : '',
    appFrom: read('app_from'),
    userFrom: read('user_from'),
    utmTag: read('utm_tag'),
    inviteCode: read('invite_code'),
    linkId: LINK_ID_KEYS.map(read).find((value) => value !== '') ?? '',
  };
}

export type ClientType = 'android' | 'ios' | 'web';

export function clientTypeOf(userAgent: string): ClientType {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  return 'web';
}

/** The query of both tracking calls (`track-visit`, `track-click`). */
export function trackingQuery(params: LandingParams, clientType: ClientType) {
  return {
    page_id: params.templateId,
    user_from: params.userFrom,
    client_type: clientType,
    page_type: PROMOTION_PAGE_TYPE,
    utm_tag: params.utmTag,
    app_from: params.appFrom,
  };
}

/** `#/downloadTemplate` shows the plain form; `#/agreementTemplate` adds the user-terms line. */
export type LandingVariant = 'download' | 'agreement';
