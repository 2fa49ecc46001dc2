import type { LegalText } from '../legal/legal-document';
import { LegalDocumentView } from '../legal/LegalDocumentView';
import { usePageMeta } from '../use-page-meta';

export function LegalPage({ path, text }: { path: string; text: LegalText }) {
  usePageMeta(path);
  return (
    <article className="site-page">
      <LegalDocumentView text={text} titleLevel={1} sectionLevel={2} />
    </article>
  );
}
