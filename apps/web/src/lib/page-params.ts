import {
  COMMON_QUERY_KEYS,
  DEFAULT_MERCHANT_NUMBER,
  PAGE_ONLY_PARAM_KEYS,
  languageFromFlag,
  type CommonQueryKey,
  type Language,
  type PageOnlyParamKey,
} from '@lend/contracts';
import { useMemo } from 'react';
import { useLocation } from './router';

export type PageParamKey = CommonQueryKey | PageOnlyParamKey;
export type PageParams = Record<PageParamKey, string | undefined> & { merchantNumber: string };

// Hash links carry their query inside the fragment (`/#/borrowDetail/?orderId=1`): read in one place.
export { addressQuery, hashQuery } from './hash-route';

export function readPageParams(query: URLSearchParams): PageParams {
  const read = (key: PageParamKey) => {
    const value = query.get(key)?.trim();
    return value ? value : undefined;
  };
  const params = {} as Record<PageParamKey, string | undefined>;
  for (const key of [...COMMON_QUERY_KEYS, ...PAGE_ONLY_PARAM_KEYS]) params[key] = read(key);
  return { ...params, merchantNumber: params.merchantNumber ?? DEFAULT_MERCHANT_NUMBER };
}

/** The device and session query every borrower call carries. */
export function commonQuery(params: PageParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of COMMON_QUERY_KEYS) {
    const value = params[key];
    if (value !== undefined) query.set(key, value);
  }
  return query;
}

export function pageLanguage(params: PageParams): Language {
  return languageFromFlag(params.language);
}

/**
 * Page params of the current route. Inside a hash router `location.search` is already the
 * hash's query, so both kinds of route read the same way.
 */
export function usePageParams(): PageParams {
  const { search } = useLocation();
  return useMemo(() => readPageParams(new URLSearchParams(search)), [search]);
}
