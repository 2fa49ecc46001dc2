import { useEffect } from 'react';
import { usePageTitle, useT } from '../../lib/i18n/site';
import { PAGE_META } from './page-meta';

/** Title and description of a site page, kept in step when the visitor moves between pages. */
export function usePageMeta(path: string): void {
  const t = useT();
  const meta = PAGE_META[path];
  usePageTitle(meta?.title ?? 'brand.name');
  const description = meta ? t(meta.description) : '';
  useEffect(() => {
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [description]);
}
