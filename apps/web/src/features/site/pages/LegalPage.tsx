import type { Market } from '@lend/domain';
import type { ReactNode } from 'react';
import type { LegalText } from '../legal/legal-document';
import { LegalDocumentView } from '../legal/LegalDocumentView';
import { usePageMeta } from '../use-page-meta';

/** A legal text as a site page; `market`, when the text differs by market, the one it is shown for. */
export function LegalPage({ path, text, market, children }: { path: string; text: LegalText; market?: Market; children?: ReactNode }) {
  usePageMeta(path);
  return (
    <article className="site-page">
      {children}
      <LegalDocumentView text={text} titleLevel={1} sectionLevel={2} {...(market ? { market } : {})} />
    </article>
  );
}
