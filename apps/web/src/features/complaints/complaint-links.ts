import { commonQuery, type PageParams } from '../../lib/page-params';

/** A borrower page with the common query, plus this page's own values. */
export function pageHref(path: string, params: PageParams, extra: Readonly<Record<string, string>> = {}): string {
  const query = commonQuery(params);
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return `${path}?${query}`;
}

/** Complaint images are private: the browser fetches them with the borrower's session query. */
export function imageSrc(url: string, params: PageParams): string {
  return `${url}?${commonQuery(params)}`;
}
