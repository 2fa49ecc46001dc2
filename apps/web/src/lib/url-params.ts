/** Adds params to a URL's query; for hash routes the query lives at the end of the fragment. */
export function withParams(url: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  if (!query) return url;
  const hashAt = url.indexOf('#');
  const isHashRoute = hashAt !== -1 && url.startsWith('#/', hashAt);
  if (hashAt === -1 || isHashRoute) return `${url}${url.includes('?', hashAt === -1 ? 0 : hashAt) ? '&' : '?'}${query}`;
  const head = url.slice(0, hashAt);
  return `${head}${head.includes('?') ? '&' : '?'}${query}${url.slice(hashAt)}`;
}
